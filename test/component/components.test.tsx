import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  Button,
  EmptyState,
  Menu,
  SegmentedControl,
  Select,
  TextArea,
  TextField,
} from '../../src/renderer/components';

function Switch({ onChange }: { onChange?: (v: string) => void }) {
  const [v, setV] = useState<'a' | 'b' | 'c'>('a');
  return (
    <SegmentedControl
      label="Mode"
      value={v}
      segments={[
        { value: 'a', label: 'Alpha' },
        { value: 'b', label: 'Beta' },
        { value: 'c', label: 'Gamma' },
      ]}
      onChange={(x) => {
        setV(x);
        onChange?.(x);
      }}
    />
  );
}

describe('the shared components', () => {
  it('SegmentedControl is one radio group with one tab stop; arrows, Home and End choose', async () => {
    const user = userEvent.setup();
    const seen: string[] = [];
    render(
      <>
        <Button>Before</Button>
        <Switch onChange={(v) => seen.push(v)} />
        <Button>After</Button>
      </>,
    );
    const group = screen.getByRole('radiogroup', { name: 'Mode' });
    expect(group).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Alpha' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Before' }));
    await user.tab();
    expect(screen.getByRole('radio', { name: 'Alpha' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Beta' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Beta' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('radio', { name: 'Gamma' })).toBeChecked();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Alpha' })).toBeChecked();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('radio', { name: 'Gamma' })).toBeChecked();
    // one tab stop: Tab leaves the group
    await user.tab();
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();
    expect(seen).toEqual(['b', 'c', 'a', 'c']);
  });

  it('Menu opens by keyboard on its first item, moves with arrows, chooses with Enter and gives focus back; Escape closes', async () => {
    const user = userEvent.setup();
    const picked = vi.fn();
    render(
      <Menu
        label="More actions for Night drive"
        items={[
          { label: 'Extend', onSelect: () => picked('extend') },
          { label: 'Trim', onSelect: () => picked('trim'), disabled: true },
          { label: 'Hidden', onSelect: () => picked('hidden'), hidden: true },
          { label: 'Delete', onSelect: () => picked('delete'), danger: true },
        ]}
      />,
    );
    const button = screen.getByRole('button', { name: 'More actions for Night drive' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.tab();
    expect(button).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const items = screen.getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['Extend', 'Trim', 'Delete']);
    expect(items[0]).toHaveFocus();
    await user.keyboard('{ArrowDown}'); // skips the disabled Trim
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toHaveFocus();
    await user.keyboard('{ArrowDown}'); // wraps
    expect(screen.getByRole('menuitem', { name: 'Extend' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(picked).not.toHaveBeenCalled();

    await user.keyboard('{ArrowUp}'); // opens on the last item
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(picked).toHaveBeenCalledWith('delete');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('a click outside closes the menu without choosing', async () => {
    const user = userEvent.setup();
    const picked = vi.fn();
    render(
      <>
        <p>Outside</p>
        <Menu label="More" items={[{ label: 'Keep', onSelect: picked }]} />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'More' }));
    expect(screen.getByRole('menu', { name: 'More' })).toBeInTheDocument();
    await user.click(screen.getByText('Outside'));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(picked).not.toHaveBeenCalled();
  });

  it('the open menu follows its button when the page under it scrolls (a card growing as a take finishes): it stays open; it closes once the button has left the window', async () => {
    const user = userEvent.setup();
    render(
      <main>
        <div data-testid="scroller" style={{ overflow: 'auto' }}>
          <Menu label="More" items={[{ label: 'Keep', onSelect: () => undefined }]} />
        </div>
      </main>,
    );
    const button = screen.getByRole('button', { name: 'More' });
    let top = 100;
    button.getBoundingClientRect = () =>
      ({ top, bottom: top + 30, left: 500, right: 530, width: 30, height: 30 }) as DOMRect;
    await user.click(button);
    const menu = screen.getByRole('menu', { name: 'More' });
    expect(menu.style.top).toBe('134px');
    // scroll anchoring as the layout settles: the list moves with the button
    top = 60;
    act(() => {
      fireEvent.scroll(screen.getByTestId('scroller'));
    });
    expect(screen.getByRole('menu', { name: 'More' }).style.top).toBe('94px');
    top = -200;
    act(() => {
      fireEvent.scroll(screen.getByTestId('scroller'));
    });
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('the open menu is inside the landmark its button is in (axe `region`), not loose in the body', async () => {
    const user = userEvent.setup();
    render(
      <main>
        <Menu label="More" items={[{ label: 'Keep', onSelect: () => undefined }]} />
      </main>,
    );
    await user.click(screen.getByRole('button', { name: 'More' }));
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('menu', { name: 'More' }));
  });

  it('fields name their control and describe it with their hint and error', () => {
    render(
      <>
        <TextField label="Title" hint="Up to 80 characters" error="Too long." />
        <TextArea label="Lyrics" hint="12 words" grow value="" onChange={() => undefined} />
        <Select
          label="Model"
          value="b"
          onChange={() => undefined}
          options={[
            { value: 'a', label: 'A' },
            { value: 'b', label: 'B' },
          ]}
        />
      </>,
    );
    const title = screen.getByLabelText('Title');
    expect(title).toHaveAccessibleDescription('Up to 80 characters Too long.');
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Too long.');
    expect(screen.getByLabelText('Lyrics')).toHaveAccessibleDescription('12 words');
    expect(screen.getByLabelText('Model')).toHaveValue('b');
  });

  it('Button variants and EmptyState', () => {
    render(
      <>
        <Button variant="primary">Make cover</Button>
        <Button variant="ghost" size="small">
          Later
        </Button>
        <EmptyState title="No songs yet" action={<Button>Make your first song</Button>}>
          Describe a style on the left.
        </EmptyState>
      </>,
    );
    expect(screen.getByRole('button', { name: 'Make cover' })).toHaveClass('button-primary');
    expect(screen.getByRole('button', { name: 'Make cover' })).toHaveAttribute('type', 'button');
    expect(screen.getByRole('button', { name: 'Later' })).toHaveClass(
      'button-ghost',
      'button-small',
    );
    expect(screen.getByRole('note', { name: 'No songs yet' })).toHaveTextContent(
      'Describe a style on the left.',
    );
  });
});

import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import {
  ItemPicker,
  PICKER_SHOWN,
  type PickerItem,
} from '../../src/renderer/components/ItemPicker';
import { pickerTitles } from './support/picker';
import { iso } from '../support/bidi';

const many = (n: number): PickerItem[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `itm_${i}`,
    title: `${i % 2 ? 'Neon river' : 'Ghost road'} ${i}`,
    detail: 'Song · 2:00',
  }));

function Harness({ items, clear }: { items: PickerItem[]; clear?: string }) {
  const [value, setValue] = useState('');
  const [escapes, setEscapes] = useState(0);
  return (
    // a panel or dialog around the picker that closes on Escape
    <div
      onKeyDown={(e) => {
        if (e.key === 'Escape') setEscapes((n) => n + 1);
      }}
    >
      <ItemPicker
        label="Library song"
        noun="songs"
        items={items}
        value={value}
        onChange={setValue}
        {...(clear ? { clearLabel: clear } : {})}
      />
      <output aria-label="chosen">{value}</output>
      <output aria-label="escapes reaching the panel">{escapes}</output>
    </div>
  );
}

describe('ItemPicker', () => {
  it('offers 50,000 items with only a few in the page; typing narrows by every word, in order', async () => {
    const user = userEvent.setup();
    render(<Harness items={many(50_000)} />);
    const field = screen.getByRole('combobox', { name: 'Library song' });
    expect(field).toHaveAttribute('placeholder', 'Search 50,000 songs…');
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.click(field);
    expect(screen.getAllByRole('option')).toHaveLength(PICKER_SHOWN);
    expect(screen.getByText('50,000 songs — showing 8; type to narrow.')).toBeInTheDocument();
    await user.type(field, 'RIVER 4999');
    expect(pickerTitles()).toEqual(
      [4999, 14999, 24999, 34999, 44999, 49991, 49993, 49995].map((n) => `Neon river ${n}`),
    );
    expect(screen.getByText('10 songs match — showing 8; type to narrow.')).toBeInTheDocument();
    await user.type(field, '9');
    expect(pickerTitles()).toEqual(['Neon river 49999']);
    expect(screen.getByText('One match.')).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, 'river ghost');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByText(`No songs match “${iso('river ghost')}”.`)).toBeInTheDocument();
  });

  it('is used from the keyboard: arrows move (and wrap), Enter picks, Escape closes only the list', async () => {
    const user = userEvent.setup();
    render(<Harness items={many(3)} clear="Use a link instead" />);
    const field = screen.getByRole('combobox', { name: 'Library song' });
    await user.tab();
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('aria-expanded', 'true');
    const active = () => document.getElementById(field.getAttribute('aria-activedescendant')!);
    expect(active()).toHaveTextContent('Ghost road 0');
    await user.keyboard('{ArrowUp}');
    expect(active()).toHaveTextContent('Ghost road 2');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(active()).toHaveTextContent('Neon river 1');
    expect(active()).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('status', { name: 'chosen' })).toHaveTextContent('itm_1');
    expect(field).toHaveValue('Neon river 1');
    expect(field).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('Song · 2:00')).toBeInTheDocument();

    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByRole('status', { name: 'escapes reaching the panel' })).toHaveTextContent(
      '0',
    );
    // closed, Escape is the panel's again
    await user.keyboard('{Escape}');
    expect(screen.getByRole('status', { name: 'escapes reaching the panel' })).toHaveTextContent(
      '1',
    );
    await user.click(screen.getByRole('button', { name: 'Use a link instead' }));
    expect(screen.getByRole('status', { name: 'chosen' })).toHaveTextContent('');
    expect(field).toHaveValue('');
  });

  it('picks with the mouse, and the field keeps focus for the next search', async () => {
    const user = userEvent.setup();
    render(<Harness items={many(20)} />);
    const field = screen.getByRole('combobox', { name: 'Library song' });
    await user.click(field);
    await user.type(field, 'ghost 1');
    await user.click(within(screen.getByRole('listbox')).getByText('Ghost road 14'));
    expect(screen.getByRole('status', { name: 'chosen' })).toHaveTextContent('itm_14');
    expect(field).toHaveFocus();
    // the chosen title was selected: typing replaces it
    await user.keyboard('neon 3');
    expect(field).toHaveValue('neon 3');
    expect(pickerTitles()).toEqual(['Neon river 3', 'Neon river 13']);
  });
});

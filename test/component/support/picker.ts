/** Drives an ItemPicker the way a creator does: focus the field, type, click the match. */
import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** The options the open picker lists, by their titles (the detail line left out). */
export function pickerTitles(): string[] {
  const list = screen.queryByRole('listbox');
  if (!list) return [];
  return within(list)
    .queryAllByRole('option')
    .map((o) => o.querySelector('.picker-title')?.textContent ?? '');
}

/** Types `typed` (the title by default) into the picker named `label` and clicks the item titled `title`. */
export async function pickItem(
  user: UserEvent,
  scope: HTMLElement,
  label: string | RegExp,
  title: string,
  typed = title,
): Promise<void> {
  const field = await within(scope).findByRole('combobox', { name: label });
  await user.click(field);
  await user.type(field, typed);
  const list = await screen.findByRole('listbox');
  const option = within(list)
    .getAllByRole('option')
    .find((o) => o.querySelector('.picker-title')?.textContent === title);
  if (!option) throw new Error(`no option titled “${title}”; listed: ${pickerTitles().join(', ')}`);
  await user.click(option);
}

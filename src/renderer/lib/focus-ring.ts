/**
 * Focus a field for someone and show that it has focus. Focus placed by code (not by a key)
 * draws no :focus-visible ring in Chromium, so the field gets `focus-ring` until it loses focus
 * (styles.css draws the same ring for it); browsers that know `focusVisible` are told as well.
 */
export function focusWithRing(el: HTMLElement): void {
  el.classList.add('focus-ring');
  el.addEventListener('blur', () => el.classList.remove('focus-ring'), { once: true });
  el.focus({ focusVisible: true } as FocusOptions);
}

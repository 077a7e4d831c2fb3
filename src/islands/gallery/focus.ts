/** Focus handling shared by the full-screen dialogs (the gallery's and the spin viewer's). */

/**
 * Tab from the last control goes to the first, Shift+Tab from the first to the last: the page behind
 * is inert anyway, and this keeps focus from leaving for the browser's own controls.
 */
export function keepFocusInside(dialog: HTMLElement, event: KeyboardEvent): void {
  const focusable = [...dialog.querySelectorAll<HTMLElement>('button, [href], video[controls], [tabindex]:not([tabindex="-1"])')].filter(
    (el) => !el.hidden && !(el as HTMLButtonElement).disabled && el.getClientRects().length > 0,
  );
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * Whether a click is a plain press of the main button, one a page may take over (to open a dialog instead
 * of following a link, or to download instead of opening a tab). A click with a modifier key or another
 * button asks the browser for something of its own (a new tab or window, saving the link) and is left to
 * it. Browser-safe.
 */
export function isPlainClick(event: Pick<MouseEvent, 'button' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey'>): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * The header's dropdowns (native `<details>`, so they open without JavaScript too) made to behave like a
 * menu bar: one open at a time, closed by a click outside, by Escape (focus goes back to its button) or
 * by its own button, and, on sites that ask for it (`menu.dropdownOnHover`), opened by hovering with a
 * mouse on wide screens. Keyboard users open them with Enter or Space on the button, as any disclosure.
 * Browser-only.
 */

/** Hover opens dropdowns only where there is a mouse and room for the bar (the md breakpoint). */
const HOVER_MEDIA = '(hover: hover) and (pointer: fine) and (min-width: 768px)';
/** Moving the mouse from the button into the list crosses a small gap: wait this long before closing. */
const HOVER_CLOSE_DELAY_MS = 150;

export function initMenus(root: HTMLElement): void {
  const dropdowns = [...root.querySelectorAll<HTMLDetailsElement>('details[data-dropdown]')];
  if (dropdowns.length === 0) return;
  const closeOthers = (keep: HTMLDetailsElement | null) => {
    for (const other of dropdowns) if (other !== keep && other.open) other.open = false;
  };

  for (const dropdown of dropdowns) {
    // The button states whether its panel is open (the disclosure pattern), for every way it opens or closes.
    const button = dropdown.querySelector('summary');
    button?.setAttribute('aria-expanded', String(dropdown.open));
    dropdown.addEventListener('toggle', () => {
      button?.setAttribute('aria-expanded', String(dropdown.open));
      if (dropdown.open) closeOthers(dropdown);
    });
  }

  document.addEventListener('click', (event) => {
    const inside = dropdowns.find((d) => d.contains(event.target as Node));
    closeOthers(inside ?? null);
  });

  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    const open = dropdowns.find((d) => d.open);
    if (!open) return;
    open.open = false;
    open.querySelector('summary')?.focus();
  });

  // Focus leaving a dropdown (Tab past its last link) closes it, so it never hides the page behind it.
  for (const dropdown of dropdowns) {
    dropdown.addEventListener('focusout', (event) => {
      const next = (event as FocusEvent).relatedTarget as Node | null;
      if (next && !dropdown.contains(next)) dropdown.open = false;
    });
  }

  if (root.dataset.dropdownHover !== 'true') return;
  const hover = window.matchMedia(HOVER_MEDIA);
  for (const dropdown of dropdowns) {
    let closing: ReturnType<typeof setTimeout> | undefined;
    // A click on the button of a dropdown the mouse has just opened keeps it open (the shopper meant to
    // open it); the next click closes it, as on a click site.
    let openedByHover = false;
    dropdown.querySelector('summary')?.addEventListener('click', (event) => {
      if (openedByHover && dropdown.open) event.preventDefault();
      openedByHover = false;
    });
    dropdown.addEventListener('pointerenter', (event) => {
      if (!hover.matches || event.pointerType !== 'mouse') return;
      clearTimeout(closing);
      if (!dropdown.open) openedByHover = true;
      dropdown.open = true;
    });
    dropdown.addEventListener('pointerleave', (event) => {
      if (!hover.matches || event.pointerType !== 'mouse') return;
      closing = setTimeout(() => {
        dropdown.open = false;
        openedByHover = false;
      }, HOVER_CLOSE_DELAY_MS);
    });
  }
}

/**
 * `client:request="<dialog id>"`: hydrates a form dialog's island only when the shopper reaches for one of
 * its openers (the links marked `data-form-dialog="<dialog id>"`): a pointer pressed on one, focus on one,
 * or a click. Until then the page runs none of the dialog's code, which keeps it out of the work done while
 * the page loads.
 *
 * A click that arrives before the island is ready is held: the link does not navigate, it is marked
 * `data-form-dialog-pending`, and the island opens its dialog for it as soon as it mounts (lead-form/FormDialog.tsx).
 * Clicks with a modifier key, or with another button, are left to the browser, as the island leaves them.
 * The island marks its dialog `data-ready` once it listens for clicks itself; from then on this steps aside.
 * Should the island's code fail to load, a held click follows its link after all.
 */
import type { ClientDirective } from 'astro';
import { isPlainClick } from '../../lib/plain-click.ts';

const onRequest: ClientDirective = (load, options, el) => {
  const id = String(options.value);
  const openers = `[data-form-dialog="${CSS.escape(id)}"]`;
  const openerOf = (event: Event) => (event.target instanceof Element ? event.target.closest<HTMLElement>(openers) : null);
  const ready = () => el.querySelector(`dialog[data-ready]`) !== null;

  let hydrating: Promise<void> | null = null;
  const hydrate = () => {
    // Astro reports a module that failed to load (after one retry) and hands back a hydrate that does
    // nothing, so success is read from the island itself: it drops `ssr` once hydrated.
    hydrating ??= load()
      .then((run) => run())
      .then(() => {
        if (el.hasAttribute('ssr')) throw new Error(`the ${id} dialog's code did not load`);
      })
      .catch((error: unknown) => {
        hydrating = null;
        throw error;
      });
    return hydrating;
  };
  const intent = (event: Event) => {
    // A failure here is tried again by the click, which has a way out.
    if (openerOf(event)) hydrate().catch(() => {});
  };
  const click = (event: MouseEvent) => {
    const opener = openerOf(event);
    if (!opener || ready()) return;
    if (event.defaultPrevented || !isPlainClick(event)) return;
    event.preventDefault();
    for (const other of document.querySelectorAll<HTMLElement>('[data-form-dialog-pending]')) delete other.dataset.formDialogPending;
    opener.dataset.formDialogPending = '';
    // Should the dialog's code not arrive (a dropped connection), the link does what it does without
    // JavaScript: it goes to the form's own page or section.
    hydrate().catch(() => {
      delete opener.dataset.formDialogPending;
      if (opener instanceof HTMLAnchorElement) window.location.assign(opener.href);
    });
  };

  document.addEventListener('pointerdown', intent, { capture: true, passive: true });
  document.addEventListener('focusin', intent, { capture: true });
  document.addEventListener('click', click, { capture: true });
};

export default onRequest;

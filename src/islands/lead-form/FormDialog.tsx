/**
 * A lead form in a modal dialog (Enquire Now, the two-step test drive, Finance Enquiry on a vehicle
 * page). Its openers are ordinary links elsewhere on the page, marked `data-form-dialog="<id>"`:
 * without JavaScript they go to the form's own page or section; with it, a click opens the dialog
 * instead. The island hydrates only when the shopper reaches for an opener (`client:request`, in
 * ../directives/request.ts), so a click may come first: it is held, and answered when the island
 * mounts. The form is loaded and mounted when the dialog first opens, focus moves to its heading,
 * Escape or the close button closes it, and focus returns to the link that opened it.
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { FormSpec } from '../../forms/definitions.ts';
import { isPlainClick } from '../../lib/plain-click.ts';

// The form (and its validation) loads when a dialog first opens, not with the page.
const LeadForm = lazy(() => import('./LeadForm.tsx'));

export interface FormDialogProps {
  /** Dialog id; openers carry `data-form-dialog` with it. */
  id: string;
  spec: FormSpec;
}

export default function FormDialog({ id, spec }: FormDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const [opened, setOpened] = useState(false);
  const focusHeading = () => document.getElementById(`${spec.id}-heading`)?.focus();

  useEffect(() => {
    const open = (link: HTMLElement) => {
      opener.current = link;
      setOpened(true);
      if (!dialog.current?.open) dialog.current?.showModal();
      // Once the form has loaded, the shopper starts at its heading (a phone keeps its keyboard down).
      focusHeading();
    };
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || !isPlainClick(event)) return;
      const link = (event.target as Element | null)?.closest?.(`[data-form-dialog="${id}"]`);
      if (!(link instanceof HTMLElement)) return;
      event.preventDefault();
      open(link);
    };
    document.addEventListener('click', onClick);
    // The island hydrates when the shopper reaches for an opener (client:request): a click that came first
    // was held for it, and is answered now.
    dialog.current?.setAttribute('data-ready', '');
    const pending = document.querySelector<HTMLElement>(`[data-form-dialog="${CSS.escape(id)}"][data-form-dialog-pending]`);
    if (pending) {
      delete pending.dataset.formDialogPending;
      open(pending);
    }
    return () => document.removeEventListener('click', onClick);
  }, [id]);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const onClose = () => opener.current?.focus();
    element.addEventListener('close', onClose);
    return () => element.removeEventListener('close', onClose);
  }, []);

  const close = (
    <button
      type="button"
      onClick={() => dialog.current?.close()}
      className="float-right -mr-2 -mt-2 inline-flex min-h-11 min-w-11 items-center justify-center rounded text-2xl text-slate-700 hover:bg-slate-100"
      aria-label="Close"
    >
      <span aria-hidden="true">×</span>
    </button>
  );

  return (
    <dialog
      ref={dialog}
      id={id}
      aria-labelledby={`${spec.id}-heading`}
      className="m-auto max-h-[92vh] w-[min(40rem,calc(100vw-1.5rem))] overflow-y-auto rounded-lg bg-white p-5 text-slate-900 shadow-xl backdrop:bg-slate-900/60 sm:p-8"
    >
      {opened && (
        <Suspense fallback={<p role="status" className="py-8 text-center text-slate-700">{close}Loading the form…</p>}>
          <LeadForm spec={spec} headingLevel={1} before={close} onReady={focusHeading} />
        </Suspense>
      )}
    </dialog>
  );
}

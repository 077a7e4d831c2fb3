/**
 * A lead form in a modal dialog (Enquire Now, the two-step test drive, Finance Enquiry on a vehicle
 * page). Its openers are ordinary links elsewhere on the page, marked `data-form-dialog="<id>"`:
 * without JavaScript they go to the form's own page or section; with it, a click opens the dialog
 * instead. The island hydrates only when the shopper reaches for an opener (`client:request`, in
 * ../directives/request.ts), so a click may come first: it is held, and answered when the island
 * mounts. The form is loaded and mounted when the dialog first opens, focus moves to its heading,
 * Escape or the close button closes it, and focus returns to the link that opened it.
 *
 * The forms' specs are not the islands' props: the page holds them in one JSON data block
 * ({@link FORM_DIALOG_SPECS_ID}), read when a dialog first opens. As props, Astro wrapped every value,
 * escaped them into an attribute and hashed them with the island's markup, dialog by dialog: most of the
 * props a vehicle page carried, and a good part of its render, for forms most shoppers never open.
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { FormSpec } from '../../forms/definitions.ts';
import { isPlainClick } from '../../lib/plain-click.ts';
import { dataBlockText } from '../../lib/text.ts';
import { dataBlock } from '../data-block-props.ts';

// The form (and its validation) loads when a dialog first opens, not with the page.
const LeadForm = lazy(() => import('./LeadForm.tsx'));

/** The id of the data block a page holds its dialogs' form specs in. */
export const FORM_DIALOG_SPECS_ID = 'form-dialog-specs';

/** The text of the data block (id {@link FORM_DIALOG_SPECS_ID}): each dialog's form spec, by dialog id. */
export function formDialogSpecsText(dialogs: ReadonlyArray<{ id: string; spec: FormSpec }>): string {
  return dataBlockText(Object.fromEntries(dialogs.map((d) => [d.id, d.spec])));
}

function specOfDialog(id: string): FormSpec {
  const spec = dataBlock<Record<string, FormSpec>>(FORM_DIALOG_SPECS_ID)?.[id];
  if (!spec) throw new Error(`the form dialog #${id} has no spec: the page's #${FORM_DIALOG_SPECS_ID} block does not hold one`);
  return spec;
}

export interface FormDialogProps {
  /** Dialog id; openers carry `data-form-dialog` with it, and the page's specs block holds its form under it. */
  id: string;
  /** The id of the dialog's form (its heading is `<form>-heading`). */
  form: string;
}

export default function FormDialog({ id, form }: FormDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const [spec, setSpec] = useState<FormSpec | null>(null);
  const loaded = useRef<FormSpec | null>(null);
  const focusHeading = () => document.getElementById(`${form}-heading`)?.focus();

  useEffect(() => {
    const open = (link: HTMLElement) => {
      opener.current = link;
      setSpec((loaded.current ??= specOfDialog(id)));
      if (!dialog.current?.open) dialog.current?.showModal();
      // Once the form has loaded, the shopper starts at its heading (a phone keeps its keyboard down).
      focusHeading();
    };
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || !isPlainClick(event)) return;
      const link = (event.target as Element | null)?.closest?.(`[data-form-dialog="${id}"]`);
      if (!(link instanceof HTMLElement)) return;
      // Read before the click is taken: on a page whose block lacks the spec, the link goes to the form's page.
      loaded.current ??= specOfDialog(id);
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
      aria-labelledby={`${form}-heading`}
      className="m-auto max-h-[92vh] w-[min(40rem,calc(100vw-1.5rem))] overflow-y-auto rounded-lg bg-white p-5 text-slate-900 shadow-xl backdrop:bg-slate-900/60 sm:p-8"
    >
      {spec && (
        <Suspense fallback={<p role="status" className="py-8 text-center text-slate-700">{close}Loading the form…</p>}>
          <LeadForm spec={spec} headingLevel={1} before={close} onReady={focusHeading} />
        </Suspense>
      )}
    </dialog>
  );
}

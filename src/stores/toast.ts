/**
 * The page's toast: one at a time (a new one replaces the one showing), removed after its time unless the
 * shopper is reading it (hovered or focused), or when closed. Not persisted: a toast belongs to the page.
 */
import { atom } from 'nanostores';

export interface Toast {
  id: number;
  title: string;
  message?: string;
  /** A link offered with the toast ('View List'). */
  action?: { label: string; href: string };
  /** `error` is announced at once (role=alert) and stays until closed. */
  tone: 'info' | 'error';
  /** How long it shows; null: until closed or replaced. */
  durationMs: number | null;
}

/** How long a toast with an action shows: long enough to read it and reach its link. */
export const TOAST_MS = 10_000;

export const $toast = atom<Toast | null>(null);

let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;
let held = false;

function schedule(toast: Toast): void {
  clearTimeout(timer);
  timer = undefined;
  if (toast.durationMs !== null && !held) timer = setTimeout(() => dismissToast(toast.id), toast.durationMs);
}

/** Shows a toast in place of any other; returns its id. */
export function showToast(toast: Omit<Toast, 'id'>): number {
  const shown = { ...toast, id: nextId++ };
  held = false;
  $toast.set(shown);
  schedule(shown);
  return shown.id;
}

/** Removes the toast (only that one, when an id is given: a later toast is not closed by an earlier timer). */
export function dismissToast(id?: number): void {
  const current = $toast.get();
  if (!current || (id !== undefined && current.id !== id)) return;
  clearTimeout(timer);
  timer = undefined;
  held = false;
  $toast.set(null);
}

/** Keeps the toast while the shopper points at it or has focus in it. */
export function holdToast(): void {
  held = true;
  clearTimeout(timer);
  timer = undefined;
}

/** Lets a held toast go: it shows for its full time again from now. */
export function releaseToast(): void {
  held = false;
  const current = $toast.get();
  if (current) schedule(current);
}

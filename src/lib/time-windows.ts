/**
 * Shows and hides what runs for a limited time (offers) by the shopper's clock, so a page built before
 * an offer started or after it ended is right when it is read. The page renders everything for its
 * build time (`hidden` where it does not apply then) and marks it up with the bounds as epoch
 * milliseconds (`data-window-start`, `data-window-end`; either may be absent: open-ended):
 *
 * - `[data-window="group"]` with bounds: shown only inside its window (an offer card);
 * - `[data-window-empty="group"]`: shown only while no window of that group is (the empty-offers card);
 * - `[data-window-phases]` with bounds: its `[data-phase="before" | "during" | "after"]` descendants
 *   show only in that phase (an offer's own page: 'starts on', the enquiry form, 'has ended').
 *
 * Browser-only; runs at load and every minute after.
 */
import { windowPhase, type WindowPhase } from '../rules/promo-window.ts';

function bound(value: string | undefined): number | null {
  if (value === undefined || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

function phaseOf(element: HTMLElement, now: number): WindowPhase {
  return windowPhase(bound(element.dataset.windowStart), bound(element.dataset.windowEnd), now);
}

/** Applies the shopper's clock to every window under `root`. */
export function applyTimeWindows(root: ParentNode, now: number): void {
  const open = new Map<string, number>();
  for (const element of root.querySelectorAll<HTMLElement>('[data-window]')) {
    const shown = phaseOf(element, now) === 'during';
    element.hidden = !shown;
    const group = element.dataset.window ?? '';
    open.set(group, (open.get(group) ?? 0) + (shown ? 1 : 0));
  }
  for (const element of root.querySelectorAll<HTMLElement>('[data-window-empty]')) {
    element.hidden = (open.get(element.dataset.windowEmpty ?? '') ?? 0) > 0;
  }
  for (const element of root.querySelectorAll<HTMLElement>('[data-window-phases]')) {
    const phase = phaseOf(element, now);
    for (const part of element.querySelectorAll<HTMLElement>('[data-phase]')) part.hidden = part.dataset.phase !== phase;
  }
}

/** How often an open page looks at the clock again. */
export const TIME_WINDOW_REFRESH_MS = 60_000;

export function startTimeWindows(doc: Document = document): void {
  applyTimeWindows(doc, Date.now());
  setInterval(() => applyTimeWindows(doc, Date.now()), TIME_WINDOW_REFRESH_MS);
}

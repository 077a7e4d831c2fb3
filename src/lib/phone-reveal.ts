/**
 * Reveal-on-click phone numbers (spec 4, "Call block"; spec 7, the phone-reveal request). Where a
 * site masks the dealer's number, each place that shows it is a native `<details data-phone-reveal>`:
 * its summary shows the masked number and its content the full number as a `tel:` link, so a
 * shopper without JavaScript opens it and calls. This script records the reveal: the first time a
 * number is opened it sends `{ car_id, dealership_id, website_id }` to the site's runtime API
 * (`sendRecord`, which never throws: a failed record is not the shopper's problem, spec 8), opens
 * every other place showing the same number, and turns links to the call block (`#call-dealer`,
 * e.g. the mobile bar's Call Now) into calls. Browser-safe.
 */
import { sendRecord } from './runtime-api.ts';

/** Path of the phone-reveal request on the site's runtime API. */
export const PHONE_REVEAL_PATH = '/api/phone-reveal';

/** Id of the vehicle page's call block; Call Now links elsewhere on a masking page point at it. */
export const CALL_BLOCK_ID = 'call-dealer';

/** What a phone reveal records (spec 7). A page without a vehicle sends no car_id. */
export interface PhoneRevealRecord {
  car_id?: number;
  dealership_id?: number | string;
  /** The site the shopper is on (its slug: the runtime API identifies sites by slug). */
  website_id: string;
}

const SELECTOR = 'details[data-phone-reveal]';

/** The `tel:` link a reveal control holds, which is also the key of its number. */
function telOf(details: Element): string | null {
  return details.querySelector('a[href^="tel:"]')?.getAttribute('href') ?? null;
}

function recordOf(details: HTMLElement): PhoneRevealRecord | null {
  try {
    const value: unknown = JSON.parse(details.dataset.phoneRecord ?? '');
    return value !== null && typeof value === 'object' ? (value as PhoneRevealRecord) : null;
  } catch {
    return null;
  }
}

const started = new WeakSet<Document>();

/**
 * Wires every reveal control on the page, once per document; a control the shopper opened before
 * the script ran is recorded at once.
 */
export function initPhoneReveal(doc: Document = document): void {
  if (started.has(doc)) return;
  started.add(doc);
  const recorded = new Set<string>();
  const all = () => [...doc.querySelectorAll<HTMLDetailsElement>(SELECTOR)];

  const revealed = (details: HTMLDetailsElement) => {
    const tel = telOf(details);
    if (!tel || recorded.has(tel)) return;
    recorded.add(tel);
    const record = recordOf(details);
    const url = details.dataset.phoneReveal;
    if (record && url) sendRecord(url, record);
    // One number, one reveal: every place showing it opens, and Call Now links start the call.
    for (const other of all()) if (!other.open && telOf(other) === tel) other.open = true;
    for (const link of doc.querySelectorAll<HTMLAnchorElement>(`a[href="#${CALL_BLOCK_ID}"]`)) link.href = tel;
  };

  for (const details of all()) {
    details.addEventListener('toggle', () => {
      if (!details.open) return;
      const opener = doc.activeElement;
      revealed(details);
      // The summary hides once open: keep the keyboard where the shopper was, on the number.
      if (opener instanceof HTMLElement && details.contains(opener)) details.querySelector<HTMLAnchorElement>('a[href^="tel:"]')?.focus();
    });
    if (details.open) revealed(details);
  }

  // A Call Now link to the call block (before the reveal) shows the number there as it scrolls to it.
  doc.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest?.(`a[href="#${CALL_BLOCK_ID}"]`);
    if (!link) return;
    const block = doc.getElementById(CALL_BLOCK_ID);
    const details = block?.matches(SELECTOR) ? (block as HTMLDetailsElement) : block?.querySelector<HTMLDetailsElement>(SELECTOR);
    if (details && !details.open) details.open = true;
  });
}

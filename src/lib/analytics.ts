/**
 * The one way pages and islands report analytics: each spec event id is pushed to the tag
 * manager's `window.dataLayer`. No third-party script is needed for a page to work: without a tag
 * manager on the page the event is dropped with a console warning, never an error.
 */

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** The dataLayer entry of a spec event. */
export interface AnalyticsEvent {
  event: 'dealer_event';
  eventId: number;
  [key: string]: unknown;
}

function push(entry: Record<string, unknown>): boolean {
  if (typeof window === 'undefined') return false;
  if (!Array.isArray(window.dataLayer)) {
    console.warn(`Analytics: no tag manager on this page, so "${String(entry.event)}" was not recorded.`);
    return false;
  }
  try {
    window.dataLayer.push(entry);
    return true;
  } catch (error) {
    console.warn('Analytics: the tag manager refused an event.', error);
    return false;
  }
}

/** Records spec event `eventId` (e.g. 22 for an enquiry) with optional detail. */
export function track(eventId: number, detail: Record<string, unknown> = {}): boolean {
  return push({ event: 'dealer_event', eventId, ...detail } satisfies AnalyticsEvent);
}

/** Records a conversion: a lead the dealer received. */
export function trackConversion(detail: { form: string; lead_id: number | string; category: string }): boolean {
  return push({ event: 'conversion', ...detail });
}

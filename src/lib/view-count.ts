/**
 * A vehicle page's view (spec 7: `GET {api}/cars/{slug}/view.json?photos_count&updated_at&website_id`):
 * asked once per page view, which counts the view; where the page shows a view count, the answer's
 * `views` replaces the count the page was built with. A failed or null answer keeps the built count.
 * Browser-safe.
 */
import { withThousands } from '../rules/formatting.ts';
import { apiUrl, requestJson } from './runtime-api.ts';

/** The view request of a vehicle on a site. */
export function viewCountUrl(baseUrl: string, vehicle: { slug: string; photosCount: number; updatedAt: string | null }, site: string): string {
  const query = new URLSearchParams({ website_id: site, photos_count: String(vehicle.photosCount), updated_at: vehicle.updatedAt ?? '' });
  return `${apiUrl(baseUrl, `/api/cars/${encodeURIComponent(vehicle.slug)}/view.json`)}?${query}`;
}

/** The count to show from the server's answer, or null to keep the built one. */
export function viewsFrom(answer: unknown): number | null {
  if (typeof answer !== 'object' || answer === null) return null;
  const { views } = answer as { views?: unknown };
  return Number.isSafeInteger(views) && (views as number) > 0 ? (views as number) : null;
}

const counted = new WeakSet<Element>();

export function initViewCount(doc: Document = document): void {
  for (const element of doc.querySelectorAll<HTMLElement>('[data-vehicle-views]')) {
    if (counted.has(element)) continue;
    counted.add(element);
    const url = element.dataset.vehicleViews;
    if (!url) continue;
    void requestJson<unknown>(url).then((answer) => {
      const views = answer.ok ? viewsFrom(answer.data) : null;
      const number = element.querySelector('[data-views-number]');
      if (views !== null && number) number.textContent = withThousands(views);
    });
  }
}

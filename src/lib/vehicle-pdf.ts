/**
 * The vehicle PDF on the site's runtime API (spec 7, "PDF blob by slug"): its address, and the
 * page's download of it (spec 4: 'Preparing...' while it downloads; spec 8: a browser alert with
 * the error message when it fails). Browser-safe.
 */
import { API_UNREACHABLE_MESSAGE, apiUrl } from './runtime-api.ts';
import { saveFile } from './save-file.ts';

/** The route, as the API registers it. */
export const VEHICLE_PDF_ROUTE = '/api/cars/:slug/pdf';

/** What the print link says while the PDF downloads (spec 4). */
export const PREPARING_TEXT = 'Preparing...';

/** The PDF of a vehicle on a site: `{api base}/api/cars/{slug}/pdf?site={site slug}`. */
export function vehiclePdfUrl(baseUrl: string, vehicleSlug: string, siteSlug: string): string {
  return `${apiUrl(baseUrl, `/api/cars/${encodeURIComponent(vehicleSlug)}/pdf`)}?site=${encodeURIComponent(siteSlug)}`;
}

export type DownloadResult = { ok: true } | { ok: false; message: string };

/**
 * Fetches a file and saves it under `filename`, as a click on a download link would, but telling
 * the caller whether it worked: a failed answer's own message (`{ error }`) or, with none, why.
 * Never throws.
 */
export async function downloadFile(url: string, filename: string, options: { fetch?: typeof fetch; doc?: Document } = {}): Promise<DownloadResult> {
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(url, { credentials: 'same-origin' });
  } catch {
    return { ok: false, message: API_UNREACHABLE_MESSAGE };
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
    const message = typeof body?.error === 'string' && body.error.trim() !== '' ? body.error : `The download failed (${response.status}). Please try again.`;
    return { ok: false, message };
  }
  let blob: Blob;
  try {
    blob = await response.blob();
  } catch {
    return { ok: false, message: API_UNREACHABLE_MESSAGE };
  }
  saveFile(blob, filename, options.doc ?? document);
  return { ok: true };
}

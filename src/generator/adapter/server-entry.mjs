import { createApp } from 'astro/app/entrypoint';

const app = createApp({ streaming: false });

/**
 * The style Astro writes before a page's first island. It lands in <body>, where HTML allows a <style>
 * only as the first child of its parent, so the rule lives in the site's stylesheet (src/styles/global.css)
 * and this copy is taken out of every page.
 */
const ISLAND_STYLE = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';

const ISLAND_STYLE_BYTES = Buffer.from(ISLAND_STYLE);

/**
 * Renders one request through the compiled Astro app to the bytes of its body: what the generator writes
 * to a file, never decoded to text and encoded again (that round trip through a Response cost about as
 * much as rendering a 100 KB vehicle page).
 * `locals` must be a fresh object per request: Astro passes it by reference.
 * @param {Request} request
 * @param {Record<string, unknown>} locals
 * @returns {Promise<{ status: number; body: Buffer }>}
 */
export async function render(request, locals) {
  const response = await app.render(request, { locals });
  const body = Buffer.from(await response.arrayBuffer());
  if (!(response.headers.get('content-type') ?? '').startsWith('text/html')) return { status: response.status, body };
  const at = body.indexOf(ISLAND_STYLE_BYTES);
  return { status: response.status, body: at < 0 ? body : Buffer.concat([body.subarray(0, at), body.subarray(at + ISLAND_STYLE_BYTES.length)]) };
}

/**
 * A vehicle page's similar-vehicles section as the page renders it (see src/render/similar-section.ts):
 * a running site replaces just that section in pages whose similar vehicles alone changed.
 */
export { similarSection } from '../../render/vehicle-cards.ts';

/**
 * The answers a search page's recorded searches get over the data in `locals` (see
 * src/render/search-page-answers.ts): a running site renders the page again only when they changed.
 */
export { searchPageAnswers } from '../../render/search-page-answers.ts';

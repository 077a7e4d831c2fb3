import { createApp } from 'astro/app/entrypoint';

const app = createApp({ streaming: false });

/**
 * The style Astro writes before a page's first island. It lands in <body>, where HTML allows a <style>
 * only as the first child of its parent, so the rule lives in the site's stylesheet (src/styles/global.css)
 * and this copy is taken out of every page.
 */
const ISLAND_STYLE = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';

/**
 * Renders one request through the compiled Astro app.
 * `locals` must be a fresh object per request: Astro passes it by reference.
 * @param {Request} request
 * @param {Record<string, unknown>} locals
 * @returns {Promise<Response>}
 */
export async function render(request, locals) {
  const response = await app.render(request, { locals });
  if (!(response.headers.get('content-type') ?? '').startsWith('text/html')) return response;
  const html = await response.text();
  return new Response(html.replace(ISLAND_STYLE, ''), { status: response.status, statusText: response.statusText, headers: response.headers });
}

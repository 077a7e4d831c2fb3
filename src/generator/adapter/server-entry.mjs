import { createApp } from 'astro/app/entrypoint';

const app = createApp({ streaming: false });

/**
 * Renders one request through the compiled Astro app.
 * `locals` must be a fresh object per request: Astro passes it by reference.
 * @param {Request} request
 * @param {Record<string, unknown>} locals
 * @returns {Promise<Response>}
 */
export function render(request, locals) {
  return app.render(request, { locals });
}

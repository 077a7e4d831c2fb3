/// <reference types="astro/client" />

declare namespace App {
  /** Per-request data: the site being rendered, its data, and the route. Set by the generator (or dev middleware). */
  interface Locals extends import('./views/render-locals.ts').RenderLocals {}
}

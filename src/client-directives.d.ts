// The project's own `client:` directive, registered in astro.config.mjs.
import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate when the shopper reaches for an opener of this dialog id (src/islands/directives/request.ts). */
    'client:request'?: string;
  }
}

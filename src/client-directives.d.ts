// The project's own `client:` directives, registered in astro.config.mjs.
import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate when the shopper reaches for an opener of this dialog id (src/islands/directives/request.ts). */
    'client:request'?: string;
    /** Hydrate once on screen and the page has loaded and gone idle (src/islands/directives/settled.ts). */
    'client:settled'?: boolean;
  }
}

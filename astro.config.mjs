// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import dealerSitesAdapter from './src/generator/adapter/integration.mjs';

// One compile serves every dealer: nothing site-specific belongs here.
// The site, its snapshot and the route arrive per request as Astro.locals.
export default defineConfig({
  output: 'server',
  adapter: dealerSitesAdapter(),
  integrations: [react()],
  trailingSlash: 'always',
  build: { format: 'directory', inlineStylesheets: 'never' },
  vite: { plugins: [tailwindcss()] },
  devToolbar: { enabled: false },
});

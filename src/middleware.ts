import { defineMiddleware } from 'astro:middleware';

// The generator passes the site, its data and the route as locals on every
// render. Only `npm run dev` arrives without them: it names the site in
// DEALER_SITE; the site is loaded once, and each request's path is looked up
// in its route manifest.
let devSite: Promise<import('./generator/dev-locals.ts').DevSite> | undefined;

export const onRequest = defineMiddleware(async (context, next) => {
  if ('site' in context.locals && context.locals.site) return next();
  if (!import.meta.env.DEV) throw new Error('Rendered without a site: the generator must pass { site, data, route, images, publicFiles, asOf } as locals.');
  const { DEV_IMAGE_PREFIX, loadDevSite } = await import('./generator/dev-locals.ts');
  devSite ??= loadDevSite(process.env.DEALER_SITE);
  const { locals, routes } = await devSite;
  const { pathname } = context.url;
  if (pathname.startsWith(DEV_IMAGE_PREFIX)) {
    const { readFile } = await import('node:fs/promises');
    const file = `data/feed/${decodeURIComponent(pathname.slice(DEV_IMAGE_PREFIX.length)).replace(/\.\.+/g, '')}`;
    return new Response(await readFile(file), { headers: { 'content-type': 'image/jpeg' } });
  }
  const route = routes.get(pathname.endsWith('/') ? pathname : `${pathname}/`) ?? routes.get('/404/')!;
  Object.assign(context.locals, locals, { route });
  return next();
});

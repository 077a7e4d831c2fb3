import { defineMiddleware } from 'astro:middleware';

// The generator passes the site and its data as locals on every render. Only
// `npm run dev` arrives without them: it names the site in DEALER_SITE, and the
// site's data is loaded here once and reused until the dev server restarts.
let devLocals: Promise<App.Locals> | undefined;

export const onRequest = defineMiddleware(async (context, next) => {
  if (!('site' in context.locals) || !context.locals.site) {
    if (!import.meta.env.DEV) throw new Error('Rendered without a site: the generator must pass { site, data, builtAt } as locals.');
    devLocals ??= import('./data/dev-locals.ts').then((m) => m.loadDevLocals(process.env.DEALER_SITE));
    Object.assign(context.locals, await devLocals);
  }
  return next();
});

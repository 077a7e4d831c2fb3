import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  SITEMAP_MAX_URLS,
  SITEMAP_URLS_PER_FILE,
  collectInlineHashes,
  headersFile,
  inlineScriptHashes,
  redirectsFile,
  robotsTxt,
  sitemapChanges,
  sitemapDate,
  sitemapFiles,
  sitemapParts,
  sitemapXml,
  type SitemapWritten,
  type RedirectVehicle,
} from '../../src/generator/host-files.ts';
import { headersFor, matchRedirect, parseHeaders, parseRedirects } from '../../src/generator/preview.ts';
import { SiteConfigSchema, type SiteConfig, type SiteConfigInput } from '../../src/schemas/site-config.ts';

function site(overrides: Partial<SiteConfigInput> = {}): SiteConfig {
  return SiteConfigSchema.parse({ slug: 'demo', name: 'Demo Motors', template: 'classic', url: 'https://www.demo.example/', ...overrides });
}

const sha256 = (text: string) => `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;

const vehicles: RedirectVehicle[] = [
  { id: 12345, slug: '2024-toyota-corolla-12345', car_type: 'used', make_slug: 'toyota', model_slug: 'corolla', simple_body: 'Hatchback' },
  { id: 777, slug: '2021-mazda-cx-5-maxx', car_type: 'demo', make_slug: 'mazda', model_slug: 'cx-5', simple_body: 'SUV' },
  { id: 778, slug: '2022-mazda-cx-5-touring', car_type: 'used', make_slug: 'mazda', model_slug: 'cx-5', simple_body: 'SUV' },
];

describe('sitemap', () => {
  it('writes absolute, XML-escaped URLs with the date of the last change', () => {
    const xml = sitemapXml(site(), [
      { path: '/', lastmod: null },
      { path: '/cars/2024-toyota-corolla-12345/', lastmod: '2025-03-04T09:15:00+10:00' },
      { path: "/search/?make=a&model=b<c>'\"" },
    ]);
    expect(xml).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        '  <url><loc>https://www.demo.example/</loc></url>',
        '  <url><loc>https://www.demo.example/cars/2024-toyota-corolla-12345/</loc><lastmod>2025-03-04</lastmod></url>',
        '  <url><loc>https://www.demo.example/search/?make=a&amp;model=b%3Cc%3E&apos;%22</loc></url>',
        '</urlset>',
        '',
      ].join('\n'),
    );
  });

  it('gives lastmod as the calendar date in the site time zone', () => {
    // 20:00 UTC on 1 January is 06:00 on 2 January in Brisbane.
    expect(sitemapDate('2025-01-01T20:00:00Z', 'Australia/Brisbane')).toBe('2025-01-02');
    expect(sitemapDate('2025-01-01T20:00:00Z', 'UTC')).toBe('2025-01-01');
    expect(sitemapDate('2025-07-01', 'Australia/Brisbane')).toBe('2025-07-01');
    // A local date-time (no offset) is already wall-clock time.
    expect(sitemapDate('2025-07-01T23:59:00', 'Australia/Brisbane')).toBe('2025-07-01');
    expect(sitemapDate('yesterday', 'Australia/Brisbane')).toBeUndefined();
    expect(sitemapDate(undefined, 'Australia/Brisbane')).toBeUndefined();
  });

  it('keeps one file up to 5,000 URLs and splits into an index with parts of 5,000 above, within the 50,000 a file may hold', () => {
    const entries = (n: number) => Array.from({ length: n }, (_, i) => ({ path: `/cars/car-${i}/`, lastmod: `2025-01-${String((i % 28) + 1).padStart(2, '0')}` }));
    const single = sitemapFiles(site(), entries(SITEMAP_URLS_PER_FILE));
    expect(single.map((f) => f.file)).toEqual(['sitemap.xml']);
    expect(single[0]!.content.match(/<url>/g)).toHaveLength(5_000);

    const split = sitemapFiles(site(), entries(SITEMAP_URLS_PER_FILE + 1));
    expect(split.map((f) => f.file)).toEqual(['sitemap.xml', 'sitemap-1.xml', 'sitemap-2.xml']);
    expect(split[0]!.content).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(split[0]!.content).toContain('<sitemap><loc>https://www.demo.example/sitemap-1.xml</loc><lastmod>2025-01-28</lastmod></sitemap>');
    expect(split[0]!.content).toContain('<sitemap><loc>https://www.demo.example/sitemap-2.xml</loc>');
    expect(split[1]!.content.match(/<url>/g)).toHaveLength(5_000);
    expect(split[2]!.content.match(/<url>/g)).toHaveLength(1);
    expect(split[2]!.content).toContain('<loc>https://www.demo.example/cars/car-5000/</loc>');
    // The protocol's limit holds a file, and no part may be made larger.
    expect(sitemapXml(site(), entries(SITEMAP_MAX_URLS)).match(/<url>/g)).toHaveLength(50_000);
    expect(() => sitemapFiles(site(), entries(10), SITEMAP_MAX_URLS + 1)).toThrow(/at most 50000 URLs/);
    expect(() => sitemapXml(site(), entries(SITEMAP_MAX_URLS + 1))).toThrow(/sitemapFiles/);
  });
});

describe('sitemap updates', () => {
  const PER_FILE = 10;
  const entry = (i: number, day = (i % 28) + 1) => ({ path: `/cars/car-${String(i).padStart(3, '0')}/`, lastmod: `2025-01-${String(day).padStart(2, '0')}` });

  it('rewrite only the files whose URLs or lastmods moved, and leave the files on disk as a fresh sitemap would be', () => {
    const s = site();
    let entries = Array.from({ length: 25 }, (_, i) => entry(i));
    const disk = new Map<string, string>();
    let written: SitemapWritten | undefined;
    const update = () => {
      const changes = sitemapChanges(s, sitemapParts(s, entries, PER_FILE), written);
      for (const { file, content } of changes.write) disk.set(file, typeof content === 'string' ? content : Buffer.concat(content).toString('utf8'));
      for (const file of changes.remove) disk.delete(file);
      written = changes.written;
      // What is on disk is what the whole sitemap is now, file for file.
      expect(Object.fromEntries(disk)).toEqual(Object.fromEntries(sitemapFiles(s, entries, PER_FILE).map(({ file, content }) => [file, content])));
      return { write: changes.write.map((w) => w.file), remove: changes.remove };
    };

    // Nothing known of the last sitemap: every file.
    expect(update()).toEqual({ write: ['sitemap.xml', 'sitemap-1.xml', 'sitemap-2.xml', 'sitemap-3.xml'], remove: [] });
    expect(update()).toEqual({ write: [], remove: [] });
    // One vehicle's later change: its part, and the index, whose lastmod for that part moves.
    entries = entries.map((e, i) => (i === 12 ? entry(12, 28) : e));
    expect(update()).toEqual({ write: ['sitemap.xml', 'sitemap-2.xml'], remove: [] });
    // An earlier lastmod inside the same part leaves the index as it was.
    entries = entries.map((e, i) => (i === 13 ? entry(13, 1) : e));
    expect(update()).toEqual({ write: ['sitemap-2.xml'], remove: [] });
    // Fewer URLs: the part with the gap is rewritten, and the last part goes.
    entries = entries.filter((_, i) => i < 15 || i > 20);
    expect(update()).toEqual({ write: ['sitemap.xml', 'sitemap-2.xml'], remove: ['sitemap-3.xml'] });
    // A URL gone from a part whose latest lastmod stays: that part alone.
    entries = entries.slice(0, 18);
    expect(update()).toEqual({ write: ['sitemap-2.xml'], remove: [] });
    // Down to one file: sitemap.xml holds the URLs, and the parts go.
    entries = entries.slice(0, 7);
    expect(update()).toEqual({ write: ['sitemap.xml'], remove: ['sitemap-1.xml', 'sitemap-2.xml'] });
    expect(update()).toEqual({ write: [], remove: [] });
    // And back to an index.
    entries = Array.from({ length: 12 }, (_, i) => entry(i));
    expect(update()).toEqual({ write: ['sitemap.xml', 'sitemap-1.xml', 'sitemap-2.xml'], remove: [] });
  });
});

describe('robots.txt', () => {
  it('allows everything but shopper-only and per-vehicle action pages, and names the sitemap', () => {
    const text = robotsTxt(site());
    expect(text.startsWith('User-agent: *\nAllow: /\n')).toBe(true);
    for (const path of ['/sign-in', '/success', '/my-garage', '/watchlist', '/compare/', '/cars/*/print', '/cars/*/checkout', '/cars/*/buy-online', '/cars/*/trade-in']) {
      expect(text).toContain(`\nDisallow: ${path}\n`);
    }
    expect(text).toContain('\nSitemap: https://www.demo.example/sitemap.xml\n');
    expect(text).not.toMatch(/Disallow: \/\n/);
  });
});

describe('inline script and style hashes', () => {
  it('hashes the exact text of executable inline scripts and styles, as browsers do', () => {
    const script = '\n  document.documentElement.dataset.js = "1" && a < b && "&amp;";\n';
    const moduleScript = 'import "/_astro/x.js";';
    const style = 'astro-island,astro-slot{display:contents}';
    const html = `<!doctype html><html style="--site-primary:#fff"><head>
      <script type="application/ld+json">{"@type":"Car"}</script>
      <script src="/_astro/external.js"></script>
      <SCRIPT>${script}</SCRIPT>
      <script type="module">${moduleScript}</script>
      <script type="text/template"><p>not run</p></script>
      <style>${style}</style>
      </head><body><!-- <script>commented()</script> --></body></html>`;
    const found = inlineScriptHashes(html);
    expect(found.scripts).toEqual([sha256(script), sha256(moduleScript)]);
    expect(found.styles).toEqual([sha256(style)]);
    expect(found.styleAttributes).toBe(true);
    expect(found.blocked).toEqual([]);
  });

  it('keeps a script that mentions </scr + ipt> whole and normalises line endings first', () => {
    const body = 'var s = "</scr" + "ipt>";\r\nrun(s);\r';
    const found = inlineScriptHashes(`<script>${body}</script>`);
    expect(found.scripts).toEqual([sha256('var s = "</scr" + "ipt>";\nrun(s);\n')]);
  });

  it('lists the same script once, and counts importmap and language="javascript" as executable', () => {
    const found = inlineScriptHashes('<script>a()</script><p>x</p><script>a()</script><script type="importmap">{}</script><script language="javascript">b()</script><script language="vbscript">c()</script>');
    expect(found.scripts).toEqual([sha256('a()'), sha256('{}'), sha256('b()')]);
  });

  it('reports inline handlers and javascript: URLs, which no hash can allow', () => {
    const found = inlineScriptHashes('<button onclick="go()">Go</button><a href=" javascript:void(0)">x</a><p>on=1 style=x</p>');
    expect(found.blocked).toEqual(['<button onclick>', '<a href="javascript:...">']);
    expect(found.styleAttributes).toBe(false);
    expect(found.scripts).toEqual([]);
  });

  it('collects a site-wide, sorted set across pages', () => {
    const collector = collectInlineHashes();
    collector.add('<script>b()</script>');
    collector.add('<script>a()</script><style>p{}</style>');
    collector.add('<script>b()</script>');
    expect(collector.result()).toEqual({ scriptHashes: [sha256('a()'), sha256('b()')].sort(), styleHashes: [sha256('p{}')], styleAttributes: false, blocked: [] });
  });
});

describe('_headers', () => {
  const csp = (text: string) => /Content-Security-Policy: (.*)/.exec(text)![1]!;

  it('gives a plain site a strict policy built from the pages own hashes', () => {
    const text = headersFile(site(), { scriptHashes: [sha256('a()')], styleHashes: [sha256('p{}')], styleAttributes: false });
    expect(csp(text)).toBe(
      `default-src 'self'; script-src 'self' 'wasm-unsafe-eval' '${sha256('a()')}'; style-src 'self' '${sha256('p{}')}'; img-src 'self' data:; font-src 'self'; ` +
        "connect-src 'self'; frame-src https://maps.google.com https://www.google.com; form-action 'self'; base-uri 'self'; object-src 'none'; frame-ancestors 'none'; upgrade-insecure-requests",
    );
    expect(text).not.toContain('unsafe-inline');
    expect(text).toContain('\n  X-Content-Type-Options: nosniff\n');
    expect(text).toContain('\n  Referrer-Policy: strict-origin-when-cross-origin\n');
    expect(text).toContain('\n  Permissions-Policy: camera=(), microphone=(), geolocation=(self)\n');
    expect(text).toContain('\n  Strict-Transport-Security: max-age=31536000; includeSubDomains\n');
    expect(text).toContain('\n  X-Frame-Options: DENY\n');
    expect(text).toContain('/_astro/*\n  Cache-Control: public, max-age=31536000, immutable\n');
    expect(text).toContain('/images/*\n  Cache-Control: public, max-age=31536000, immutable\n');
  });

  it('allows style attributes only when the pages have them (by default, since the layout puts the theme on <html style>)', () => {
    expect(csp(headersFile(site(), { scriptHashes: [], styleHashes: [], styleAttributes: true }))).toContain("; style-src-attr 'unsafe-inline';");
    expect(csp(headersFile(site(), { scriptHashes: [], styleHashes: [] }))).toContain("; style-src-attr 'unsafe-inline';");
    expect(csp(headersFile(site(), { scriptHashes: [], styleHashes: [], styleAttributes: false }))).not.toContain('style-src-attr');
  });

  it('adds the image CDN, Algolia hosts, service iframe and the runtime API where the site uses them', () => {
    const busy = site({
      images: { cdn: { baseUrl: 'https://img.cdn.example/t/vehicles' } },
      search: { backend: { kind: 'algolia', appId: 'ABC123XYZ', searchKey: 'public', indexName: 'stock', adminKeyEnv: 'ALGOLIA_ADMIN' } },
      forms: { servicePage: { mode: 'iframe', iframeUrl: 'https://booking.service.example/embed?dealer=1' } },
      api: { baseUrl: 'https://ops.example.com:8443' },
    });
    const policy = csp(headersFile(busy, { scriptHashes: [], styleHashes: [], connectSrc: ['https://api.demo.example/v1/leads'] }));
    expect(policy).toContain("img-src 'self' data: https://img.cdn.example;");
    expect(policy).toContain(
      "connect-src 'self' https://ops.example.com:8443 https://abc123xyz-dsn.algolia.net https://abc123xyz-1.algolianet.com https://abc123xyz-2.algolianet.com https://abc123xyz-3.algolianet.com https://api.demo.example;",
    );
    expect(policy).toContain('frame-src https://booking.service.example https://maps.google.com https://www.google.com;');
    expect(policy).toContain("form-action 'self' https://ops.example.com:8443;");
    const plain = csp(headersFile(site(), { scriptHashes: [], styleHashes: [] }));
    // Every site has location pages, whose map embed loads when the shopper asks for it.
    expect(plain).toContain('frame-src https://maps.google.com https://www.google.com;');
    expect(plain).not.toContain('booking.service.example');
    expect(plain).not.toContain('algolia');
  });

  it("lets the site frame its own booking page, and only that page, under 'self'", () => {
    const own = site({ forms: { servicePage: { mode: 'tabs', iframeUrl: '/service/online-booking' } } });
    const text = headersFile(own, { scriptHashes: [], styleHashes: [] });
    const rules = parseHeaders(text);
    expect(rules.errors).toEqual([]);
    const get = (path: string, name: string) => headersFor(rules.rules, path).filter(([n]) => n.toLowerCase() === name.toLowerCase()).map(([, v]) => v);
    expect(get('/service/online-booking/', 'X-Frame-Options')).toEqual(['SAMEORIGIN']);
    expect(get('/service/online-booking/', 'Content-Security-Policy')).toHaveLength(1);
    expect(get('/service/online-booking/', 'Content-Security-Policy')[0]).toContain("frame-ancestors 'self'");
    expect(get('/service/', 'X-Frame-Options')).toEqual(['DENY']);
    expect(get('/service/', 'Content-Security-Policy')[0]).toContain("frame-ancestors 'none'");
    expect(get('/service/', 'Content-Security-Policy')[0]).toContain("frame-src 'self'");
    // A form-mode site, or a booking page elsewhere, frames nothing of its own.
    expect(headersFile(site(), { scriptHashes: [], styleHashes: [] })).not.toContain('SAMEORIGIN');
    expect(headersFile(site({ forms: { servicePage: { mode: 'tabs', iframeUrl: 'https://booking.example/x' } } }), { scriptHashes: [], styleHashes: [] })).not.toContain('SAMEORIGIN');
  });

  it('never sends two Cache-Control values for one path (checked with the preview server rules)', () => {
    const rules = parseHeaders(headersFile(site(), { scriptHashes: [], styleHashes: [] }));
    expect(rules.errors).toEqual([]);
    const get = (path: string, name: string) => headersFor(rules.rules, path).filter(([n]) => n.toLowerCase() === name.toLowerCase()).map(([, v]) => v);
    expect(get('/_astro/client.FVv06Hs5.js', 'Cache-Control')).toEqual(['public, max-age=31536000, immutable']);
    expect(get('/images/abc123/640.webp', 'Cache-Control')).toEqual(['public, max-age=31536000, immutable']);
    expect(get('/cars/2024-toyota-corolla-12345/', 'Cache-Control')).toEqual([]);
    expect(get('/cars/2024-toyota-corolla-12345/', 'Content-Security-Policy')).toHaveLength(1);
    expect(get('/_astro/x.css', 'X-Frame-Options')).toEqual(['DENY']);
  });
});

describe('_redirects', () => {
  const used = site({
    features: { reserve: true, tradeIn: true },
    urls: { breadcrumbBase: 'used-car', sellMyCar: '/sell-your-car', locationBase: 'our-location', contact: '/contact-us', financeEnquiry: '/apply-for-finance' },
  });
  const text = redirectsFile(used, { vehicles, locations: [{ slug: 'north', name: 'Northside Motors Petrie' }] });
  const lines = text.split('\n');
  const follow = (pathAndQuery: string) => {
    const url = new URL(pathAndQuery, 'http://x');
    const match = matchRedirect(parseRedirects(text).rules, url.pathname, url.searchParams);
    return match && `${match.rule.status} ${match.target}`;
  };

  it('maps the slug-keyed query routes with one placeholder rule each', () => {
    expect(lines).toContain('/print car_id=:slug /cars/:slug/print/ 301');
    expect(lines).toContain('/checkout-journey car_id=:slug /cars/:slug/checkout/ 301');
    expect(follow('/print?car_id=2024-toyota-corolla-12345')).toBe('301 /cars/2024-toyota-corolla-12345/print/');
    expect(follow('/checkout-journey/?car_id=2021-mazda-cx-5-maxx')).toBe('301 /cars/2021-mazda-cx-5-maxx/checkout/');
  });

  it('maps the id-keyed trade-in route with a line per vehicle, falling back to the trade-in page', () => {
    expect(lines).toContain('/cars/trade-in car_id=12345 /cars/2024-toyota-corolla-12345/trade-in/ 301');
    expect(lines.filter((l) => l.startsWith('/cars/trade-in car_id='))).toHaveLength(vehicles.length);
    expect(follow('/cars/trade-in?car_id=777')).toBe('301 /cars/2021-mazda-cx-5-maxx/trade-in/');
    expect(follow('/cars/trade-in?car_id=999999')).toBe('302 /trade-in/');
    expect(follow('/personalised/finance?car_id=12345')).toBe('301 /finance/?car_id=12345');
  });

  it('uses buy-online where the site does, and leaves out routes whose pages are switched off', () => {
    const group = redirectsFile(site({ features: { onlinePurchase: true, tradeIn: false, print: 'off' }, urls: { checkoutSegment: 'buy-online' } }), { vehicles });
    expect(group).toContain('/checkout-journey car_id=:slug /cars/:slug/buy-online/ 301');
    expect(group).toContain('/cars/:slug/checkout /cars/:slug/buy-online/ 301');
    expect(group).not.toMatch(/^\/print /m);
    expect(group).not.toContain('car_id=12345');
    expect(group).toContain('/cars/trade-in /sell-my-car/ 302');
    expect(redirectsFile(site(), { vehicles })).not.toMatch(/^\/checkout-journey /m);
  });

  it('sends the alternate URL shapes to the site’s own paths', () => {
    expect(lines).toContain('/contact /contact-us/ 301');
    expect(lines).toContain('/sell-my-car /sell-your-car/ 301');
    expect(lines).toContain('/pages/warranty /warranty/ 301');
    expect(lines).toContain('/finance-enquiry /apply-for-finance/ 301');
    expect(lines).toContain('/contact-us/:slug /our-location/:slug/ 301');
    expect(lines).toContain('/locations/:slug /our-location/:slug/ 301');
    expect(lines).toContain('/contact-us/northside-motors-petrie /our-location/north/ 301');
    expect(text).not.toMatch(/^\/contact-us \//m);
    expect(text).not.toMatch(/^\/our-location\/:slug/m);
    expect(text).not.toContain('/new-vehicles');
    expect(redirectsFile(site({ template: 'brand', manufacturer: 'MG' }), { vehicles })).toContain('/new-vehicles /models/ 301');
    expect(follow('/contact-us/capalaba/')).toBe('301 /our-location/capalaba/');
    expect(follow('/contact-us/northside-motors-petrie')).toBe('301 /our-location/north/');
  });

  it('only redirects to pages that exist, and never away from a page, when the page list is given', () => {
    const withPages = redirectsFile(used, { vehicles, pages: ['/', '/contact/', '/contact-us/', '/sell-your-car/', '/search/used-cars/', '/search/toyota/'] });
    expect(withPages).not.toContain('/pages/warranty');
    expect(withPages).not.toMatch(/^\/contact /m);
    expect(withPages).toContain('/used-car/toyota /search/toyota/ 301');
    expect(withPages).not.toContain('/used-car/mazda ');
  });

  it('sends /used-car/ breadcrumb shapes to their search pages, one line per value in stock', () => {
    const usedCar = lines.filter((l) => l.startsWith('/used-car/'));
    expect(usedCar).toEqual([
      '/used-car/demo /search/demo-cars/ 301',
      '/used-car/used /search/used-cars/ 301',
      '/used-car/mazda /search/mazda/ 301',
      '/used-car/toyota /search/toyota/ 301',
      '/used-car/mazda/cx-5 /search/mazda/cx-5/ 301',
      '/used-car/toyota/corolla /search/toyota/corolla/ 301',
      '/used-car/hatchback /search/hatchback/ 301',
      '/used-car/suv /search/suv/ 301',
    ]);
    expect(redirectsFile(site(), { vehicles })).not.toContain('/used-car/');
  });

  it('ends with the 404 page for everything else and parses without errors', () => {
    expect(lines.filter((l) => l.trim() && !l.startsWith('#')).at(-1)).toBe('/* /404.html 404');
    expect(parseRedirects(text).errors).toEqual([]);
    expect(follow('/no/such/page/')).toBe('404 /404.html');
  });
});

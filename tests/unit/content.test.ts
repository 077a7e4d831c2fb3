/**
 * The demo sites' editorial content under content/<slug>/: every file must pass its schema, and
 * the copy must carry the spec's messages, figures and dates (privacy response times, trade-in
 * guidance, recall facts, promo windows, the sample brand site's menu, the EV range figures).
 */
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readMarkdown, readYaml as readContentYaml } from '../../src/data/content-files.ts';
import { describeIssues } from '../../src/data/friendly-errors.ts';
import { loadSiteConfig } from '../../src/data/site-config.ts';
import type { z } from 'zod';
import {
  ArticleFrontmatterSchema,
  EvContentSchema,
  MenuItemSchema,
  MenusSchema,
  ModelsFileSchema,
  OffersFileSchema,
  PageFrontmatterSchema,
  PopupSchema,
  PromoCardsFileSchema,
  SiteCopySchema,
  type MenuItem,
  type PageFrontmatter,
} from '../../src/schemas/content.ts';
import { DeliveryTableSchema } from '../../src/schemas/delivery.ts';
import { HomeContentSchema } from '../../src/schemas/home.ts';

const CONTENT_DIR = fileURLToPath(new URL('../../content/', import.meta.url));
const SITES = ['bayside-mg', 'summit-motor-group', 'northside-used'] as const;
type SiteSlug = (typeof SITES)[number];

/** The day the demo content was written for: "current" content must show on it. */
const TODAY = Date.parse('2026-11-22T12:00:00+10:00');

const COMMON_PAGES = [
  'about-us',
  'careers',
  'fleet',
  'privacy-policy',
  'roadside-assist',
  'terms-and-conditions',
  'trade-in',
  'warranty',
];
const EXTRA_PAGES: Record<SiteSlug, string[]> = {
  'bayside-mg': ['charging-solutions', 'recall', 'servicing'],
  'summit-motor-group': ['buying', 'diamond-advantage'],
  'northside-used': [],
};
const BRAND_ONLY_FILES = ['ev-models.yaml', 'models.yaml'];

/** Which schema reads which file; pages are matched separately. */
const FILE_SCHEMAS: Record<string, z.ZodType> = {
  'offers.yaml': OffersFileSchema,
  'promo-cards.yaml': PromoCardsFileSchema,
  'popup.yaml': PopupSchema,
  'menus.yaml': MenusSchema,
  'site.yaml': SiteCopySchema,
  'models.yaml': ModelsFileSchema,
  'ev-models.yaml': EvContentSchema,
  'delivery.yaml': DeliveryTableSchema,
  'home.yaml': HomeContentSchema,
};

function siteFile(site: SiteSlug, ...parts: string[]): string {
  return path.join(CONTENT_DIR, site, ...parts);
}

/** A content file read the way a build reads it (syntax errors name the file and line). */
function readYaml(file: string): unknown {
  return readContentYaml(file, undefined);
}

/** Splits a page into its YAML frontmatter (between the leading `---` lines) and its Markdown body, as a build does. */
function readPage(file: string): { frontmatter: unknown; body: string } {
  if (!/^---\r?\n/.test(readFileSync(file, 'utf8'))) {
    throw new Error(`${path.relative(CONTENT_DIR, file)}: no frontmatter (the file must start with a --- block)`);
  }
  return readMarkdown(file);
}

/** Every file under a site's content folder, relative to that folder, images left out. */
function listFiles(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(prefix, entry.name);
    if (entry.isDirectory()) return entry.name === 'images' ? [] : listFiles(path.join(dir, entry.name), relative);
    return [relative];
  });
}

/** Problems as `file: key: what is wrong and the fix` lines, in the words a build uses. */
function problems(file: string, schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  if (result.success) return [];
  return describeIssues(result.error.issues, value, { schema }).map((problem) => `${file}: ${problem}`);
}

/** Validates every file of one content folder; `label` prefixes the file names in the report. */
function validateFolder(dir: string, label: string): string[] {
  const failures: string[] = [];
  for (const file of listFiles(dir)) {
    const where = `${label}/${file}`;
    try {
      if (file.startsWith('pages/') && file.endsWith('.md')) {
        const { frontmatter, body } = readPage(path.join(dir, file));
        failures.push(...problems(where, PageFrontmatterSchema, frontmatter));
        if (body.trim() === '') failures.push(`${where}: (body): the page has no text after the frontmatter`);
        continue;
      }
      if (file.startsWith('blog/vehicle-reviews/') && file.endsWith('.md')) {
        const { frontmatter, body } = readPage(path.join(dir, file));
        failures.push(...problems(where, ArticleFrontmatterSchema, frontmatter));
        if (body.trim() === '') failures.push(`${where}: (body): the review has no text after the frontmatter`);
        continue;
      }
      const schema = FILE_SCHEMAS[file];
      if (!schema) {
        failures.push(`${where}: (file): no schema reads this file; check the file name`);
        continue;
      }
      failures.push(...problems(where, schema, readYaml(path.join(dir, file))));
    } catch (error) {
      failures.push((error as Error).message);
    }
  }
  return failures;
}

function page(site: SiteSlug, slug: string): { frontmatter: PageFrontmatter; body: string } {
  const { frontmatter, body } = readPage(siteFile(site, 'pages', `${slug}.md`));
  return { frontmatter: PageFrontmatterSchema.parse(frontmatter), body };
}

/** A page's whole text: title, description, body and FAQ. */
function pageText(site: SiteSlug, slug: string): string {
  const { frontmatter, body } = page(site, slug);
  const faq = (frontmatter.faq ?? []).map((item) => `${item.question}\n${item.answer}`).join('\n');
  return [frontmatter.title, frontmatter.description, body, faq].join('\n');
}

const offers = (site: SiteSlug) => OffersFileSchema.parse(readYaml(siteFile(site, 'offers.yaml')));
const promoCards = (site: SiteSlug) => PromoCardsFileSchema.parse(readYaml(siteFile(site, 'promo-cards.yaml')));
const menus = (site: SiteSlug) => MenusSchema.parse(readYaml(siteFile(site, 'menus.yaml')));
const siteCopy = (site: SiteSlug) => SiteCopySchema.parse(readYaml(siteFile(site, 'site.yaml')));
const popup = (site: SiteSlug) => PopupSchema.parse(readYaml(siteFile(site, 'popup.yaml')));

function isLive(window: { start?: string | null; expiry?: string | null }, at: number): boolean {
  return (!window.start || Date.parse(window.start) <= at) && (!window.expiry || at <= Date.parse(window.expiry));
}

const labels = (items: MenuItem[]) => items.map((item) => item.label);

describe.each(SITES)('content/%s', (site) => {
  it('has every file the site needs', () => {
    const files = listFiles(siteFile(site));
    const expected = [
      'menus.yaml',
      'offers.yaml',
      'popup.yaml',
      'promo-cards.yaml',
      'site.yaml',
      ...(site === 'bayside-mg' ? BRAND_ONLY_FILES : []),
      ...[...COMMON_PAGES, ...EXTRA_PAGES[site]].map((slug) => `pages/${slug}.md`),
    ];
    expect(expected.filter((file) => !files.includes(file))).toEqual([]);
  });

  it('passes its schemas with zero failures', () => {
    expect(validateFolder(siteFile(site), `content/${site}`)).toEqual([]);
  });

  it('has 4-8 offers: one expired in 2025, at most one still to start, the others current through 2027 or open-ended', () => {
    const list = offers(site);
    expect(list.length).toBeGreaterThanOrEqual(4);
    expect(list.length).toBeLessThanOrEqual(8);
    const expired = list.filter((offer) => offer.expiry && Date.parse(offer.expiry) < TODAY);
    expect(expired.map((offer) => offer.expiry?.slice(0, 4))).toEqual(['2025']);
    // An offer still to start shows the shopper's clock at work (listed hidden until its start).
    const upcoming = list.filter((offer) => offer.start && Date.parse(offer.start) > TODAY);
    expect(upcoming.length).toBeLessThanOrEqual(1);
    for (const offer of list.filter((o) => !expired.includes(o) && !upcoming.includes(o))) {
      if (offer.expiry) expect(Date.parse(offer.expiry), offer.id.toString()).toBeGreaterThanOrEqual(Date.parse('2027-12-31T00:00:00+10:00'));
    }
    expect(list.some((offer) => offer.model)).toBe(true);
    const finance = list.filter((offer) => offer.category === 'Finance offer');
    expect(finance.length).toBeGreaterThan(0);
    for (const offer of finance) expect(offer.disclaimer, offer.id.toString()).toMatch(/approved applicants only/i);
  });

  it('has a trade-in FAQ of exactly five questions with the valuation guidance', () => {
    const { frontmatter } = page(site, 'trade-in');
    expect(frontmatter.faq).toHaveLength(5);
    const answers = (frontmatter.faq ?? []).map((item) => item.answer).join('\n');
    expect(answers).toMatch(/7 years old/);
    expect(answers).toMatch(/100,000 km/);
    expect(answers).toMatch(/letter from (your|the) lender/i);
  });

  it('states the privacy response times: 7, 30 and 14 days', () => {
    const text = pageText(site, 'privacy-policy');
    expect(text).toMatch(/acknowledge your request within 7 days/i);
    expect(text).toMatch(/access within 30 days/i);
    expect(text).toMatch(/resolve it within 14 days/i);
  });

  it('has current promo cards and a current popup or one that has expired on purpose', () => {
    expect(promoCards(site).some((card) => isLive(card, TODAY))).toBe(true);
    const expectedExpiry: Record<SiteSlug, string> = {
      'bayside-mg': '2027-03-31T23:59:59+10:00',
      'summit-motor-group': '2027-01-31T23:59:59+10:00',
      'northside-used': '2025-12-31T23:59:59+10:00',
    };
    expect(popup(site).enabled).toBe(true);
    expect(popup(site).expiry).toBe(expectedExpiry[site]);
  });
});

describe('offers across the demo sites', () => {
  it('holds exactly one script-injection attempt, inside an otherwise normal description', () => {
    const hostile = SITES.flatMap((site) => offers(site).map((offer) => ({ site, offer }))).filter(({ offer }) =>
      /<script|onerror=/i.test(offer.description),
    );
    expect(hostile).toHaveLength(1);
    const description = hostile[0]?.offer.description ?? '';
    expect(description).toContain('<img src=x onerror=alert(1)>');
    expect(description).toContain("<script>alert('x')</script>");
    expect(description).toMatch(/<p>/);
  });

  it('includes an offer excluded from the very site that lists it', () => {
    const selfExcluded = SITES.filter((site) => offers(site).some((offer) => offer.excluded_website_ids.includes(site)));
    expect(selfExcluded).toContain('bayside-mg');
  });
});

describe('summit-motor-group promo cards', () => {
  const cards = () => promoCards('summit-motor-group');

  it('keeps the Stocktake card window exactly as run (Brisbane time)', () => {
    const stocktake = cards().filter((card) => /stocktake/i.test(card.title ?? ''));
    expect(stocktake).toHaveLength(1);
    expect(stocktake[0]).toMatchObject({
      start: '2025-07-01T00:00:00+10:00',
      expiry: '2025-07-24T23:59:59+10:00',
      position: 8,
    });
  });

  it('has three EOFY cards for new, demo and used, expiring 2025-06-30 23:59:59, at 8, 17 and 17', () => {
    const eofy = cards().filter((card) => /eofy/i.test(card.title ?? ''));
    expect(eofy.map((card) => card.display)).toEqual([['new'], ['demo'], ['used']]);
    expect(eofy.map((card) => card.expiry)).toEqual(Array(3).fill('2025-06-30T23:59:59+10:00'));
    expect(eofy.map((card) => card.position)).toEqual([8, 17, 17]);
    expect(eofy.filter((card) => card.strictDisplay)).toHaveLength(1);
  });

  it('shows something at positions 8 and 17 today, and a dateless We Want Your Car! card', () => {
    const live = cards().filter((card) => isLive(card, TODAY));
    expect(live.map((card) => card.position)).toEqual(expect.arrayContaining([8, 17]));
    for (const card of live.filter((c) => c.position)) {
      expect(card).toMatchObject({ start: '2026-01-01T00:00:00+10:00', expiry: '2027-12-31T23:59:59+10:00' });
    }
    const wantYourCar = cards().find((card) => card.title === 'We Want Your Car!');
    expect(wantYourCar).toMatchObject({ link: '/sell-my-car' });
    expect(wantYourCar?.start).toBeUndefined();
    expect(wantYourCar?.expiry).toBeUndefined();
  });
});

describe('northside-used copy', () => {
  // The dealer's config names its sell page (/sell-your-car); its content must link there, not to the default.
  const sellPage = loadSiteConfig('sites/northside-used.yaml').urls.sellMyCar;

  it('has a We Want Your Car! card linking to the site\'s sell page', () => {
    expect(sellPage).toBe('/sell-your-car');
    expect(promoCards('northside-used').find((card) => card.title === 'We Want Your Car!')).toMatchObject({ link: sellPage });
  });

  it('states the reserve offer and the money-back guarantee with the spec figures', () => {
    const copy = siteCopy('northside-used');
    expect(copy.reserveOffer).toMatch(/\$200/);
    expect(copy.reserveOffer).toMatch(/48 hours/);
    expect(copy.reserveOffer).toMatch(/100% refundable/);
    expect(copy.moneyBackGuarantee).toMatch(/48 hour money back guarantee/i);
  });

  it('has a header of Used Cars, Sell My Car, Finance, Trade-In, About, Contact', () => {
    const header = menus('northside-used').header;
    expect(header.map((item) => [item.label, item.href])).toEqual([
      ['Used Cars', '/search/used-cars'],
      ['Sell My Car', sellPage],
      ['Finance', '/finance'],
      ['Trade-In', '/trade-in'],
      ['About', '/about-us'],
      ['Contact', '/contact-us'],
    ]);
  });
});

describe('summit-motor-group copy', () => {
  it('has the stats banner and a company profile', () => {
    const copy = siteCopy('summit-motor-group');
    expect(copy.stats).toEqual([
      { value: '50+', label: 'Locations' },
      { value: '40+', label: 'Brands' },
      { value: '30+', label: 'Years' },
    ]);
    expect(copy.groupProfile).toMatch(/30 years/);
  });

  it('has Brands, Locations and Finance menus with their dynamic sources and routes', () => {
    const header = menus('summit-motor-group').header;
    expect(header.find((item) => item.label === 'Brands')).toMatchObject({ dynamic: 'brands' });
    expect(header.find((item) => item.label === 'Locations')).toMatchObject({ dynamic: 'locations', href: '/dealer-locator' });
    expect(header.find((item) => item.label === 'Finance')).toMatchObject({ href: '/apply-for-finance' });
  });
});

describe('bayside-mg', () => {
  it("has the spec's sample brand-site header menu", () => {
    const header = menus('bayside-mg').header;
    expect(labels(header)).toEqual(['Vehicles', 'Offers', 'Stock', 'Service & Parts', 'Finance Enquiry', 'More']);
    expect(header[0]).toMatchObject({ dynamic: 'models' });
    expect(header[2]).toMatchObject({ dynamic: 'stock' });
    expect(header[3]?.children?.length).toBeGreaterThan(0);
    expect(labels(header[5]?.children ?? [])).toEqual(['About Us', 'Contact Us', 'Trade In', 'Book a Test Drive', 'Careers', 'Fleet']);
  });

  it('has footer groups Models, Buyer Tools, Service & Parts and one named after the dealer', () => {
    expect(menus('bayside-mg').footer.map((group) => group.title)).toEqual(['Models', 'Buyer Tools', 'Service & Parts', 'Bayside MG']);
  });

  it('states the free ride within 8 km and the service at 3,000 km or 3 months', () => {
    const copy = JSON.stringify(siteCopy('bayside-mg'));
    expect(copy).toMatch(/within 8 km/);
    expect(copy).toMatch(/3,000 km or 3 months/);
  });

  it('has a recall page with exactly six questions and the recall facts', () => {
    expect(page('bayside-mg', 'recall').frontmatter.faq).toHaveLength(6);
    const text = pageText('bayside-mg', 'recall');
    for (const fact of [/5,168/, /2021-2022/, /1 May 2023/, /free/i, /no expiry/i, /tax invoice/, /Aftersales Service Manager/, /plug-in hybrid and electric/, /fire/]) {
      expect(text).toMatch(fact);
    }
  });

  it('has the MG Precise Price Servicing page with its two content blocks', () => {
    const { frontmatter, body } = page('bayside-mg', 'servicing');
    expect(frontmatter.title).toBe('MG Precise Price Servicing');
    expect(body).toMatch(/^## Precise Price Servicing$/m);
    expect(body).toMatch(/^## Genuine parts and servicing$/m);
    expect(body).toMatch(/fixed for 12 months/);
  });

  it('has one coming-soon model and two models with override URLs', () => {
    const models = ModelsFileSchema.parse(readYaml(siteFile('bayside-mg', 'models.yaml')));
    expect(models.filter((model) => model.status === 'coming_soon').map((model) => model.name)).toEqual(['MG U9']);
    expect(models.filter((model) => model.override_url).map((model) => model.override_url)).toEqual(['/pages/mg-im', '/mg4-electric']);
  });

  it('has the IM5 and IM6 variants with the published range and power figures', () => {
    const { variants } = EvContentSchema.parse(readYaml(siteFile('bayside-mg', 'ev-models.yaml')));
    expect(variants.map((v) => [v.id, v.baseId, v.performance.drivingRange, v.performance.maximumPower])).toEqual([
      ['im5-premium', 'im5', '490 km (WLTP)', '217 kW'],
      ['im5-long-range', 'im5', '655 km (WLTP)', '300 kW'],
      ['im5-performance', 'im5', '575 km (WLTP)', '200/372 kW (dual motor)'],
      ['im6-premium', 'im6', '450 km (WLTP)', '217 kW'],
      ['im6-long-range', 'im6', '555 km (WLTP)', '300 kW'],
      ['im6-performance', 'im6', '505 km (WLTP)', '200/372 kW (dual motor)'],
    ]);
  });

  it('gives each variant 4-7 colours, one more than six unique, each naming a real variant', () => {
    const { variants, colours } = EvContentSchema.parse(readYaml(siteFile('bayside-mg', 'ev-models.yaml')));
    const names = new Set(variants.map((v) => v.name));
    expect(colours.filter((c) => !names.has(c.model_variant?.name ?? '')).map((c) => c.id)).toEqual([]);
    const uniqueCounts = variants.map((variant) => {
      const own = colours.filter((c) => c.model_variant?.name === variant.name);
      expect(own.length, variant.id).toBeGreaterThanOrEqual(4);
      expect(own.length, variant.id).toBeLessThanOrEqual(7);
      expect(new Set(own.map((c) => c.model_variant_id)).size, variant.id).toBe(1);
      return new Set(own.map((c) => c.name)).size;
    });
    expect(Math.max(...uniqueCounts)).toBeGreaterThan(6);
  });
});

describe('content schemas catch the mistakes staff make', () => {
  it('rejects a misspelt menu key and a menu item that leads nowhere, at any depth', () => {
    expect(MenuItemSchema.safeParse({ label: 'Offers', hre: '/special-offers' }).success).toBe(false);
    const pathsOf = (header: unknown) => MenusSchema.safeParse({ header }).error?.issues.map((issue) => issue.path) ?? [];
    expect(pathsOf([{ label: 'Offers' }])).toEqual([['header', 0]]);
    expect(pathsOf([{ label: 'More', children: [{ label: 'Fleet' }] }])).toEqual([['header', 0, 'children', 0]]);
    const typo = MenusSchema.safeParse({ header: [{ label: 'More', children: [{ label: 'Fleet', link: '/fleet' }] }] });
    expect(typo.error?.issues.map((issue) => [issue.code, issue.path.join('.')])).toEqual([
      ['unrecognized_keys', 'header.0.children.0'],
      ['custom', 'header.0.children.0'],
    ]);
    expect(pathsOf([{ label: 'More', children: [{ label: 'Fleet', href: '/fleet' }] }])).toEqual([]);
  });

  it('rejects a meta description over 160 characters and a popup expiry without an offset', () => {
    expect(PageFrontmatterSchema.safeParse({ title: 'About', description: 'x'.repeat(161) }).success).toBe(false);
    expect(PageFrontmatterSchema.safeParse({ title: 'About', description: 'x'.repeat(160) }).success).toBe(true);
    const good = { id: 'sale', title: 'Sale', body: 'On now', cta: { label: 'Shop', url: '/special-offers' }, expiry: '2027-01-31T23:59:59+10:00' };
    expect(PopupSchema.safeParse(good).success).toBe(true);
    expect(PopupSchema.safeParse({ ...good, expiry: '2027-01-31T23:59:59' }).success).toBe(false);
  });

  it('rejects two offers with the same id in one file', () => {
    const offer = { id: 'same', name: 'A', description: '<p>A</p>', manufacturer: 'MG' };
    const result = OffersFileSchema.safeParse([offer, { ...offer, name: 'B' }]);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([1]);
  });

  it('reports the file and the issue path of every failure in a content folder', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'content-test-'));
    try {
      mkdirSync(path.join(dir, 'pages'));
      writeFileSync(path.join(dir, 'offer.yml'), '- id: a\n');
      writeFileSync(path.join(dir, 'popup.yaml'), 'id: sale\ntitle: Sale\nbody: On now\ncta: { label: Shop, url: /x }\nexpiry: 2027-01-31T23:59:59\n');
      writeFileSync(path.join(dir, 'pages', 'about-us.md'), '---\ntitle: About\nfaq: []\ndescription: Hi\n---\nBody\n');
      expect(validateFolder(dir, 'content/fixture')).toEqual([
        'content/fixture/offer.yml: (file): no schema reads this file; check the file name',
        expect.stringMatching(/^content\/fixture\/pages\/about-us\.md: faq: /),
        expect.stringMatching(/^content\/fixture\/popup\.yaml: expiry: /),
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

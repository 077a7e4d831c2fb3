import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findSite, loadAllSiteConfigs, loadSiteConfig, parseSiteConfig } from '../../src/data/site-config.ts';

const minimal = 'name: Test Motors\ntemplate: classic\nurl: https://www.test.example/\n';

function errorOf(yaml: string, file = 'sites/test-motors.yaml'): string {
  try {
    parseSiteConfig(yaml, file);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected the config to be rejected');
}

describe('site config defaults', () => {
  it('applies the platform defaults to a minimal file', () => {
    const site = parseSiteConfig(minimal, 'sites/test-motors.yaml');
    expect(site.slug).toBe('test-motors');
    expect(site.url).toBe('https://www.test.example');
    expect(site.state).toBe('qld');
    expect(site.search.pageSize).toBe(21);
    expect(site.search.sortOptions).toEqual(['mostRelevant', 'latest', 'highestPrice', 'lowestPrice']);
    expect(site.search.collapseSold).toBe(true);
    expect(site.search.cardAttributes).toEqual(['car_type', 'simple_body', 'km', 'simple_transmission', 'stocknum']);
    expect(site.search.priceSlider).toEqual({ min: 5000, max: 250000, step: 500 });
    expect(site.vehicle.noPriceText).toBe('Enquire for price.');
    expect(site.vehicle.commentsLimit).toBe(400);
    expect(site.vehicle.stickyHeaderOffset).toBe(500);
    expect(site.vehicle.mobileBarOffset).toBe(900);
    expect(site.finance.interestRate).toBe(10);
    expect(site.finance.defaultTerm).toBe(6);
    expect(site.finance.calculator.defaultTerm).toBe(5);
    expect(site.finance.provider).toBeUndefined();
    expect(site.stock.includeSoldDays).toBe(3);
    expect(site.reviews.minRating).toBe(4);
    expect(site.offers.textLimit).toBe(160);
    expect(site.offers.disclaimerLimit).toBe(200);
    expect(site.forms.enquiryEventId).toBe(22);
    expect(site.forms.careersEventId).toBe(51);
    expect(site.source).toEqual({ kind: 'file' });
    expect(site.search.backend).toEqual({ kind: 'embedded' });
  });

  it('deep-merges overrides: a nested key changes, its siblings keep their defaults', () => {
    const site = parseSiteConfig(
      `${minimal}finance:\n  interestRate: 8.5\n  interestSlider: { min: 4 }\nsearch:\n  sortOptions: [latest]\n`,
      'sites/test-motors.yaml',
    );
    expect(site.finance.interestRate).toBe(8.5);
    expect(site.finance.interestSlider).toEqual({ min: 4, max: 15, step: 0.5 });
    expect(site.finance.defaultAmount).toBe(30000);
    // Lists replace rather than merge, so a site can remove a default option.
    expect(site.search.sortOptions).toEqual(['latest']);
    expect(site.search.pageSize).toBe(21);
  });

  it('loads the three demo dealers with their templates and switches', () => {
    const sites = loadAllSiteConfigs('sites');
    expect(sites.map((s) => [s.slug, s.template])).toEqual([
      ['bayside-mg', 'brand'],
      ['northside-used', 'classic'],
      ['summit-motor-group', 'group'],
    ]);
    expect(findSite(sites, 'bayside-mg').finance.interestRate).toBe(8.5);
    expect(findSite(sites, 'northside-used').stock.usedOnly).toBe(true);
    expect(findSite(sites, 'summit-motor-group').urls.checkoutSegment).toBe('buy-online');
  });

  it('names the known sites when a slug is unknown', () => {
    const sites = loadAllSiteConfigs('sites');
    expect(() => findSite(sites, 'bayside-gm')).toThrowErrorMatchingInlineSnapshot(`[Error: Unknown site "bayside-gm". Did you mean "bayside-mg"? Sites: bayside-mg, northside-used, summit-motor-group.]`);
  });
});

describe('site config errors name the file, the key, what was expected and the fix', () => {
  it('wrong type', () => {
    expect(errorOf(`${minimal}finance:\n  interestRate: ten\n`)).toMatchInlineSnapshot(`
      "Site config sites/test-motors.yaml cannot be used:
        - finance.interestRate: expected a number, got "ten" (text). Change it to a number.
      Every key and its default is documented in src/schemas/site-config.ts."
    `);
  });

  it('misspelt key, with a suggestion', () => {
    expect(errorOf(`${minimal}features:\n  favourite: true\n`)).toMatchInlineSnapshot(`
      "Site config sites/test-motors.yaml cannot be used:
        - features.favourite: is not a setting here. Did you mean "favourites"? Remove it or fix the spelling.
      Every key and its default is documented in src/schemas/site-config.ts."
    `);
  });

  it('value outside a list of choices', () => {
    expect(errorOf('name: X\ntemplate: shop\nurl: https://x.example\n')).toMatchInlineSnapshot(`
      "Site config sites/test-motors.yaml cannot be used:
        - template: "shop" (text) is not allowed. Use one of: "brand", "group", "classic".
      Every key and its default is documented in src/schemas/site-config.ts."
    `);
  });

  it('missing required key', () => {
    expect(errorOf('template: brand\nurl: https://x.example\n')).toMatchInlineSnapshot(`
      "Site config sites/test-motors.yaml cannot be used:
        - name: is required (text). Add it, for example: name: "...".
      Every key and its default is documented in src/schemas/site-config.ts."
    `);
  });

  it('a secret written into the file', () => {
    expect(
      errorOf(`${minimal}source:\n  kind: http\n  baseUrl: https://api.example\n  tokenEnv: TEST_TOKEN\n  token: abc123\n`),
    ).toMatchInlineSnapshot(`
      "Site config sites/test-motors.yaml cannot be used:
        - source.token: secrets never go in site files. Put the value in an environment variable and name that variable in tokenEnv instead.
      Every key and its default is documented in src/schemas/site-config.ts."
    `);
  });

  it('unknown source kind', () => {
    expect(errorOf(`${minimal}source:\n  kind: ftp\n`)).toMatchInlineSnapshot(`
      "Site config sites/test-motors.yaml cannot be used:
        - source.kind: "ftp" (text) is not a known kind. Set kind to one of: "file", "http".
      Every key and its default is documented in src/schemas/site-config.ts."
    `);
  });

  it('slug that does not match the file name', () => {
    expect(errorOf(`${minimal}slug: other-motors\n`)).toMatchInlineSnapshot(`
      "Site config sites/test-motors.yaml cannot be used:
        - slug: is "other-motors" but the file is named test-motors.yaml. Rename the file to other-motors.yaml or set slug: test-motors.
      Every key and its default is documented in src/schemas/site-config.ts."
    `);
  });

  it('broken YAML', () => {
    expect(errorOf('name: X\n  template: [\n')).toMatchInlineSnapshot(`
      "Site config sites/test-motors.yaml cannot be used:
        - line 1: Nested mappings are not allowed in compact mappings at line 1, column 7. Fix the YAML syntax there.
        - line 1: Implicit keys need to be on a single line at line 1, column 7. Fix the YAML syntax there.
        - line 3: Flow sequence in block collection must be sufficiently indented and end with a ] at line 3, column 1. Fix the YAML syntax there.
      Every key and its default is documented in src/schemas/site-config.ts."
    `);
  });

  it('several problems at once: bad URL, colour, bound and range', () => {
    expect(
      errorOf('name: X\ntemplate: brand\nurl: not a url\nsearch:\n  pageSize: 0\n  priceSlider: { min: 9, max: 1 }\ntheme: { primary: red }\n'),
    ).toMatchInlineSnapshot(`
      "Site config sites/test-motors.yaml cannot be used:
        - url: "not a url" (text) is not a web address. Write it in full, for example https://www.dealer.example.
        - theme.primary: "red" (text) is not a valid value. Expected a CSS colour such as #c8102e or oklch(0.6 0.2 25).
        - search.pageSize: 0 (number) is too small. Use at least 1.
        - search.priceSlider: min must be below max.
      Every key and its default is documented in src/schemas/site-config.ts."
    `);
  });
});

describe('reading a site config again', () => {
  it('gives each read its own copy, follows an edit, and still refuses an invalid edit', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'site-config-'));
    try {
      mkdirSync(path.join(root, 'sites'));
      const file = path.join(root, 'sites', 'a-dealer.yaml');
      writeFileSync(file, minimal);
      // Whatever a caller does with its copy, the next read is the file's.
      const reads = [0, 1, 2].map(() => {
        const config = loadSiteConfig('sites/a-dealer.yaml', root);
        expect(config.features.print).not.toBe('off');
        config.features.print = 'off';
        return config;
      });
      expect(new Set(reads).size).toBe(3);

      writeFileSync(file, minimal.replace('Test Motors', 'Renamed Motors'));
      expect(loadSiteConfig('sites/a-dealer.yaml', root).name).toBe('Renamed Motors');
      writeFileSync(file, `${minimal}features:\n  print: sideways\n`);
      expect(() => loadSiteConfig('sites/a-dealer.yaml', root)).toThrow(/features\.print/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

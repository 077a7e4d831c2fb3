import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSiteContent } from '../../src/data/site-data.ts';

// What marketing staff read when a content file they edited cannot be used: the file, the key (with
// the list item), what was expected, what the file has, and how to fix it. Each fixture is a site's
// content folder with the files every site has, then the files under test, loaded the way a build loads them.

const roots: string[] = [];
afterAll(async () => {
  await Promise.all(roots.map((root) => rm(root, { recursive: true, force: true })));
});

const VALID: Record<string, string> = {
  'menus.yaml': 'header:\n  - label: Stock\n    href: /stock\n',
  'site.yaml': [
    'tagline: Trusted since 1985',
    'heroTitle: Find your next car',
    'heroText: Hundreds of cars in stock.',
    'whyBuyFromUs: [Local, Family owned]',
    'whatsIncluded: [Roadworthy certificate]',
    'warranty: 12 months',
    'roadsideAssist: 12 months',
    'servicingBenefits: [Loan cars]',
    '',
  ].join('\n'),
};

/** The message a build gets for a content folder holding `files` (paths under content/test-motors/). */
async function errorOf(files: Record<string, string>): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'content-errors-'));
  roots.push(root);
  const dir = path.join(root, 'content', 'test-motors');
  await mkdir(path.join(dir, 'pages'), { recursive: true });
  for (const [name, text] of Object.entries({ ...VALID, ...files })) await writeFile(path.join(dir, name), text);
  try {
    loadSiteContent('test-motors', root);
  } catch (error) {
    // Shown relative to the working folder, which is the project root in a build.
    return (error as Error).message.replaceAll(`${path.relative(process.cwd(), root)}${path.sep}`, '');
  }
  throw new Error('expected the content to be rejected');
}

const POPUP = 'id: summer\ntitle: Summer sale\nbody: Save now\ncta: { label: Shop, url: /special-offers }\nexpiry: 2025-07-24T23:59:59+10:00\n';

describe('content file errors', () => {
  it('suggests the key a misspelt one was meant to be, in place of "title is required"', async () => {
    expect(await errorOf({ 'popup.yaml': POPUP.replace('title:', 'titel:') })).toMatchInlineSnapshot(`
      "Content file content/test-motors/popup.yaml cannot be used:
        - titel: is not a setting here. Did you mean "title"? Remove it or fix the spelling.
      Fix the file and rebuild; the site keeps its last good version until then."
    `);
  });

  it('says what type was expected, what the file has and how a list is written', async () => {
    expect(await errorOf({ 'menus.yaml': 'header:\n  - label: Stock\n    children: Used cars\n' })).toMatchInlineSnapshot(`
      "Content file content/test-motors/menus.yaml cannot be used:
        - header.0.children (item 1, label "Stock"): expected a list, got "Used cars" (text). Make it a list: each item on its own line under children:, starting with "- ".
      Fix the file and rebuild; the site keeps its last good version until then."
    `);
    expect(await errorOf({ 'site.yaml': `${VALID['site.yaml']}stats:\n  - value: 35\n    label: years in business\n` })).toMatchInlineSnapshot(`
      "Content file content/test-motors/site.yaml cannot be used:
        - stats.0.value (item 1, label "years in business"): expected text, got 35 (number). Put it in quotes: value: "35".
      Fix the file and rebuild; the site keeps its last good version until then."
    `);
  });

  it('explains a date the site cannot read, with the fix written out', async () => {
    const cards = [
      '- id: stocktake',
      '  title: Stocktake sale',
      '  start: 24/07/2025',
      '  expiry: 2025-07-31',
      '- id: eofy',
      '  title: EOFY',
      '  expiry: 2025-06-30T23:59:59',
      '- id: winter',
      '  title: Winter',
      '  start: next Monday',
      '',
    ].join('\n');
    expect(await errorOf({ 'promo-cards.yaml': cards })).toMatchInlineSnapshot(`
      "Content file content/test-motors/promo-cards.yaml cannot be used:
        - 0.start (item 1, id "stocktake"): "24/07/2025" (text) does not start with the year. Write it as 2025-07-24T00:00:00+10:00 (the date, T, the time, then +10:00 for Brisbane time).
        - 0.expiry (item 1, id "stocktake"): "2025-07-31" (text) has a date but no time. Write it as 2025-07-31T23:59:59+10:00 (the date, T, the time, then +10:00 for Brisbane time).
        - 1.expiry (item 2, id "eofy"): "2025-06-30T23:59:59" (text) has no time zone. Write it as 2025-06-30T23:59:59+10:00 (the date, T, the time, then +10:00 for Brisbane time).
        - 2.start (item 3, id "winter"): "next Monday" (text) is not a date the site can read. Write it like 2025-07-24T00:00:00+10:00 (the date, T, the time, then +10:00 for Brisbane time).
      Fix the file and rebuild; the site keeps its last good version until then."
    `);
    expect(await errorOf({ 'popup.yaml': POPUP.replace('2025-07-24', '2025-02-30') })).toMatchInlineSnapshot(`
      "Content file content/test-motors/popup.yaml cannot be used:
        - expiry: "2025-02-30T23:59:59+10:00" (text) is not a real date: February 2025 has no day 30. Check the day and the month.
      Fix the file and rebuild; the site keeps its last good version until then."
    `);
  });

  it('names a missing field by its place in the list and the item it belongs to', async () => {
    expect(await errorOf({ 'promo-cards.yaml': '- id: trade-in\n  title: We want your car\n- title: Finance from 6.99%\n  text: Ask us today\n' })).toMatchInlineSnapshot(`
      "Content file content/test-motors/promo-cards.yaml cannot be used:
        - 1.id (item 2, title "Finance from 6.99%"): is required (text). Add it, for example: id: "...".
      Fix the file and rebuild; the site keeps its last good version until then."
    `);
  });

  it('lists the allowed values of a choice', async () => {
    expect(await errorOf({ 'menus.yaml': 'header:\n  - label: Stock\n    dynamic: cars\n' })).toMatchInlineSnapshot(`
      "Content file content/test-motors/menus.yaml cannot be used:
        - header.0.dynamic (item 1, label "Stock"): "cars" (text) is not allowed. Use one of: "models", "stock", "brands", "locations".
      Fix the file and rebuild; the site keeps its last good version until then."
    `);
    expect(await errorOf({ 'promo-cards.yaml': '- id: eofy\n  title: EOFY\n  display: [used, second-hand]\n' })).toMatchInlineSnapshot(`
      "Content file content/test-motors/promo-cards.yaml cannot be used:
        - 0.display.1 (item 1, id "eofy"): "second-hand" (text) is not allowed. Use one of: "new", "demo", "used".
      Fix the file and rebuild; the site keeps its last good version until then."
    `);
  });

  it('refuses a secret: content files are published with the site', async () => {
    expect(await errorOf({ 'site.yaml': `${VALID['site.yaml']}apiKey: sk_live_123\n` })).toMatchInlineSnapshot(`
      "Content file content/test-motors/site.yaml cannot be used:
        - apiKey: looks like a secret. This file is published with the website, so keys, tokens and passwords never go in it. Remove it.
      Fix the file and rebuild; the site keeps its last good version until then."
    `);
  });

  it('points at the line of a YAML syntax error and says what to change there', async () => {
    expect(await errorOf({ 'popup.yaml': POPUP.replace('title: Summer sale', 'title: Summer sale: 20% off') })).toMatchInlineSnapshot(`
      "Content file content/test-motors/popup.yaml cannot be used:
        - line 2 (title: Summer sale: 20% off): the value contains ": " (a colon and a space), which YAML reads as another key. Put the whole value in double quotes: title: "Summer sale: 20% off".
      Fix the file and rebuild; the site keeps its last good version until then."
    `);
    expect(await errorOf({ 'promo-cards.yaml': '- id: a\n  title: A\n - id: b\n   title: B\n' })).toMatchInlineSnapshot(`
      "Content file content/test-motors/promo-cards.yaml cannot be used:
        - line 3 (- id: b): this list item's "-" is not lined up with the items above it. Start every "-" of one list in the same column.
      Fix the file and rebuild; the site keeps its last good version until then."
    `);
    expect(await errorOf({ 'popup.yaml': POPUP.replace('body: Save now', 'body: "Save now') })).toMatchInlineSnapshot(`
      "Content file content/test-motors/popup.yaml cannot be used:
        - line 3 (body: "Save now): a double quote opened on this line is never closed. Add the closing " at the end of the value.
      Fix the file and rebuild; the site keeps its last good version until then."
    `);
  });

  it('points at the line of the file for broken frontmatter in a page', async () => {
    const page = '---\ntitle: Careers\ndescription: [Join us\n---\n# Work with us\n';
    expect(await errorOf({ 'pages/careers.md': page })).toMatchInlineSnapshot(`
      "Content file content/test-motors/pages/careers.md cannot be used:
        - line 3 (description: [Join us): the [ opened on this line is never closed. Add the closing ], or put the value in double quotes if the [ is part of the text.
      Fix the file and rebuild; the site keeps its last good version until then."
    `);
    expect(await errorOf({ 'pages/careers.md': '---\ntitle: Careers\ndescription: Join us\n\n# Work with us\n' })).toMatchInlineSnapshot(`
      "Content file content/test-motors/pages/careers.md cannot be used:
        - line 1 (---): the settings at the top of the page (title:, description:) are never closed. Add a line with only --- after them.
      Fix the file and rebuild; the site keeps its last good version until then."
    `);
    expect(await errorOf({ 'pages/careers.md': `---\ntitle: Careers\ndescription: ${'Join a family business. '.repeat(8)}\n---\nBody\n` })).toMatchInlineSnapshot(`
      "Content file content/test-motors/pages/careers.md cannot be used:
        - description: "Join a family business. Join a family business. Join a fa..." (text) is 191 characters long. description is for search results and must be 160 characters or fewer.
      Fix the file and rebuild; the site keeps its last good version until then."
    `);
  });
});

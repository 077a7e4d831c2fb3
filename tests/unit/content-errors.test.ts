import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseContent, readMarkdown, readYaml } from '../../src/data/content-files.ts';
import { PopupSchema, PromoCardsFileSchema, MenusSchema, PageFrontmatterSchema } from '../../src/schemas/content.ts';

// What marketing staff read when a content file they edited cannot be used: the file, the key, what
// was expected, what the file has, and how to fix it.
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'content-errors-'));
  await mkdir(path.join(dir, 'pages'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function errorOf(name: string, text: string, parse: (file: string) => unknown): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, text);
  try {
    parse(file);
  } catch (error) {
    return (error as Error).message.replace(path.relative(process.cwd(), dir), '<dir>');
  }
  throw new Error('expected the file to be rejected');
}

const yaml = <S extends Parameters<typeof parseContent>[0]>(schema: S) => (file: string) => parseContent(schema, readYaml(file, null), file);

describe('content file errors', () => {
  it('suggests the key a misspelt one was meant to be', async () => {
    expect(await errorOf('popup.yaml', 'id: summer\ntitel: Summer sale\nbody: Save now\ncta: { label: Shop, url: /special-offers }\n', yaml(PopupSchema))).toMatchInlineSnapshot(`
      "Content file <dir>/popup.yaml cannot be used:
        - title: is required (text). Add it, for example: title: "...".
        - expiry: is required (text). Add it, for example: expiry: 2025-07-24T23:59:59+10:00.
        - titel: is not a setting here. Did you mean "title"? Remove it or fix the spelling.
      Fix the file and rebuild; the site keeps its last good version until then."
    `);
  });

  it('says what type was expected and what the file has', async () => {
    expect(await errorOf('menus.yaml', 'header:\n  - label: Stock\n    children: Used cars\nfooter: []\n', yaml(MenusSchema))).toMatchInlineSnapshot(`
      "Content file <dir>/menus.yaml cannot be used:
        - header.0.children: expected a list, got "Used cars" (text). Change it to a list.
      Fix the file and rebuild; the site keeps its last good version until then."
    `);
  });

  it('explains a date that is not one, with the form it takes', async () => {
    expect(await errorOf('promo-cards.yaml', '- id: stocktake\n  title: Stocktake\n  start: 24/07/2025\n  display: [used]\n', yaml(PromoCardsFileSchema))).toMatchInlineSnapshot(`
      "Content file <dir>/promo-cards.yaml cannot be used:
        - 0.start: "24/07/2025" (text) is not a date and time. Expected an ISO 8601 date-time with an offset, e.g. 2025-07-01T00:00:00+10:00 (Brisbane).
      Fix the file and rebuild; the site keeps its last good version until then."
    `);
  });

  it('names a missing field by its place in the list', async () => {
    expect(await errorOf('promo-cards.yaml', '- id: ok\n  title: Fine\n- title: No id\n', yaml(PromoCardsFileSchema))).toMatchInlineSnapshot(`
      "Content file <dir>/promo-cards.yaml cannot be used:
        - 1.id: is required (text). Add it, for example: id: "...".
      Fix the file and rebuild; the site keeps its last good version until then."
    `);
  });

  it('lists the allowed values of a choice', async () => {
    expect(await errorOf('promo-cards.yaml', '- id: eofy\n  title: EOFY\n  display: [used, second-hand]\n', yaml(PromoCardsFileSchema))).toMatchInlineSnapshot(`
      "Content file <dir>/promo-cards.yaml cannot be used:
        - 0.display.1: "second-hand" (text) is not allowed. Use one of: "new", "demo", "used".
      Fix the file and rebuild; the site keeps its last good version until then."
    `);
  });

  it('points at the line of a YAML syntax error', async () => {
    expect(await errorOf('popup.yaml', 'id: summer\ntitle: Summer sale\n  body: indented wrongly\n', (file) => readYaml(file, null))).toMatchInlineSnapshot(`
      "Content file <dir>/popup.yaml cannot be used:
        - line 2: Nested mappings are not allowed in compact mappings. Fix the YAML syntax there (indentation, a missing colon, or quotes around text with a colon).
      Fix the file and rebuild; the site keeps its last good version until then."
    `);
  });

  it("points at the line of broken frontmatter in a page", async () => {
    expect(await errorOf('pages/careers.md', '---\ntitle: Careers\ndescription: [unclosed\n---\n# Work with us\n', (file) => parseContent(PageFrontmatterSchema, readMarkdown(file).frontmatter, file))).toMatchInlineSnapshot(`
      "Content file <dir>/pages/careers.md cannot be used:
        - line 3: Flow sequence in block collection must be sufficiently indented and end with a ]. Fix the YAML syntax there (indentation, a missing colon, or quotes around text with a colon).
      Fix the file and rebuild; the site keeps its last good version until then."
    `);
  });
});

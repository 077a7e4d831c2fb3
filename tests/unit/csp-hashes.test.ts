import { readdir, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSites } from '../../src/generator/build.ts';
import { cspHash, inlineScriptHashes, inlineTexts, inlineTextsOf } from '../../src/generator/host-files.ts';
import { referenceInlineTexts } from '../support/inline-reference.ts';
import { TEST_SITE, testSiteRoot } from '../support/test-site.ts';

// The Content-Security-Policy allows inline scripts by hash. Feed text may carry "<script>...</script>", and
// inside an attribute value ("<" needs no escaping there) it is text, not an element: its hash must never
// reach _headers, or that exact script would run wherever else it got injected.

const PAYLOAD = '<script>window.x=1</script>';
const BADGE_PAYLOAD = '<script>window.y=2</script>';

describe('finding inline scripts', () => {
  const hostile = [
    `<meta name="description" content="2024 Toyota ${PAYLOAD} Ascent"><meta property="og:title" content='${PAYLOAD}'>`,
    `<a aria-label="${PAYLOAD}" href="/cars/">x</a><img alt=${'"'}${PAYLOAD}${'"'} src="/a.jpg">`,
    `<title>${PAYLOAD}</title><textarea>${PAYLOAD}</textarea>`,
    `<!-- ${PAYLOAD} --><p data-x="a>b ${PAYLOAD}">text</p>`,
    `<input value="${PAYLOAD}" type=text><div title='">${PAYLOAD}'></div>`,
  ];

  it.each(hostile)('takes no script from attribute values, titles, textareas or comments: %s', (html) => {
    const page = `<!doctype html><html><head>${html}<script>real()</script></head><body></body></html>`;
    expect(inlineTexts(page).scripts).toEqual(['real()']);
    expect(inlineScriptHashes(page).scripts).not.toContain(cspHash('window.x=1'));
    expect(inlineTexts(page)).toEqual(referenceInlineTexts(page));
  });

  it('matches the full HTML tokenizer on awkward but valid markup', () => {
    const pages = [
      '<SCRIPT type="MODULE">a()</SCRIPT ><script type="application/ld+json">{"a":"</p>"}</script>',
      '<script>var s = "</scr" + "ipt>";\r\nrun(s);\r</script><style>p::after{content:"<b>"}</style>',
      '<script language="javascript">b()</script><script language="vbscript">c()</script><script type=" text/javascript ">d()</script>',
      '<p style="color:red" onclick="x()">a < b</p><a href="&#106;avascript:alert(1)">x</a><script\tsrc="/x.js"></script>',
      '<script>\0nul</script><div a=1 b c="2"/><br/><script type="importmap">{}</script>',
      // Every attribute the scan acts on, in any case, beside names of the same length it passes over.
      '<SCRIPT TYPE="application/json">{}</SCRIPT><script Language="vbscript">v()</script><script SrC="/x.js"></script><script typo="module">t()</script>',
      '<p STYLE="x" class="y" ONLOAD="a()" oN="b" onx="c" ox="d">p</p><svg><a XLINK:HREF="javascript:e()" xlinkshref="javascript:f()">s</a></svg>',
      '<form ACTION=" javascript:g()"><button FormAction="JavaScript:h()" formactiom="javascript:i()">b</button></form><object DATA="javascript:j()" dat="javascript:k()"></object>',
      // Names beginning or going on beyond ASCII.
      '<p éonclick="x()" önload="y()">a</p><svg><a xlin\u212A:href="javascript:z()">k</a></svg><p on\u0130="w()">i</p>',
    ];
    for (const page of pages) expect(inlineTexts(page), page).toEqual(referenceInlineTexts(page));
  });

  it('reads a page from its UTF-8 bytes as it reads the decoded text, whatever the page and its scripts hold', () => {
    const pages = [
      '<p title="Café – 2.0 L · 4×4 🚗">Mazda ’21</p><script>ascii()</script><style>p{color:red}</style>',
      '<script>alert("Café – 4×4 🚗")</script><style>p::after{content:"→"}</style>',
      '<script>\0nul</script><p>ü</p>',
      '<script>\r\nrun("é")\r</script>',
    ];
    for (const page of pages) {
      const bytes = Buffer.from(page, 'utf8');
      expect(inlineTextsOf(bytes), page).toEqual(inlineTexts(page));
      expect(inlineTextsOf(bytes).scripts.map((text) => cspHash(text)), page).toEqual(inlineTexts(page).scripts.map((text) => cspHash(text)));
    }
  });
});

describe('a site whose feed carries script markup in a vehicle name', () => {
  const slug = TEST_SITE;
  let root: string;
  let live: string;

  beforeAll(async () => {
    root = await testSiteRoot('csp-hashes', 20);
    const feedFile = path.join(root, 'data', 'feed', slug, 'vehicles.json');
    const feed = JSON.parse(await readFile(feedFile, 'utf8')) as Array<Record<string, unknown>>;
    // An ordinary car of the demo feed, one the site lists (some records are deliberate edge cases).
    const base = feed.find((v) => v.status === 'in_stock' && Number(v.km ?? 0) < 100_000 && Number(v.price) > 0 && v.show_on_dealer_website !== false)!;
    feed.push({ ...base, id: 990001, slug: undefined, stocknum: 'X990001', model: PAYLOAD });
    feed.push({ ...base, id: 990002, slug: undefined, stocknum: 'X990002', badge: BADGE_PAYLOAD });
    await writeFile(feedFile, JSON.stringify(feed));
    const summary = await buildSites({ root, site: slug, interactive: false });
    expect(summary.sites[0]!.status).toBe('published');
    live = await realpath(path.join(root, 'out', slug));
  }, 240_000);

  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  async function pages(): Promise<Array<{ file: string; html: string }>> {
    const files = (await readdir(live, { recursive: true })).filter((f) => f.endsWith('.html'));
    return Promise.all(files.map(async (file) => ({ file, html: await readFile(path.join(live, file), 'utf8') })));
  }

  it('publishes the text raw inside attributes, yet no hash of it reaches _headers', async () => {
    const all = await pages();
    // The case this guards: the payload sits unescaped in an attribute of some page.
    expect(all.some(({ html }) => /content="[^"]*<script>window\.[xy]=[12]<\/script>/.test(html))).toBe(true);
    const headers = await readFile(path.join(live, '_headers'), 'utf8');
    expect(headers).not.toContain(cspHash('window.x=1'));
    expect(headers).not.toContain(cspHash('window.y=2'));
  });

  it('still allows every real inline script and style of every page, and nothing else', async () => {
    const headers = await readFile(path.join(live, '_headers'), 'utf8');
    const allowed = new Set(headers.match(/sha256-[A-Za-z0-9+/=]+/g));
    const expected = new Set<string>();
    for (const { file, html } of await pages()) {
      const reference = referenceInlineTexts(html);
      expect(inlineTexts(html), file).toEqual(reference);
      for (const text of [...reference.scripts, ...reference.styles]) expected.add(cspHash(text));
    }
    expect(expected.size).toBeGreaterThan(0);
    expect(allowed).toEqual(expected);
  });
});

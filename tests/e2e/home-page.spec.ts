// The home page as a shopper uses it, on every demo site: the promotions slider (buttons, keyboard, swipe,
// auto-advance that stops for the shopper and for reduced motion, the first slide as the main image), the
// tabs, the FAQ accordion, the price entry points, every image loading, axe in the opened states, and the
// blocks each template shows or leaves out.
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { findSite, loadAllSiteConfigs } from '../../src/data/site-config.ts';
import { loadSiteContent } from '../../src/data/site-data.ts';
import { HOME_SECTIONS_BY_TEMPLATE, type HomeSection } from '../../src/rules/home-sections.ts';
import { PRICE_PRESETS } from '../../src/rules/price-slider.ts';
import { HOME_FIRST_SCREEN_PARSED_ID } from '../../src/views/navigation.ts';
import { seriousViolations } from '../support/axe.ts';
import { startStallingProxy } from '../support/stalling-proxy.ts';
import { drawFinger } from '../support/touch.ts';

const sites = loadAllSiteConfigs('sites');

function siteOf(testInfo: TestInfo) {
  const site = findSite(sites, String(testInfo.project.metadata.site));
  return { site, home: loadSiteContent(site.slug).home ?? null, sections: HOME_SECTIONS_BY_TEMPLATE[site.template] as readonly HomeSection[] };
}

/**
 * Every byte offset just after a tag, from the marker element to the start of the `count`th element after
 * it, and that element's tag name. Script and style bodies are skipped, as the parser makes no elements in
 * them.
 */
function firstScreenCuts(html: string, markerAt: number, count: number) {
  const tag = /<(\/?)([a-zA-Z][\w-]*)[^>]*>/g;
  tag.lastIndex = html.indexOf('>', markerAt) + 1;
  const offsets: number[] = [];
  let started = 0;
  for (let match; (match = tag.exec(html)); ) {
    const [, closing, name = ''] = match;
    if (!closing && started++ === count) return { offsets, nextTag: name.toLowerCase() };
    offsets.push(tag.lastIndex);
    if (!closing && (name === 'script' || name === 'style')) tag.lastIndex = html.indexOf(`</${name}>`, tag.lastIndex);
  }
  return { offsets, nextTag: null };
}

const slider = (page: Page) => page.locator('[data-hero-slider]');
const currentSlide = (page: Page) => slider(page).getAttribute('data-current');

test.describe('home page', () => {
  test('the promotions slider moves by its buttons and the keyboard', async ({ page }, testInfo) => {
    const { home } = siteOf(testInfo);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    if (!home?.slides) {
      await expect(slider(page)).toHaveCount(0);
      return;
    }
    const count = home.slides.length;
    expect(count).toBeGreaterThan(1);
    const dots = slider(page).locator('[data-dot]');
    await expect(dots).toHaveCount(count);
    await expect.poll(() => currentSlide(page)).toBe('0');
    await expect(dots.nth(0)).toHaveAttribute('aria-current', 'true');

    await slider(page).getByRole('button', { name: 'Next slide' }).click();
    await expect.poll(() => currentSlide(page)).toBe('1');
    await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true');
    // The strip itself has moved to the second slide, and only the slide in view takes focus.
    const track = slider(page).locator('[data-track]');
    await expect.poll(() => track.evaluate((t) => Math.round(t.scrollLeft / t.clientWidth))).toBe(1);
    const slides = slider(page).locator('[data-slide]');
    await expect(slides.nth(0)).toHaveJSProperty('inert', true);
    await expect(slides.nth(1)).toHaveJSProperty('inert', false);
    await expect(slides.nth(1).getByRole('link').first()).toBeVisible();

    await slider(page).getByRole('button', { name: 'Previous slide' }).click();
    await expect.poll(() => currentSlide(page)).toBe('0');
    // Arrow keys while focus is in the slider; left from the first wraps to the last.
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => currentSlide(page)).toBe('1');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => currentSlide(page)).toBe(String(count - 1));
    await dots.nth(0).click();
    await expect.poll(() => currentSlide(page)).toBe('0');

  });

  test('a swipe on a phone shows the next slide', async ({ browser }, testInfo) => {
    const { home } = siteOf(testInfo);
    test.skip(!home?.slides, 'no slider on this site (its absence is checked above)');
    const context = await browser.newContext({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 }, reducedMotion: 'reduce', baseURL: testInfo.project.use.baseURL });
    const page = await context.newPage();
    await page.goto('/');
    await expect.poll(() => currentSlide(page)).toBe('0');
    const track = slider(page).locator('[data-track]');
    // A finger drawn from right to left across the picture, as the touch screen reports it. The picture is
    // measured at each attempt, in case anything above it has moved since the last.
    const cdp = await context.newCDPSession(page);
    const swipe = async () => {
      const box = (await track.boundingBox())!;
      const y = Math.round(box.y + 60);
      const x = Math.round(box.x + box.width * 0.9);
      // What the finger lands on, for the failure message.
      const landing = await page.evaluate(({ x, y }) => {
        const under = document.elementFromPoint(x, y);
        return `a swipe at (${x}, ${y}) landing on <${under?.tagName.toLowerCase()} class="${under?.className}">, zoom ${visualViewport?.scale}, page scrolled ${scrollY} px`;
      }, { x, y });
      await drawFinger(page, cdp, { x, y }, { x: x - Math.round(box.width * 0.75), y });
      return landing;
    };
    // On a loaded machine the browser can take a gesture whose events arrive late for a tap and not scroll;
    // a shopper would swipe again, so the gesture is repeated until the strip moves. Each attempt waits for
    // the strip to start moving before the next, so no swipe goes past one that moved it (the slide number
    // below then holds it to the next slide).
    await expect(async () => {
      const landing = await swipe();
      await expect.poll(() => track.evaluate((t) => t.scrollLeft), { message: `the strip moves after ${landing}`, timeout: 1_000 }).toBeGreaterThan(0);
    }).toPass({ timeout: 20_000 });
    await expect.poll(() => currentSlide(page)).toBe('1');
    await expect(slider(page).locator('[data-dot]').nth(1)).toHaveAttribute('aria-current', 'true');
    // A swipe across the slider scrolls its strip, not the page: a popup promotion waiting for the shopper's
    // first scroll stays shut (its opening by a finger on the page is in popup.spec.ts).
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await context.close();
  });

  test('the slider moves by itself until the shopper interacts, and never for reduced motion', async ({ page }, testInfo) => {
    const { home } = siteOf(testInfo);
    test.skip(!home?.slides, 'no slider on this site (its absence is checked in the first test)');
    await page.clock.install();
    await page.goto('/');
    const interval = Number(await slider(page).getAttribute('data-interval'));
    await expect.poll(() => currentSlide(page)).toBe('0');
    await page.clock.runFor(interval + 100);
    await expect.poll(() => currentSlide(page)).toBe('1');
    // Pausing stops it for good.
    await slider(page).getByRole('button', { name: 'Pause' }).click();
    await expect(slider(page).getByRole('button', { name: 'Play' })).toHaveAttribute('aria-pressed', 'true');
    await page.clock.runFor(interval * 3);
    expect(await currentSlide(page)).toBe('1');

    // Reduced motion: it never moves by itself, and offers Play rather than Pause.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.reload();
    await expect.poll(() => currentSlide(page)).toBe('0');
    await page.clock.runFor(interval * 3);
    expect(await currentSlide(page)).toBe('0');
    await expect(slider(page).getByRole('button', { name: 'Play' })).toBeVisible();
  });

  for (const width of [390, 1366]) {
    test(`at ${width} px the first slide is the page's main image and nothing moves as the page loads`, async ({ browser }, testInfo) => {
      const { site, home } = siteOf(testInfo);
      test.skip(!home?.slides, 'no slider on this site');
      const context = await browser.newContext({ viewport: { width, height: width === 390 ? 844 : 900 }, baseURL: testInfo.project.use.baseURL, reducedMotion: 'reduce' });
      const page = await context.newPage();
      await page.goto('/');
      const first = slider(page).locator('[data-slide]').first().locator('img');
      await expect(first).toHaveAttribute('loading', 'eager');
      await expect(first).toHaveAttribute('fetchpriority', 'high');
      await expect(first).toHaveAttribute('width', '1920');
      await expect(first).toHaveAttribute('height', '540');
      // Only the first slide loads at once.
      await expect(slider(page).locator('[data-slide] img[fetchpriority="high"]')).toHaveCount(1);
      const measured = await page.evaluate(
        () =>
          new Promise<{ lcp: string | null; cls: number }>((resolve) => {
            let lcp: Element | null = null;
            let cls = 0;
            new PerformanceObserver((list) => (lcp = (list.getEntries().at(-1) as (PerformanceEntry & { element?: Element | null }) | undefined)?.element ?? lcp)).observe({ type: 'largest-contentful-paint', buffered: true });
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) if (!entry.hadRecentInput) cls += entry.value;
            }).observe({ type: 'layout-shift', buffered: true });
            setTimeout(() => resolve({ lcp: lcp ? (lcp as HTMLImageElement).currentSrc || lcp.outerHTML.slice(0, 80) : null, cls }), 1500);
          }),
      );
      expect(measured.lcp).toBe(await first.evaluate((img: HTMLImageElement) => img.currentSrc));
      expect(measured.cls).toBeLessThan(0.01);
      // Phones get the half-size banner, desktops the full one.
      expect(await first.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(width === 390 ? /-heroSmall\.(webp|jpg)$/ : /-hero\.(webp|jpg)$/);
      await page.screenshot({ path: testInfo.outputPath(`${site.slug}-home-${width}.png`) });
      await page.screenshot({ path: testInfo.outputPath(`${site.slug}-home-${width}-full.png`), fullPage: true });
      await context.close();
    });
  }

  test('on a slow device the first screen is whole in the first frame and never moves as the page arrives', async ({ browser }, testInfo) => {
    for (const width of [390, 1366]) {
      const context = await browser.newContext({ viewport: { width, height: width === 390 ? 844 : 900 }, baseURL: testInfo.project.use.baseURL, reducedMotion: 'reduce' });
      const page = await context.newPage();
      // A slow device's parser stops part-way through the page and lets the browser paint. The slider's
      // controls and the intro's buttons sit in rows whose width and height come from what they hold, so
      // painted half parsed they would move when the rest arrives.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
      await page.addInitScript((id) => {
        const seen = { firstFrame: null as boolean | null, shift: 0, sources: [] as string[] };
        (window as unknown as { __firstScreen: typeof seen }).__firstScreen = seen;
        requestAnimationFrame(() => (seen.firstFrame = document.getElementById(id) !== null));
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Array<{ node?: Node | null }> }>) {
            if (entry.hadRecentInput) continue;
            seen.shift += entry.value;
            for (const { node } of entry.sources ?? []) seen.sources.push((node instanceof Element ? node : node?.parentElement)?.outerHTML.slice(0, 120) ?? '?');
          }
        }).observe({ type: 'layout-shift', buffered: true });
      }, HOME_FIRST_SCREEN_PARSED_ID);
      await page.goto('/', { waitUntil: 'load', timeout: 20_000 });
      await page.waitForTimeout(300);
      const seen = await page.evaluate(() => (window as unknown as { __firstScreen: { firstFrame: boolean | null; shift: number; sources: string[] } }).__firstScreen);
      expect(seen.shift, `${width} px: layout shift from ${seen.sources.join(' | ')}`).toBe(0);
      expect(seen.firstFrame, `${width} px: the slider and intro were complete in the first frame`).toBe(true);
      await context.close();
    }
  });

  test('painted at any point after the first screen is parsed, nothing in the first screen moves when the rest arrives', async ({ browser }, testInfo) => {
    // The deterministic partner of the slow-device test: the page's HTML stops at every tag boundary
    // between the paint marker and the first element below the first screen, the browser paints what it
    // has, and the rest arrives.
    test.setTimeout(120_000);
    const proxy = await startStallingProxy({ origin: String(testInfo.project.use.baseURL), path: '/', pauseMs: 120 });
    const text = proxy.html.toString('latin1');
    try {
      for (const width of [390, 1366]) {
        const context = await browser.newContext({ viewport: { width, height: width === 390 ? 844 : 900 }, reducedMotion: 'reduce' });
        await context.addInitScript(() => {
          const shifts: string[] = [];
          (window as unknown as { __shifts: string[] }).__shifts = shifts;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as Array<PerformanceEntry & { hadRecentInput: boolean; sources?: Array<{ node?: Node | null }> }>) {
              if (entry.hadRecentInput) continue;
              for (const { node } of entry.sources ?? []) shifts.push((node instanceof Element ? node : node?.parentElement)?.outerHTML.slice(0, 120) ?? '?');
            }
          }).observe({ type: 'layout-shift', buffered: true });
        });
        const page = await context.newPage();
        const settled = () =>
          page.evaluate(() => new Promise<string[]>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve((window as unknown as { __shifts: string[] }).__shifts)))));
        // The whole page first: how many elements follow the marker before the first one below the first screen.
        proxy.stallAt(proxy.html.length);
        await page.goto(`${proxy.url}/`);
        const fold = await page.evaluate((id) => {
          const all = [...document.querySelectorAll('*')];
          const after = all.slice(all.indexOf(document.getElementById(id)!) + 1);
          const below = after.findIndex((element) => {
            const box = element.getBoundingClientRect();
            return box.top >= innerHeight && box.height > 0;
          });
          return { count: below, tag: after[below]?.localName ?? null };
        }, HOME_FIRST_SCREEN_PARSED_ID);
        expect(fold.tag, `${width} px: the page runs on below the first screen`).not.toBeNull();
        // On a phone the marker itself can lie below the first screen, leaving only the tags that close it.
        const cuts = firstScreenCuts(text, text.indexOf(`id="${HOME_FIRST_SCREEN_PARSED_ID}"`), fold.count);
        expect(cuts.nextTag, `${width} px: the HTML's start tags line up with the parsed elements`).toBe(fold.tag);
        const moved: string[] = [];
        for (const cut of cuts.offsets) {
          proxy.stallAt(cut);
          await page.goto(`${proxy.url}/`);
          const shifts = await settled();
          if (shifts.length > 0) moved.push(`after …${JSON.stringify(text.slice(cut - 50, cut))}: ${shifts.join(' | ')}`);
        }
        expect(moved, `${width} px, ${cuts.offsets.length} stopping points`).toEqual([]);
        await context.close();
      }
    } finally {
      await proxy.close();
    }
  });

  test('each template shows its blocks and leaves out the others', async ({ page }, testInfo) => {
    const { site, home, sections } = siteOf(testInfo);
    await page.goto('/');
    const expectShown = async (section: HomeSection, locator: ReturnType<Page['locator']>, hasContent = true) => {
      await expect(locator, `${section} on ${site.slug}`).toHaveCount(sections.includes(section) && hasContent ? 1 : 0);
    };
    await expectShown('slider', slider(page), Boolean(home?.slides));
    await expectShown('categories', page.locator('[data-card-carousel]'), Boolean(home?.categories));
    await expectShown('tabs', page.locator('[data-home-tabs]'), Boolean(home?.tabs));
    await expectShown('overlayBanner', page.locator('#overlay-banner-heading'), Boolean(home?.overlayBanner));
    await expectShown('facetTiles', page.locator('#makes-heading'));
    await expectShown('brandGrids', page.locator('[data-home-section="brand-grids"]'), site.features.brandPages);
    await expectShown('companyProfile', page.locator('[data-home-section="company-profile"]'));
    await expectShown('stats', page.getByRole('region', { name: 'Our group in numbers' }), site.features.brandPages);
    await expectShown('salesCounter', page.locator('[data-sales-counter]'), site.features.salesCounter);
    await expectShown('faq', page.locator('[data-home-section="faq"]'), Boolean(home?.faq));
    if (home?.categories) await expect(page.getByRole('heading', { name: home.categories.title })).toBeVisible();
    // Facet tiles and brand grids carry a count and a logo for the makes that have one.
    const tiles = page.locator('#makes-heading + ul a, [data-home-section="brand-grids"] ul a');
    if ((await tiles.count()) > 0) {
      await expect(tiles.first()).toContainText(/\d+ (vehicles?|in stock)/);
      await expect(tiles.first().locator('img')).toHaveAttribute('src', /^\/brands\/.+\.svg$/);
    }
  });

  test('the tabs switch by click and arrow keys, and an FAQ opens over 300 ms', async ({ page }, testInfo) => {
    const { home } = siteOf(testInfo);
    await page.goto('/');
    const tabs = page.locator('[data-home-tabs]');
    if (home?.tabs && home.tabs.tabs.length > 1) {
      const [first, second] = home.tabs.tabs;
      await expect(tabs.getByRole('tabpanel')).toHaveCount(1);
      await expect(tabs.getByRole('tabpanel')).toContainText(first!.title);
      await tabs.getByRole('tab', { name: second!.name }).click();
      await expect(tabs.getByRole('tab', { name: second!.name })).toHaveAttribute('aria-selected', 'true');
      await expect(tabs.getByRole('tabpanel')).toContainText(second!.title);
      await expect(tabs.getByRole('tabpanel').getByRole('definition').first()).toHaveText(second!.specs[0]!.value);
      await page.keyboard.press('ArrowLeft');
      await expect(tabs.getByRole('tab', { name: first!.name })).toBeFocused();
      await expect(tabs.getByRole('tabpanel')).toContainText(first!.title);
    } else {
      await expect(tabs).toHaveCount(0);
    }

    const faq = page.locator('[data-home-section="faq"]');
    if (!home?.faq) {
      await expect(faq).toHaveCount(0);
      return;
    }
    const item = faq.locator('details').first();
    const duration = await item.evaluate((d) => getComputedStyle(d, '::details-content').transitionDuration);
    expect(duration.split(',').map((s) => s.trim())).toContain('0.3s');
    await item.locator('summary').click();
    await expect(item).toHaveAttribute('open', '');
    await expect(item.locator('summary + *')).toBeVisible();
    await expect(item).toContainText(home.faq.items[0]!.answer.replace(/\[([^\]]+)\]\([^)]+\)/g, '$1').replace(/\*\*/g, '').slice(0, 30));
  });

  test('preset prices and the price range open the stock search, dearest first', async ({ page }, testInfo) => {
    const { site } = siteOf(testInfo);
    await page.goto('/');
    const presets = page.locator('[data-price-presets] a');
    const values = PRICE_PRESETS[site.search.pricePresets];
    await expect(presets).toHaveCount(values.length);
    const value = values[3]!;
    const preset = presets.filter({ hasText: `$${value.toLocaleString('en-AU')}` });
    await expect(preset).toHaveText(`Up to $${value.toLocaleString('en-AU')}`);
    await preset.click();
    await expect(page).toHaveURL(/\/search\/new-used-and-demo-cars\/\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('range[price]')).toBe(`:${value}`);
    expect(url.searchParams.get('sortBy')).toBe('highestPrice');

    await page.goto('/');
    const low = page.getByRole('slider', { name: 'Lowest price' });
    await low.focus();
    for (let i = 0; i < 4; i++) await low.press('PageUp');
    const min = Number(await low.inputValue());
    expect(min).toBeGreaterThan(site.search.priceSlider.min);
    await page.getByRole('button', { name: 'Show vehicles in this range' }).click();
    await expect(page).toHaveURL(/\/search\/new-used-and-demo-cars\/\?/);
    const range = new URL(page.url());
    expect(range.searchParams.get('range[price]')).toBe(`${min}:`);
    expect(range.searchParams.get('sortBy')).toBe('highestPrice');
  });

  test('every image on the page loads', async ({ page }, testInfo) => {
    const { site } = siteOf(testInfo);
    const failed: string[] = [];
    page.on('response', (r) => r.status() >= 400 && failed.push(`${r.status()} ${r.url()}`));
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    const images = page.locator('main img');
    const count = await images.count();
    expect(count).toBeGreaterThan(3);
    let checked = 0;
    for (let i = 0; i < count; i++) {
      const img = images.nth(i);
      // A hidden tab's picture and the closed popup's are not loaded until they are shown.
      if (!(await img.evaluate((el) => el.checkVisibility()))) continue;
      checked++;
      await img.scrollIntoViewIfNeeded();
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0), { message: `${site.slug}: ${await img.getAttribute('src')}` }).toBe(true);
    }
    expect(checked).toBeGreaterThan(3);
    // Offers show their pictures.
    await expect(page.locator('[data-home-section="offers"] article img').first()).toBeVisible();
    expect(failed).toEqual([]);
  });

  test('axe finds nothing serious with the slider moved, a tab switched and an FAQ open', async ({ page }, testInfo) => {
    const { home } = siteOf(testInfo);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    if (home?.slides) {
      await slider(page).getByRole('button', { name: 'Next slide' }).click();
      await expect.poll(() => currentSlide(page)).toBe('1');
    }
    if (home?.tabs && home.tabs.tabs.length > 1) await page.locator('[data-home-tabs]').getByRole('tab', { name: home.tabs.tabs[1]!.name }).click();
    if (home?.faq) await page.locator('[data-home-section="faq"] summary').first().click();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page, type Response } from '@playwright/test';
import { findSite, loadAllSiteConfigs } from '../../src/data/site-config.ts';
import { SPIN_DRAG_STEP_PX } from '../../src/rules/spin.ts';
import type { SiteConfig } from '../../src/schemas/site-config.ts';
import type { NormalisedVehicle } from '../../src/schemas/snapshot.ts';
import { seriousViolations } from '../support/axe.ts';
import { readSnapshotSync } from '../../src/data/snapshot-files.ts';

// The vehicle page's media on every demo site: the photo strip and its thumbnails, the full-screen
// gallery, video slides, and the 360 spin viewer with its tabs, hotspots and full screen.

const sites = loadAllSiteConfigs('sites');
const siteOf = (project: { metadata: Record<string, unknown> }) => findSite(sites, String(project.metadata.site));

function vehiclesOf(site: SiteConfig): NormalisedVehicle[] {
  return (readSnapshotSync(site.slug)! as { vehicles: NormalisedVehicle[] }).vehicles.filter((v) => v.status === 'in_stock');
}
const hasSpin = (v: NormalisedVehicle) => (v.spin_images?.length ?? 0) > 1;
const pagePath = (v: NormalisedVehicle) => `/cars/${v.slug}/`;

/** An available vehicle without a spin set, with the most photos (so its thumbnails overflow on a phone). */
function photoVehicle(site: SiteConfig): NormalisedVehicle {
  const candidates = vehiclesOf(site).filter((v) => !hasSpin(v) && !(v.images ?? []).some((i) => i.isVideo));
  return candidates.sort((a, b) => (b.images?.length ?? 0) - (a.images?.length ?? 0))[0]!;
}
const videoVehicle = (site: SiteConfig) => vehiclesOf(site).find((v) => !hasSpin(v) && v.video_url && !/^https?:/.test(v.video_url) && (v.images ?? []).some((i) => i.isVideo))!;
const spinVehicle = (site: SiteConfig) => vehiclesOf(site).find((v) => hasSpin(v) && v.spin_interior_image && v.hotspots?.exteriorHotspotPositions?.length)!;

const strip = (page: Page) => page.locator('[data-strip]');
const thumbs = (page: Page) => page.locator('[data-thumb]');
const stage = (scope: Page | Locator) => scope.locator('[data-spin-view="spinner"]').first();
const frameOf = async (scope: Page | Locator) => Number(await stage(scope).getAttribute('data-spin-frame'));

/** Waits until the page's gallery script has run (it reveals the full-screen button). */
async function galleryReady(page: Page): Promise<void> {
  await expect(page.locator('[data-open-lightbox]')).toBeVisible();
}

test.describe('vehicle gallery', () => {
  test('a thumbnail shows its photo in the strip and leaves the address, the history and the page where they are', async ({ page }, testInfo) => {
    const site = siteOf(testInfo.project);
    const vehicle = photoVehicle(site);
    expect(vehicle.images!.length).toBeGreaterThan(3);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(pagePath(vehicle));
    await galleryReady(page);
    await page.evaluate(() => window.scrollTo(0, 120));
    const before = await page.evaluate(() => ({ url: location.href, history: history.length, y: window.scrollY }));

    await thumbs(page).nth(3).click();
    const slide4 = page.locator('#photo-4');
    await expect.poll(async () => Math.abs((await strip(page).evaluate((el) => el.scrollLeft)) - (await slide4.evaluate((el) => (el as HTMLElement).offsetLeft)))).toBeLessThan(2);
    await expect(thumbs(page).nth(3)).toHaveAttribute('aria-current', 'true');
    const after = await page.evaluate(() => ({ url: location.href, history: history.length, y: window.scrollY }));
    expect(after).toEqual(before);
    await page.screenshot({ path: testInfo.outputPath(`${site.slug}-thumbnail-390.png`) });
  });

  test('the thumbnail strip shows that it scrolls, and scrolls by button, pointer and keyboard', async ({ page }, testInfo) => {
    const site = siteOf(testInfo.project);
    const vehicle = photoVehicle(site);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(pagePath(vehicle));
    await galleryReady(page);
    const list = page.locator('[data-thumbs]');
    // More thumbnails than fit: the far end fades and a button offers the rest.
    await expect(list).toHaveAttribute('data-edge', 'end');
    const on = page.getByRole('button', { name: 'Scroll the thumbnails on' });
    await expect(on).toBeVisible();
    await expect(page.getByRole('button', { name: 'Scroll the thumbnails back' })).toBeHidden();
    await on.click();
    await expect.poll(() => list.evaluate((el) => el.scrollLeft)).toBeGreaterThan(100);
    await expect(list).not.toHaveAttribute('data-edge', 'end');
    // Pointer: a wheel over the strip scrolls it sideways.
    await list.evaluate((el) => el.scrollTo({ left: 0 }));
    await list.hover();
    await page.mouse.wheel(200, 0);
    await expect.poll(() => list.evaluate((el) => el.scrollLeft)).toBeGreaterThan(50);
    // Keyboard: tabbing to the last thumbnail brings it into view, and Enter shows its photo.
    await list.evaluate((el) => el.scrollTo({ left: 0 }));
    await thumbs(page).first().focus();
    const count = await thumbs(page).count();
    for (let i = 1; i < count; i++) await page.keyboard.press('Tab');
    await expect(thumbs(page).last()).toBeFocused();
    await expect(thumbs(page).last()).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(thumbs(page).last()).toHaveAttribute('aria-current', 'true');
    expect(new URL(page.url()).hash).toBe('');
  });

  test('the gallery opens full screen: arrow keys and swipe move, Escape closes and focus returns', async ({ page }, testInfo) => {
    const site = siteOf(testInfo.project);
    const vehicle = photoVehicle(site);
    const total = vehicle.images!.length;
    await page.goto(pagePath(vehicle));
    await galleryReady(page);
    const opener = page.getByRole('button', { name: 'Full screen' });
    await opener.click();
    const dialog = page.locator('dialog[data-lightbox]');
    await expect(dialog).toBeVisible();
    const position = dialog.locator('[data-lightbox-position]');
    await expect(position).toHaveText(`1 / ${total}`);
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(position).toHaveText(`2 / ${total}`);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(position).toHaveText(`${total} / ${total}`);
    // Focus stays inside: tabbing through never leaves the dialog.
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog[data-lightbox]')))).toBe(true);
    }
    // Swipe left: the next photo.
    const box = (await dialog.locator('[data-lightbox-stage]').boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 - 120, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect(position).toHaveText(`1 / ${total}`);
    await expect(dialog.locator('img')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(`${site.slug}-lightbox-1366.png`) });

    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();

    // A click on the main photo opens it too; closing returns focus to the photo strip.
    await page.locator('#photo-1 img').click();
    await expect(page.locator('dialog[data-lightbox]')).toBeVisible();
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(page.locator('dialog[data-lightbox]')).toHaveCount(0);
    await expect(strip(page)).toBeFocused();
  });

  test('a video slide plays inline, in the strip and full screen', async ({ page }, testInfo) => {
    const site = siteOf(testInfo.project);
    const vehicle = videoVehicle(site);
    await page.goto(pagePath(vehicle));
    await galleryReady(page);
    const video = strip(page).locator('video[data-video]');
    await expect(video).toHaveCount(1);
    expect(await video.locator('source').getAttribute('src')).toMatch(/^\/videos\/[0-9a-f]{16}\.webm$/);
    await video.scrollIntoViewIfNeeded();
    await strip(page).evaluate((el) => el.scrollTo({ left: (el.querySelector('video')!.closest('figure') as HTMLElement).offsetLeft }));
    // The browser's own controls: Space on the focused video plays it.
    await video.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 }).toBeGreaterThan(0.2);
    expect(await video.evaluate((v: HTMLVideoElement) => v.videoWidth)).toBeGreaterThan(0);
    await video.evaluate((v: HTMLVideoElement) => v.pause());

    // Full screen opens on the slide the strip shows: the video.
    const index = vehicle.images!.findIndex((i) => i.isVideo) + 1;
    await page.getByRole('button', { name: 'Full screen' }).click();
    const dialog = page.locator('dialog[data-lightbox]');
    await expect(dialog.locator('[data-lightbox-position]')).toHaveText(`${index} / ${vehicle.images!.length}`);
    const player = dialog.locator('video[data-lightbox-video]');
    await expect(player).toBeVisible();
    await player.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 }).toBeGreaterThan(0.2);
    await page.screenshot({ path: testInfo.outputPath(`${site.slug}-video.png`) });
  });
});

test.describe('360 spin viewer', () => {
  // The two long journeys below (about 13 s each on summit alone) take up to 32 s when both run at once:
  // summit's pages also animate their offers banner, which software compositing draws on the CPU.
  test.describe.configure({ timeout: 60_000 });

  test('steps one frame per 20 px of drag and per arrow key, shows its hotspots, and switches views by tab', async ({ page }, testInfo) => {
    const site = siteOf(testInfo.project);
    const vehicle = spinVehicle(site);
    const frames = vehicle.spin_images!.length;
    const spinScripts: string[] = [];
    page.on('request', (request) => {
      if (/spin-viewer/.test(request.url())) spinScripts.push(request.url());
    });
    const scripts: Response[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response);
    });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(pagePath(vehicle));
    await galleryReady(page);
    const tabs = page.getByRole('tablist', { name: `Ways to see the ${vehicle.display_name}` });
    await expect(tabs.getByRole('tab')).toHaveText(['Spin', 'Images', 'Interior']);

    if (site.vehicle.spinDefaultView === 'gallery') {
      // The photos first; the viewer's code waits until the shopper asks for it.
      await expect(tabs.getByRole('tab', { name: 'Images' })).toHaveAttribute('aria-selected', 'true');
      await expect(page.locator('[data-media-viewer]')).toBeHidden();
      await page.waitForLoadState('networkidle');
      expect(spinScripts).toEqual([]);
      await tabs.getByRole('tab', { name: 'Spin' }).click();
    }
    await expect(tabs.getByRole('tab', { name: 'Spin' })).toHaveAttribute('aria-selected', 'true');
    const viewer = page.locator('[data-media-viewer]');
    await expect(viewer).toBeVisible();
    await expect(stage(page)).toHaveAttribute('data-spin-ready', 'true', { timeout: 15_000 });
    expect(spinScripts.length).toBeGreaterThan(0);
    await expect(page.getByText('Swipe to spin')).toBeVisible();
    // It turns by itself (the demo sites leave auto-rotation on) until touched.
    await expect(page.locator('[data-spin-viewer]')).toHaveAttribute('data-spin-rotating', 'true');
    const first = await frameOf(page);
    await expect.poll(() => frameOf(page)).not.toBe(first);
    // The viewer needs no framework: nothing the page has run so far is React's runtime.
    const reactRuntime = await Promise.all(scripts.map(async (script) => ((await script.text()).includes('react.dev/errors') ? script.url() : null)));
    expect(reactRuntime.filter(Boolean)).toEqual([]);

    // Drag: one frame per 20 px, counted from where the drag began.
    const box = (await stage(page).boundingBox())!;
    const y = box.y + box.height / 2;
    const x = box.x + box.width / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    // Touched, it stops turning; the frame it stopped on is where the drag counts from.
    await expect(page.locator('[data-spin-viewer]')).toHaveAttribute('data-spin-rotating', 'false');
    await expect(page.getByText('Swipe to spin')).toBeHidden();
    const start = await frameOf(page);
    await page.mouse.move(x + SPIN_DRAG_STEP_PX - 1, y);
    expect(await frameOf(page)).toBe(start);
    await page.mouse.move(x + SPIN_DRAG_STEP_PX, y);
    await expect.poll(() => frameOf(page)).toBe((start + 1) % frames);
    await page.mouse.move(x + 3 * SPIN_DRAG_STEP_PX, y, { steps: 4 });
    await expect.poll(() => frameOf(page)).toBe((start + 3) % frames);
    await page.mouse.move(x - SPIN_DRAG_STEP_PX, y, { steps: 4 });
    await expect.poll(() => frameOf(page)).toBe((start - 1 + frames) % frames);
    await page.mouse.up();
    // Stopped for good: the frame holds.
    const held = await frameOf(page);
    await page.waitForTimeout(350);
    expect(await frameOf(page)).toBe(held);

    // Arrow keys: one frame each.
    await stage(page).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => frameOf(page)).toBe((held + 1) % frames);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => frameOf(page)).toBe((held - 1 + frames) % frames);

    // Hotspots show on their frame, with their descriptions.
    const hotspots = vehicle.hotspots!;
    for (const position of hotspots.exteriorHotspotPositions!) {
      const description = hotspots.exterior!.find((h) => String(h.id) === String(position.hotspotId))!.description!;
      const presses = (position.activeAngle - (await frameOf(page)) + frames) % frames;
      for (let press = 0; press < presses; press++) await page.keyboard.press('ArrowRight');
      await expect.poll(() => frameOf(page)).toBe(position.activeAngle);
      const spot = viewer.locator(`[data-hotspot="${position.hotspotId}"]`);
      await expect(spot).toBeVisible();
      await expect(spot).toContainText(description);
      await page.keyboard.press('ArrowRight');
      await expect(spot).toHaveCount(0);
      await page.keyboard.press('ArrowLeft');
    }
    await page.screenshot({ path: testInfo.outputPath(`${site.slug}-spin-1366.png`) });

    // Interior, with its hotspot; Images uncovers the photos; Spin comes back where it was.
    const spinFrame = await frameOf(page);
    await tabs.getByRole('tab', { name: 'Interior' }).click();
    const interior = viewer.locator('[data-spin-view="interior"]');
    await expect(interior).toBeVisible();
    await expect(interior.locator('img')).toHaveAttribute('alt', `Interior of the ${vehicle.display_name}`);
    await expect(interior.locator('[data-hotspot]')).toContainText(hotspots.interior![0]!.description!);
    await tabs.getByRole('tab', { name: 'Images' }).click();
    await expect(viewer).toBeHidden();
    await expect(page.locator('#media-photos')).not.toHaveAttribute('inert');
    await expect(page.locator('#photo-1 img')).toBeVisible();
    // Tabs follow the arrow keys too.
    await tabs.getByRole('tab', { name: 'Images' }).focus();
    await page.keyboard.press('ArrowLeft');
    await expect(tabs.getByRole('tab', { name: 'Spin' })).toBeFocused();
    await expect(tabs.getByRole('tab', { name: 'Spin' })).toHaveAttribute('aria-selected', 'true');
    await expect(viewer).toBeVisible();
    expect(await frameOf(page)).toBe(spinFrame);
    expect(errors).toEqual([]);
  });

  test('opens full screen in a modal dialog with the same viewer; Escape closes and focus returns (axe clean)', async ({ page }, testInfo) => {
    const site = siteOf(testInfo.project);
    const vehicle = spinVehicle(site);
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.goto(pagePath(vehicle));
      await galleryReady(page);
      if (site.vehicle.spinDefaultView === 'gallery') await page.getByRole('tab', { name: 'Spin' }).click();
      await expect(stage(page)).toHaveAttribute('data-spin-ready', 'true', { timeout: 15_000 });
      await page.screenshot({ path: testInfo.outputPath(`${site.slug}-spin-${width}.png`) });
      // Touched once, so it holds still while the two views are compared.
      await stage(page).focus();
      await page.keyboard.press('ArrowRight');
      await expect(page.locator('[data-spin-viewer]')).toHaveAttribute('data-spin-rotating', 'false');
      const opener = page.locator('[data-spin-viewer] > button', { hasText: 'Full screen' });
      await opener.click();
      const dialog = page.getByRole('dialog', { name: `360° view of the ${vehicle.display_name}, full screen` });
      await expect(dialog).toBeVisible();
      const big = stage(dialog);
      await expect(big).toBeVisible();
      // The same viewer: its frame is the inline one's, and its keys turn both.
      const inline = await frameOf(page.locator('[data-media-viewer]'));
      expect(await frameOf(dialog)).toBe(inline);
      await big.focus();
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => frameOf(dialog)).toBe((inline + 1) % vehicle.spin_images!.length);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: testInfo.outputPath(`${site.slug}-spin-full-${width}.png`) });
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(opener).toBeFocused();
    }
  });

  test('while its frames load, the loader says how many are in, a quarter at a time, and nothing turns', async ({ browser, page }, testInfo) => {
    const site = siteOf(testInfo.project);
    const vehicle = spinVehicle(site);
    await page.goto(pagePath(vehicle));
    const frames = JSON.parse((await page.locator('[data-spin-viewer]').getAttribute('data-spin'))!).frames as string[];
    // Half the frames arrive (to the quarter that holds them); the rest never do while the test looks.
    const half = Math.ceil(frames.length / 2);
    const held = new Set(frames.slice(half));
    const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    await context.route(/-spin\.\w+$/, (route) => (held.has(new URL(route.request().url()).pathname) ? undefined : route.continue()));
    // Every label the loader is given, in order, from the page's own point of view.
    await context.addInitScript(() => {
      const labels: string[] = [];
      (window as unknown as { loaderLabels: string[] }).loaderLabels = labels;
      new MutationObserver((records) => {
        for (const record of records) if ((record.target as Element).matches('[data-spin-loader]')) labels.push((record.target as Element).getAttribute('aria-label')!);
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['aria-label'] });
    });
    const loading = await context.newPage();
    await loading.goto(pagePath(vehicle));
    await galleryReady(loading);
    if (site.vehicle.spinDefaultView === 'gallery') await loading.getByRole('tab', { name: 'Spin' }).click();
    const loader = loading.locator('[data-spin-loader]');
    await expect(loader).toHaveAttribute('aria-label', `Loading 360° view, ${half} of ${frames.length} pictures`, { timeout: 15_000 });
    const labels = await loading.evaluate(() => (window as unknown as { loaderLabels: string[] }).loaderLabels);
    // Past the labels of its first draw (none in yet), two quarters reached: at most two redraws for the
    // eighteen or so frames that came in.
    const progress = labels.filter((label) => !label.startsWith('Loading 360° view, 0 of'));
    expect(progress.length).toBeLessThanOrEqual(2);
    expect(labels.at(-1)).toBe(`Loading 360° view, ${half} of ${frames.length} pictures`);
    await expect(stage(loading)).toHaveAttribute('data-spin-ready', 'false');
    await expect(stage(loading)).toHaveAttribute('aria-busy', 'true');
    await expect(loading.locator('[data-spin-viewer]')).toHaveAttribute('data-spin-rotating', 'false');
    expect(await seriousViolations(loading)).toEqual([]);
    await context.close();
  });

  test('never turns by itself for a shopper who prefers reduced motion', async ({ browser }, testInfo) => {
    const site = siteOf(testInfo.project);
    const vehicle = spinVehicle(site);
    const context = await browser.newContext({ reducedMotion: 'reduce', baseURL: testInfo.project.use.baseURL });
    const page = await context.newPage();
    await page.goto(pagePath(vehicle));
    await galleryReady(page);
    if (site.vehicle.spinDefaultView === 'gallery') await page.getByRole('tab', { name: 'Spin' }).click();
    await expect(stage(page)).toHaveAttribute('data-spin-ready', 'true', { timeout: 15_000 });
    await expect(page.locator('[data-spin-viewer]')).toHaveAttribute('data-spin-rotating', 'false');
    const frame = await frameOf(page);
    await page.waitForTimeout(600);
    expect(await frameOf(page)).toBe(frame);
    // It still turns by hand.
    await stage(page).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => frameOf(page)).toBe(frame + 1);
    await context.close();
  });

  test('the first photo stays the largest paint and nothing shifts when the viewer arrives', async ({ page }, testInfo) => {
    const site = siteOf(testInfo.project);
    const vehicle = spinVehicle(site);
    await page.addInitScript(() => {
      const seen = { lcp: '' as string, shift: 0 };
      (window as unknown as { __media: typeof seen }).__media = seen;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { element?: Element }>) seen.lcp = entry.element?.closest('figure')?.id ?? entry.element?.tagName ?? '';
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) if (!entry.hadRecentInput) seen.shift += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(pagePath(vehicle));
    await galleryReady(page);
    if (site.vehicle.spinDefaultView === 'spinner') await expect(stage(page)).toHaveAttribute('data-spin-ready', 'true', { timeout: 15_000 });
    await page.waitForTimeout(500);
    const seen = await page.evaluate(() => (window as unknown as { __media: { lcp: string; shift: number } }).__media);
    expect(seen.lcp).toBe('photo-1');
    expect(seen.shift).toBe(0);
  });

  test('is absent for a vehicle without a spin set, and no demo site shows an external viewer', async ({ page }, testInfo) => {
    const site = siteOf(testInfo.project);
    await page.goto(pagePath(photoVehicle(site)));
    await galleryReady(page);
    await expect(page.getByRole('tab')).toHaveCount(0);
    await expect(page.locator('[data-media-viewer]')).toHaveCount(0);
    expect(site.vehicle.spinExternalViewerUrl).toBeUndefined();
    await page.goto(pagePath(spinVehicle(site)));
    await expect(page.locator('[data-spin-external]')).toHaveCount(0);
  });
});

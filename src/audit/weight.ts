/**
 * What a page costs a phone before the shopper scrolls or interacts: the HTML, CSS, JavaScript and images
 * it loads to network idle (and after the idle callbacks that hydrate `client:idle` islands have run), each
 * as a CDN sends it (text gzipped; images as they are).
 */
import { gzipSync } from 'node:zlib';
import type { Browser } from '@playwright/test';

export interface PageWeight {
  htmlGzipBytes: number;
  cssGzipBytes: number;
  jsGzipBytes: number;
  scripts: number;
  imageBytes: number;
  images: number;
}

/** A phone's view (412 x 823, touch) of `url`, to network idle. */
export async function pageWeight(browser: Browser, url: string): Promise<PageWeight> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const weight: PageWeight = { htmlGzipBytes: 0, cssGzipBytes: 0, jsGzipBytes: 0, scripts: 0, imageBytes: 0, images: 0 };
  const pending: Array<Promise<void>> = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    pending.push(
      response.body().then(
        (body) => {
          if (type === 'document' && response.url() === url) weight.htmlGzipBytes += gzipSync(body).length;
          else if (type === 'stylesheet') weight.cssGzipBytes += gzipSync(body).length;
          else if (type === 'script') (weight.jsGzipBytes += gzipSync(body).length), weight.scripts++;
          else if (type === 'image') (weight.imageBytes += body.length), weight.images++;
        },
        () => {},
      ),
    );
  });
  try {
    await page.goto(url, { waitUntil: 'networkidle' });
    // Idle callbacks (islands hydrated `client:idle`) run once the page is quiet; give them their turn.
    await page.waitForTimeout(1500);
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);
  } finally {
    await context.close();
  }
  return weight;
}

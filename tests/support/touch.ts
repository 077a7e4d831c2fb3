// A finger drawn across a touch screen, as Chromium's touch screen reports it: down at one point, a dozen
// moves a frame apart, and up at another. Pages opened in a context with `hasTouch` scroll under it as they
// would on a phone.
import type { CDPSession, Page } from '@playwright/test';

export interface Point {
  x: number;
  y: number;
}

export async function drawFinger(page: Page, cdp: CDPSession, from: Point, to: Point): Promise<void> {
  const steps = 12;
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] });
  for (let step = 1; step <= steps; step++) {
    const at = { x: Math.round(from.x + ((to.x - from.x) * step) / steps), y: Math.round(from.y + ((to.y - from.y) * step) / steps) };
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [at] });
    await page.waitForTimeout(16);
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

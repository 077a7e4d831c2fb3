/**
 * `client:settled`: hydrates an island once it is on screen and the page has finished loading and gone
 * idle. For an island at the top of the page whose first look is already in the HTML (the 360 viewer shows
 * the gallery's first photo under its loader): its script then waits for that photo to be painted, instead
 * of evaluating React's runtime while the shopper's first screen is still being drawn. An island hidden at
 * first (the viewer behind another gallery tab) hydrates when it is shown.
 */
import type { ClientDirective } from 'astro';

const settled: ClientDirective = (load, _options, el) => {
  const hydrate = async () => {
    const run = await load();
    await run();
  };
  const whenIdle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => void hydrate(), { timeout: 2_000 });
    else setTimeout(() => void hydrate(), 200);
  };
  const afterLoad = () => {
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
  };
  // The island element itself has no box (`display: contents`): watch what it holds, as client:visible does.
  const seen = new IntersectionObserver((entries) => {
    if (!entries.some((entry) => entry.isIntersecting)) return;
    seen.disconnect();
    afterLoad();
  });
  for (const child of el.children) seen.observe(child);
};

export default settled;

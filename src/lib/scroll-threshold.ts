/**
 * A scroll threshold for the few lines of script that react to how far the page has scrolled (the
 * vehicle page's sticky header and mobile bar): `onChange(past)` runs on the next frame and then whenever
 * the vertical scroll crosses `offset`, at most once a frame, from a passive listener. The first reading
 * waits for the frame because reading the scroll position while the page loads would force a layout of
 * the whole page of its own. Browser only.
 */
export function watchScrollThreshold(offset: number, when: 'at-or-past' | 'past', onChange: (past: boolean) => void): void {
  let queued = true;
  let last: boolean | undefined;
  const update = () => {
    queued = false;
    const past = when === 'past' ? window.scrollY > offset : window.scrollY >= offset;
    if (past === last) return;
    last = past;
    onChange(past);
  };
  window.addEventListener(
    'scroll',
    () => {
      if (queued) return;
      queued = true;
      requestAnimationFrame(update);
    },
    { passive: true },
  );
  requestAnimationFrame(update);
}

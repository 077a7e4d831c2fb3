/**
 * Starts a below-the-fold script's work only when its part of the page comes near the viewport, so
 * the page loads no more than it needs before the shopper scrolls. Browser-only.
 */

/**
 * Runs `start` once, when the first of `elements` comes within `margin` of the viewport (at once
 * where IntersectionObserver is missing). Nothing happens for an empty list.
 */
export function whenNear(elements: readonly Element[], start: () => void, margin = '300px'): void {
  if (elements.length === 0) return;
  if (!('IntersectionObserver' in window)) {
    start();
    return;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      start();
    },
    { rootMargin: margin },
  );
  for (const element of elements) observer.observe(element);
}

/**
 * The vehicle gallery's behaviour, a small vanilla script (no React): the Spin / Images / Interior tabs,
 * thumbnails that show their photo in the strip without moving the page or adding a history entry, the
 * thumbnail strip's "there is more" cue and scroll buttons, and the full-screen gallery, whose code
 * (lightbox.ts) loads only when a shopper opens it, as the 360 viewer's (spin-viewer.ts) loads once it is
 * on screen and the page has settled. Without JavaScript the strip scrolls and the
 * thumbnails are plain anchor links, so the page works as it is.
 */

import { whenNear } from '../../lib/when-visible.ts';

type MediaView = 'spinner' | 'gallery' | 'interior';

const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Runs `work` at the first idle moment after the page has loaded. */
function whenSettled(work: () => void): void {
  const whenIdle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(work, { timeout: 2_000 });
    else setTimeout(work, 200);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

export function initGallery(root: HTMLElement): void {
  const media = root.querySelector<HTMLElement>('[data-media]');
  const strip = root.querySelector<HTMLElement>('[data-strip]');
  if (!media || !strip) return;
  const photos = root.querySelector<HTMLElement>('[data-photos]');
  const slides = [...strip.querySelectorAll<HTMLElement>('[data-slide]')];
  const list = root.querySelector<HTMLElement>('[data-thumbs]');
  const thumbs = [...root.querySelectorAll<HTMLAnchorElement>('[data-thumb]')];
  let current = 1;

  // ---- tabs: Spin / Images / Interior
  const tablist = root.querySelector<HTMLElement>('[role="tablist"]');
  const tabs = [...root.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
  const viewer = root.querySelector<HTMLElement>('[data-media-viewer]');
  const select = (view: MediaView, focus = false): void => {
    if (!tabs.some((tab) => tab.dataset.view === view)) return;
    media.dataset.view = view;
    for (const tab of tabs) {
      const on = tab.dataset.view === view;
      tab.setAttribute('aria-selected', String(on));
      tab.tabIndex = on ? 0 : -1;
      if (on && focus) tab.focus();
    }
    if (viewer) viewer.hidden = view === 'gallery';
    // The photos stay under the viewer as its placeholder, out of reach while covered.
    if (photos) photos.inert = view !== 'gallery';
    media.dispatchEvent(new CustomEvent('media-view'));
  };
  if (tablist && tabs.length > 0) {
    tablist.hidden = false;
    select((media.dataset.view as MediaView | undefined) ?? 'gallery');
    tablist.addEventListener('click', (event) => {
      const tab = (event.target as Element).closest<HTMLButtonElement>('[role="tab"]');
      if (tab) select(tab.dataset.view as MediaView);
    });
    tablist.addEventListener('keydown', (event) => {
      const at = tabs.findIndex((tab) => tab.getAttribute('aria-selected') === 'true');
      const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[event.key];
      if (next === undefined) return;
      event.preventDefault();
      select(tabs[(next + tabs.length) % tabs.length]!.dataset.view as MediaView, true);
    });
  }

  // ---- the 360 viewer: its code, and the frames it preloads, wait until its panel is on screen and the
  // page has loaded and gone idle, so that neither competes with the first photo
  const spin = viewer?.querySelector<HTMLElement>('[data-spin-viewer]');
  if (spin) whenNear([spin], () => whenSettled(() => void import('../spin/spin-viewer.ts').then(({ initSpinViewer }) => initSpinViewer(spin))), '0px');

  // ---- thumbnails: the strip moves to the photo; the page and the address stay where they are
  const markThumb = (n: number): void => {
    current = n;
    for (const thumb of thumbs) {
      if (Number(thumb.dataset.thumb) === n) thumb.setAttribute('aria-current', 'true');
      else thumb.removeAttribute('aria-current');
    }
    const active = thumbs[n - 1];
    if (list && active) {
      // Scroll the thumbnail strip itself: scrollIntoView would move the page too.
      const item = active.parentElement ?? active;
      const left = item.offsetLeft - (list.clientWidth - item.offsetWidth) / 2;
      list.scrollTo({ left: Math.max(0, left), behavior: reducedMotion() ? 'auto' : 'smooth' });
    }
  };
  const show = (n: number, smooth = true): void => {
    const slide = slides[n - 1];
    if (!slide) return;
    if (media.dataset.view && media.dataset.view !== 'gallery') select('gallery');
    strip.scrollTo({ left: slide.offsetLeft, behavior: smooth && !reducedMotion() ? 'smooth' : 'auto' });
    markThumb(n);
  };
  list?.addEventListener('click', (event) => {
    const thumb = (event.target as Element).closest<HTMLAnchorElement>('[data-thumb]');
    if (!thumb) return;
    event.preventDefault();
    show(Number(thumb.dataset.thumb));
  });
  // The photo in view (swiped or scrolled to) marks its thumbnail. The first report, for the photo the page
  // opened on, changes nothing: its thumbnail is marked already and the strip is at its start.
  if ('IntersectionObserver' in window && slides.length > 1) {
    const seen = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const n = Number((entry.target as HTMLElement).dataset.slide);
          if (entry.isIntersecting && n !== current) markThumb(n);
        }
      },
      { root: strip, threshold: 0.6 },
    );
    for (const slide of slides) seen.observe(slide);
  }

  // ---- the thumbnail strip shows there is more: a fade at the side that scrolls, and scroll buttons
  if (list) {
    const buttons = [...root.querySelectorAll<HTMLButtonElement>('[data-thumbs-scroll]')];
    const edges = (): void => {
      const more = list.scrollWidth - list.clientWidth > 1;
      const atStart = list.scrollLeft <= 1;
      const atEnd = list.scrollLeft >= list.scrollWidth - list.clientWidth - 1;
      list.dataset.edge = !more ? 'none' : atStart ? 'end' : atEnd ? 'start' : 'both';
      for (const button of buttons) {
        button.hidden = !more;
        button.disabled = Number(button.dataset.thumbsScroll) < 0 ? atStart : atEnd;
      }
    };
    list.addEventListener('scroll', edges, { passive: true });
    // The observer's first report comes once the page is laid out, so reading the strip's sizes then costs
    // no layout of its own; reading them here, while the page loads, would force one.
    if ('ResizeObserver' in window) new ResizeObserver(edges).observe(list);
    else edges();
    for (const button of buttons) {
      button.addEventListener('click', () => {
        list.scrollBy({ left: Number(button.dataset.thumbsScroll) * list.clientWidth * 0.8, behavior: reducedMotion() ? 'auto' : 'smooth' });
      });
    }
  }

  // ---- full screen: a native dialog, its code fetched on first use
  const expand = root.querySelector<HTMLButtonElement>('[data-open-lightbox]');
  const open = async (start: number, opener: HTMLElement): Promise<void> => {
    const { openLightbox } = await import('./lightbox.ts');
    openLightbox({ slides, start, opener, label: strip.getAttribute('aria-label') ?? 'Photos', onClose: (n) => show(n, false) });
  };
  if (expand) {
    expand.hidden = false;
    expand.addEventListener('click', () => void open(current, expand));
  }
  strip.addEventListener('click', (event) => {
    const target = event.target as Element;
    if (target.closest('video, a, button')) return;
    const slide = target.closest<HTMLElement>('[data-slide]');
    if (slide && target.closest('picture')) void open(Number(slide.dataset.slide), strip);
  });
}

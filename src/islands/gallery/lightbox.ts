/**
 * The full-screen gallery: a native modal <dialog> (the page behind is inert, so focus stays inside;
 * Escape closes it), with previous/next buttons, the left and right arrow keys, swipe, a close button and
 * a position indicator. Photos are the strip's own pictures; video slides play inline. On close, focus
 * returns to whatever opened it and the strip shows the photo the shopper ended on.
 * Loaded on demand by gallery.ts.
 */

export interface LightboxOptions {
  /** The strip's slides (`[data-slide]` figures). */
  slides: HTMLElement[];
  /** 1-based slide to open on. */
  start: number;
  opener: HTMLElement;
  /** Accessible name of the dialog. */
  label: string;
  onClose: (slide: number) => void;
}

import { element } from '../../lib/element.ts';
import { keepFocusInside } from './focus.ts';

/** A swipe must travel this far sideways (px) to change photo. */
const SWIPE_PX = 50;

const BUTTON =
  'inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center whitespace-nowrap rounded bg-white/10 px-3 font-semibold text-white hover:bg-white/20 focus-visible:outline-3 focus-visible:outline-white';
// Over a photo, so dark with a light ring to show on any picture.
const ARROW =
  'absolute top-1/2 inline-flex h-12 w-12 -translate-y-1/2 items-center justify-center rounded-full bg-slate-900 text-3xl text-white ring-1 ring-white/50 hover:bg-slate-700 focus-visible:outline-3 focus-visible:outline-white';

let open: { dialog: HTMLDialogElement; options: LightboxOptions } | null = null;

export function openLightbox(options: LightboxOptions): void {
  if (open?.dialog.open) return;
  const total = options.slides.length;
  let index = Math.min(Math.max(options.start, 1), total);

  const dialog = element('dialog', 'm-0 h-dvh max-h-none w-screen max-w-none border-0 bg-slate-950 p-0 text-white backdrop:bg-slate-950', {
    'aria-label': `${options.label}, full screen`,
    'data-lightbox': '',
  });
  const frame = element('div', 'flex h-full flex-col');
  const bar = element('div', 'flex items-center justify-between gap-4 px-4 py-2');
  const position = element('p', 'font-semibold tabular-nums', { 'aria-live': 'polite', 'data-lightbox-position': '' });
  const close = element('button', BUTTON, { type: 'button' }, 'Close');
  bar.append(position, close);
  const stage = element('div', 'relative flex min-h-0 flex-1 touch-pan-y items-center justify-center px-2 pb-4 select-none', { 'data-lightbox-stage': '' });
  const slot = element('div', 'flex h-full w-full items-center justify-center');
  const previous = element('button', `${ARROW} left-3`, { type: 'button', 'aria-label': 'Previous photo' }, '‹');
  const next = element('button', `${ARROW} right-3`, { type: 'button', 'aria-label': 'Next photo' }, '›');
  stage.append(slot, previous, next);
  frame.append(bar, stage);
  dialog.append(frame);
  document.body.append(dialog);

  const render = (): void => {
    slot.querySelector('video')?.pause();
    const slide = options.slides[index - 1]!;
    const video = slide.querySelector('video');
    let media: HTMLElement;
    if (video) {
      const player = video.cloneNode(true) as HTMLVideoElement;
      player.className = 'max-h-full max-w-full bg-black';
      player.removeAttribute('width');
      player.removeAttribute('height');
      player.preload = 'metadata';
      player.setAttribute('data-lightbox-video', '');
      media = player;
    } else {
      const picture = slide.querySelector('picture')?.cloneNode(true) as HTMLElement | undefined;
      const img = picture?.querySelector('img');
      if (picture && img) {
        img.loading = 'eager';
        // A mouse swipe must not start dragging the picture away.
        img.draggable = false;
        img.className = 'max-h-full max-w-full object-contain';
        picture.className = 'contents';
        media = picture;
      } else {
        media = element('p', 'text-slate-300', {}, 'Photo coming soon');
      }
    }
    slot.replaceChildren(media);
    position.textContent = `${index} / ${total}`;
    previous.hidden = next.hidden = total < 2;
  };
  const go = (delta: number): void => {
    if (total < 2) return;
    index = ((index - 1 + delta + total) % total) + 1;
    render();
  };

  previous.addEventListener('click', () => go(-1));
  next.addEventListener('click', () => go(1));
  close.addEventListener('click', () => dialog.close());
  dialog.addEventListener('keydown', (event) => {
    if (event.key === 'Tab') {
      keepFocusInside(dialog, event);
      return;
    }
    // A focused video keeps its own arrow keys (seeking).
    if ((event.target as Element).closest('video')) return;
    if (event.key === 'ArrowRight') go(1);
    else if (event.key === 'ArrowLeft') go(-1);
    else return;
    event.preventDefault();
  });
  let swipe: { x: number; y: number } | null = null;
  stage.addEventListener('pointerdown', (event) => {
    if ((event.target as Element).closest('video, button')) return;
    swipe = { x: event.clientX, y: event.clientY };
  });
  stage.addEventListener('pointerup', (event) => {
    if (!swipe) return;
    const dx = event.clientX - swipe.x;
    const dy = event.clientY - swipe.y;
    swipe = null;
    if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(dy)) go(dx < 0 ? 1 : -1);
  });
  stage.addEventListener('dragstart', (event) => event.preventDefault());
  stage.addEventListener('pointercancel', () => {
    swipe = null;
  });
  dialog.addEventListener('close', () => {
    slot.querySelector('video')?.pause();
    dialog.remove();
    open = null;
    options.opener.focus({ preventScroll: true });
    options.onClose(index);
  });

  render();
  open = { dialog, options };
  dialog.showModal();
  close.focus();
}

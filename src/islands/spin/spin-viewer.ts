/**
 * The 360 spin viewer, a small vanilla script (no React: the viewer sits at the top of the page, and a
 * framework's runtime evaluated there would block the main thread while a phone is still drawing the
 * first screen). It preloads the frames behind the loader that the page already shows, turns by itself
 * every 100 ms (unless the site disables it or the shopper prefers reduced motion) until first touched,
 * steps one frame per 20 px of drag or per arrow key, shows the frame's hotspots, and opens the same
 * viewer full screen in a modal dialog. The gallery's tabs (gallery.ts) choose the view: they set
 * `data-view` on the `[data-media]` box and send a `media-view` event, which this follows.
 *
 * The page renders the viewer's first look (SpinViewer.astro): the stage with its loader, and the viewer's
 * data as JSON in `data-spin`. Every stage is a copy of that first stage, so the inline and full-screen
 * viewers share their markup with the page and their state with each other.
 */
import { SPIN_AUTO_ROTATE_MS, SPIN_HINT, autoRotates, frameForDrag, frameForKey, preloadState, type DragOrigin, type PlacedHotspot } from '../../rules/spin.ts';
import type { SpinViewerProps } from '../../views/vehicle/gallery.ts';
import { keepFocusInside } from '../gallery/focus.ts';
import { element } from '../../lib/element.ts';

/** Frames requested at once while preloading. */
const PRELOAD_AT_ONCE = 4;

type StageView = 'spinner' | 'interior';
type FrameStatus = 'pending' | 'loaded' | 'failed';

interface ViewerState {
  view: StageView;
  frame: number;
  statuses: FrameStatus[];
  interacted: boolean;
  reducedMotion: boolean;
}

/** A frame's hotspots, placed through the CSSOM (the page's CSP allows no style attributes). */
function hotspotList(spots: readonly PlacedHotspot[]): HTMLUListElement {
  const list = element('ul', 'pointer-events-none absolute inset-0', { 'aria-label': 'Highlights' });
  for (const spot of spots) {
    const item = element('li', 'absolute', { 'data-hotspot': spot.id });
    item.style.left = `${spot.x}%`;
    item.style.top = `${spot.y}%`;
    const label = element('span', 'flex -translate-x-2.5 -translate-y-2.5 items-center gap-1.5');
    label.append(
      element('span', 'block h-5 w-5 rounded-full border-2 border-white bg-brand shadow ring-2 ring-brand/40', { 'aria-hidden': 'true' }),
      element('span', 'max-w-48 rounded bg-slate-900 px-2 py-1 text-xs font-semibold text-white', {}, spot.description),
    );
    item.append(label);
    list.append(item);
  }
  return list;
}

/**
 * One place the viewer shows in: the spinner (a copy of the page's stage) or the interior, drawn from the
 * shared state. Only what changed is touched, so the focused slider stays focused while it turns.
 */
class Stage {
  private readonly slider: HTMLElement;
  private interior: HTMLElement | null = null;
  private image: HTMLImageElement | null = null;
  private hint: HTMLElement | null = null;
  private spots: { frame: number; list: HTMLElement | null } = { frame: -1, list: null };
  private readonly slot: HTMLElement;
  private readonly viewer: SpinViewer;

  constructor(slot: HTMLElement, slider: HTMLElement, viewer: SpinViewer) {
    this.slot = slot;
    this.slider = slider;
    this.viewer = viewer;
    slider.addEventListener('pointerdown', (event) => viewer.pointerDown(event));
    slider.addEventListener('pointermove', (event) => viewer.pointerMove(event));
    slider.addEventListener('pointerup', () => viewer.pointerUp());
    slider.addEventListener('pointercancel', () => viewer.pointerUp());
    slider.addEventListener('keydown', (event) => viewer.keyDown(event));
    if (!slider.isConnected) slot.append(slider);
  }

  render(state: ViewerState): void {
    const { props } = this.viewer;
    const showInterior = state.view === 'interior' && props.interior !== null;
    if (showInterior) {
      this.interior ??= this.interiorView();
      if (!this.interior.isConnected) this.slot.replaceChildren(this.interior);
      return;
    }
    if (!this.slider.isConnected) this.slot.replaceChildren(this.slider);
    const preload = preloadState(state.statuses);
    const count = props.frames.length;
    const slider = this.slider;
    slider.setAttribute('aria-valuenow', String(state.frame + 1));
    slider.setAttribute('aria-valuetext', preload.ready ? `Angle ${state.frame + 1} of ${count}` : 'Loading');
    slider.setAttribute('aria-busy', String(!preload.ready));
    slider.dataset.spinFrame = String(state.frame);
    slider.dataset.spinReady = String(preload.ready);
    if (!preload.ready) {
      slider.querySelector('[data-spin-loader]')?.setAttribute('aria-label', `Loading 360° view, ${preload.loaded} of ${count} pictures`);
      return;
    }
    if (!this.image) {
      // Every frame is in: the spinner replaces the loader (and the placeholder under it, full screen).
      this.image = element('img', 'h-full w-full bg-slate-100 object-cover', { width: String(props.width), height: String(props.height), alt: '', draggable: 'false' });
      slider.replaceChildren(this.image);
    }
    const src = props.frames[state.frame]!;
    if (this.image.getAttribute('src') !== src) this.image.src = src;
    if (this.spots.frame !== state.frame) {
      this.spots.list?.remove();
      const spots = props.hotspots[state.frame] ?? [];
      this.spots = { frame: state.frame, list: spots.length > 0 ? hotspotList(spots) : null };
      if (this.spots.list) this.image.after(this.spots.list);
    }
    if (!state.interacted && !this.hint) {
      this.hint = element('p', 'pointer-events-none absolute inset-x-0 bottom-3 flex justify-center', { 'data-spin-hint': '' });
      this.hint.append(element('span', 'rounded-full bg-slate-900 px-4 py-1.5 text-sm font-semibold text-white', {}, SPIN_HINT));
      slider.append(this.hint);
    } else if (state.interacted && this.hint) {
      this.hint.remove();
      this.hint = null;
    }
  }

  private interiorView(): HTMLElement {
    const { props } = this.viewer;
    const interior = props.interior!;
    const view = element('div', 'relative h-full w-full bg-slate-900', { 'data-spin-view': 'interior' });
    view.append(element('img', 'h-full w-full object-cover', { src: interior.src, width: String(interior.width), height: String(interior.height), alt: `Interior of the ${props.name}` }));
    if (props.interiorHotspots.length > 0) view.append(hotspotList(props.interiorHotspots));
    return view;
  }
}

const CLOSE =
  'inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center whitespace-nowrap rounded bg-white/10 px-3 font-semibold hover:bg-white/20 focus-visible:outline-3 focus-visible:outline-white';

class SpinViewer {
  readonly props: SpinViewerProps;
  private readonly state: ViewerState;
  private readonly stages: Stage[] = [];
  /** The page's stage as rendered, before any change: the template of every other stage. */
  private readonly template: HTMLElement;
  private drag: DragOrigin | null = null;
  private timer = 0;
  /** The inline viewer is in view (or shown full screen): a turn nobody sees is not drawn. */
  private onScreen = true;
  private full: { dialog: HTMLDialogElement; title: HTMLElement; slot: HTMLElement; stage: Stage | null } | null = null;
  private readonly root: HTMLElement;

  constructor(root: HTMLElement, props: SpinViewerProps) {
    this.root = root;
    this.props = props;
    const slider = root.querySelector<HTMLElement>('[data-spin-view="spinner"]')!;
    this.template = slider.cloneNode(true) as HTMLElement;
    const motion = window.matchMedia('(prefers-reduced-motion: reduce)');
    this.state = { view: props.initialView === 'interior' ? 'interior' : 'spinner', frame: 0, statuses: props.frames.map(() => 'pending'), interacted: false, reducedMotion: motion.matches };
    motion.addEventListener('change', () => this.set({ reducedMotion: motion.matches }));
    this.stages.push(new Stage(root.querySelector<HTMLElement>('[data-spin-slot]')!, slider, this));

    // Follow the gallery's tabs.
    const media = root.closest<HTMLElement>('[data-media]');
    if (media) {
      const follow = () => this.set({ view: media.dataset.view === 'interior' ? 'interior' : 'spinner' });
      media.addEventListener('media-view', follow);
      follow();
    }

    new IntersectionObserver((entries) => {
      this.onScreen = entries.at(-1)!.isIntersecting;
    }).observe(root);

    const opener = root.querySelector<HTMLButtonElement>('[data-spin-full]');
    if (opener) {
      opener.hidden = false;
      opener.addEventListener('click', () => this.openFull(opener));
    }
    this.preload();
    this.render();
  }

  private set(change: Partial<ViewerState>): void {
    Object.assign(this.state, change);
    this.render();
  }

  private render(): void {
    for (const stage of this.stages) stage.render(this.state);
    if (this.full) this.full.title.textContent = this.title();
    const rotating = this.rotating();
    this.root.dataset.spinRotating = String(rotating);
    if (rotating && !this.timer) {
      this.timer = window.setInterval(() => {
        if (document.visibilityState === 'visible' && (this.onScreen || this.full?.stage)) this.set({ frame: (this.state.frame + 1) % this.props.frames.length });
      }, SPIN_AUTO_ROTATE_MS);
    } else if (!rotating && this.timer) {
      window.clearInterval(this.timer);
      this.timer = 0;
    }
  }

  private rotating(): boolean {
    const { view, statuses, reducedMotion, interacted } = this.state;
    return preloadState(statuses).ready && view === 'spinner' && autoRotates({ vehicle: { spinAutoRotate: this.props.autoRotate } }, { reducedMotion, interacted });
  }

  private title(): string {
    return this.state.view === 'interior' ? `Interior of the ${this.props.name}` : `360° view of the ${this.props.name}`;
  }

  /**
   * Every frame preloads, in order, a few at a time: each request costs the main thread a little, so they
   * are spread over the tasks in which earlier frames arrive instead of all made in one. A failure is logged
   * and keeps the placeholder (spec 8). The loader's progress is redrawn at each quarter and once every
   * frame is in, at most once a frame: each redraw is a rendering update of the page, which costs the main
   * thread more than the frames' arrival.
   */
  private preload(): void {
    const total = this.props.frames.length;
    let redraw = 0;
    let next = 0;
    let settled = 0;
    let quarter = 0;
    const request = (): void => {
      const i = next++;
      const src = this.props.frames[i];
      if (src === undefined) return;
      const image = new Image();
      const settle = (status: 'loaded' | 'failed') => {
        if (status === 'failed') console.log(`360 view: frame ${i + 1} could not be loaded (${src})`);
        this.state.statuses[i] = status;
        settled++;
        const reached = Math.floor((settled * 4) / total);
        if (reached > quarter || settled === total) {
          quarter = reached;
          redraw ||= requestAnimationFrame(() => {
            redraw = 0;
            this.render();
          });
        }
        request();
      };
      image.src = src;
      // Decoded off the main thread now, so that the first turn past each frame does not decode it there.
      image.decode().then(
        () => settle('loaded'),
        () => settle('failed'),
      );
    };
    for (let started = 0; started < PRELOAD_AT_ONCE; started++) request();
  }

  private ready(): boolean {
    return preloadState(this.state.statuses).ready;
  }

  /** The shopper turned the vehicle: it stops turning by itself, for good. */
  private touched(): void {
    if (!this.state.interacted) this.set({ interacted: true });
  }

  pointerDown(event: PointerEvent): void {
    if (!this.ready() || (event.pointerType === 'mouse' && event.button !== 0)) return;
    this.touched();
    this.drag = { x: event.clientX, frame: this.state.frame };
    (event.currentTarget as HTMLElement).setPointerCapture(event.pointerId);
  }

  pointerMove(event: PointerEvent): void {
    if (!this.drag) return;
    const frame = frameForDrag(this.drag, event.clientX, this.props.frames.length);
    if (frame !== this.state.frame) this.set({ frame });
  }

  pointerUp(): void {
    this.drag = null;
  }

  keyDown(event: KeyboardEvent): void {
    if (!this.ready()) return;
    const next = frameForKey(this.state.frame, event.key, this.props.frames.length);
    if (next === null) return;
    event.preventDefault();
    this.touched();
    this.set({ frame: next });
  }

  /** Full screen: the same viewer in a native modal dialog; Escape or Close closes it, focus returns. */
  private openFull(opener: HTMLElement): void {
    this.full ??= this.fullScreenDialog(opener);
    const full = this.full;
    const slider = this.template.cloneNode(true) as HTMLElement;
    if (this.props.placeholder) {
      slider.prepend(element('img', 'h-full w-full object-cover', { src: this.props.placeholder, width: String(this.props.width), height: String(this.props.height), alt: '' }));
    }
    full.stage = new Stage(full.slot, slider, this);
    this.stages.push(full.stage);
    this.render();
    full.dialog.showModal();
    full.dialog.querySelector<HTMLButtonElement>('[data-spin-close]')!.focus();
  }

  private fullScreenDialog(opener: HTMLElement): NonNullable<SpinViewer['full']> {
    const dialog = element('dialog', 'm-0 h-dvh max-h-none w-screen max-w-none border-0 bg-slate-950 p-0 text-white backdrop:bg-slate-950', {
      'aria-label': `360° view of the ${this.props.name}, full screen`,
    });
    const title = element('p', 'truncate font-semibold', {}, this.title());
    const close = element('button', CLOSE, { type: 'button', 'data-spin-close': '' }, 'Close');
    const bar = element('div', 'flex items-center justify-between gap-4 px-4 py-2');
    bar.append(title, close);
    const slot = element('div', 'aspect-[3/2] max-h-full w-full max-w-[calc((100dvh-5rem)*1.5)]');
    const frame = element('div', 'flex min-h-0 flex-1 items-center justify-center p-2');
    frame.append(slot);
    const column = element('div', 'flex h-full flex-col');
    column.append(bar, frame);
    dialog.append(column);
    close.addEventListener('click', () => dialog.close());
    dialog.addEventListener('keydown', (event) => {
      if (event.key === 'Tab') keepFocusInside(dialog, event);
    });
    dialog.addEventListener('close', () => {
      const full = this.full!;
      if (full.stage) this.stages.splice(this.stages.indexOf(full.stage), 1);
      full.stage = null;
      slot.replaceChildren();
      opener.focus();
    });
    this.root.append(dialog);
    return { dialog, title, slot, stage: null };
  }
}

/** Starts the viewer the page rendered in `root` (`[data-spin-viewer]`). */
export function initSpinViewer(root: HTMLElement): void {
  if (root.dataset.spinStarted) return;
  root.dataset.spinStarted = 'true';
  new SpinViewer(root, JSON.parse(root.dataset.spin!) as SpinViewerProps);
}

// The 360 spin viewer island: preloads the frames behind a loader, turns by itself every 100 ms (unless the
// site disables it or the shopper prefers reduced motion) until first touched, steps one frame per 20 px of
// drag or per arrow key, shows the frame's hotspots, and opens the same stage full screen in a modal dialog.
// The gallery's tabs (a script in Gallery.astro) choose the view: they set `data-view` on the
// `[data-media]` box and send a `media-view` event, which this follows.
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { SPIN_AUTO_ROTATE_MS, autoRotates, frameForDrag, frameForKey, preloadState, type DragOrigin } from '../../rules/spin.ts';
import type { SpinViewerProps } from '../../views/vehicle/gallery.ts';
import { keepFocusInside } from '../gallery/focus.ts';
import { SpinStage } from './SpinStage.tsx';

type StageView = 'spinner' | 'interior';

export default function SpinViewer(props: SpinViewerProps) {
  const { frames, hotspots, interiorHotspots } = props;
  const root = useRef<HTMLDivElement>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const closer = useRef<HTMLButtonElement>(null);
  const drag = useRef<DragOrigin | null>(null);
  const [view, setView] = useState<StageView>(props.initialView === 'interior' ? 'interior' : 'spinner');
  const [frame, setFrame] = useState(0);
  const [statuses, setStatuses] = useState<Array<'pending' | 'loaded' | 'failed'>>(() => frames.map(() => 'pending'));
  const [interacted, setInteracted] = useState(false);
  const [reducedMotion, setReducedMotion] = useState(false);
  const [full, setFull] = useState(false);
  const preload = preloadState(statuses);

  // Follow the gallery's tabs.
  useEffect(() => {
    const media = root.current?.closest<HTMLElement>('[data-media]');
    if (!media) return;
    const follow = () => setView(media.dataset.view === 'interior' ? 'interior' : 'spinner');
    follow();
    media.addEventListener('media-view', follow);
    return () => media.removeEventListener('media-view', follow);
  }, []);

  // Preload every frame; a failure is logged and keeps the placeholder (spec 8). The frames settle one by
  // one, but the loader is redrawn at most once a frame, not once a picture, to keep the page's main thread
  // free while it loads.
  useEffect(() => {
    let live = true;
    let redraw = 0;
    const settled = frames.map((): 'pending' | 'loaded' | 'failed' => 'pending');
    frames.forEach((src, i) => {
      const image = new Image();
      const settle = (status: 'loaded' | 'failed') => {
        if (status === 'failed') console.log(`360 view: frame ${i + 1} could not be loaded (${src})`);
        settled[i] = status;
        redraw ||= requestAnimationFrame(() => {
          redraw = 0;
          if (live) setStatuses([...settled]);
        });
      };
      image.onload = () => settle('loaded');
      image.onerror = () => settle('failed');
      image.src = src;
    });
    return () => {
      live = false;
      cancelAnimationFrame(redraw);
    };
  }, [frames]);

  useEffect(() => {
    const query = window.matchMedia('(prefers-reduced-motion: reduce)');
    const update = () => setReducedMotion(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);

  const rotating = preload.ready && view === 'spinner' && autoRotates({ vehicle: { spinAutoRotate: props.autoRotate } }, { reducedMotion, interacted });
  // Set the moment the shopper touches the viewer, before React renders: a turn already due must not move it.
  const stopped = useRef(false);
  useEffect(() => {
    if (!rotating) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible' && !stopped.current) setFrame((f) => (f + 1) % frames.length);
    }, SPIN_AUTO_ROTATE_MS);
    return () => window.clearInterval(timer);
  }, [rotating, frames.length]);

  const touched = useCallback(() => {
    stopped.current = true;
    setInteracted(true);
  }, []);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (!preload.ready || (event.pointerType === 'mouse' && event.button !== 0)) return;
    touched();
    const x = event.clientX;
    // The drag counts from the frame shown once any turn still queued has landed.
    setFrame((shown) => {
      drag.current = { x, frame: shown };
      return shown;
    });
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (drag.current) setFrame(frameForDrag(drag.current, event.clientX, frames.length));
  };
  const onPointerUp = () => {
    drag.current = null;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!preload.ready) return;
    const next = frameForKey(frame, event.key, frames.length);
    if (next === null) return;
    event.preventDefault();
    touched();
    setFrame(next);
  };

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (full && !element.open) {
      element.showModal();
      closer.current?.focus();
    }
    if (!full && element.open) element.close();
  }, [full]);

  const stage = (placeholder: string | null) => (
    <SpinStage
      name={props.name}
      view={view === 'interior' && props.interior ? 'interior' : 'spinner'}
      frames={frames}
      frame={frame}
      width={props.width}
      height={props.height}
      interior={props.interior}
      hotspots={view === 'interior' ? interiorHotspots : (hotspots[frame] ?? [])}
      ready={preload.ready}
      loaded={preload.loaded}
      placeholder={placeholder}
      hint={!interacted}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onKeyDown={onKeyDown}
    />
  );

  return (
    <div ref={root} className="relative h-full w-full" data-spin-viewer data-spin-rotating={rotating ? 'true' : 'false'}>
      {stage(null)}
      <button
        ref={opener}
        type="button"
        className="absolute bottom-3 right-3 inline-flex min-h-11 items-center gap-2 rounded bg-slate-900 px-3 text-sm font-semibold text-white hover:bg-slate-700 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand"
        onClick={() => setFull(true)}
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M3 8V3h5M17 8V3h-5M3 12v5h5M17 12v5h-5" />
        </svg>
        <span className="sr-only sm:not-sr-only">Full screen</span>
      </button>
      <dialog
        ref={dialog}
        aria-label={`360° view of the ${props.name}, full screen`}
        className="m-0 h-dvh max-h-none w-screen max-w-none border-0 bg-slate-950 p-0 text-white backdrop:bg-slate-950"
        onKeyDown={(event) => {
          if (event.key === 'Tab' && dialog.current) keepFocusInside(dialog.current, event.nativeEvent);
        }}
        onClose={() => {
          setFull(false);
          opener.current?.focus();
        }}
      >
        {full && (
          <div className="flex h-full flex-col">
            <div className="flex items-center justify-between gap-4 px-4 py-2">
              <p className="truncate font-semibold">{view === 'interior' ? `Interior of the ${props.name}` : `360° view of the ${props.name}`}</p>
              <button
                ref={closer}
                type="button"
                className="inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center whitespace-nowrap rounded bg-white/10 px-3 font-semibold hover:bg-white/20 focus-visible:outline-3 focus-visible:outline-white"
                onClick={() => setFull(false)}
              >
                Close
              </button>
            </div>
            <div className="flex min-h-0 flex-1 items-center justify-center p-2">
              <div className="aspect-[3/2] max-h-full w-full max-w-[calc((100dvh-5rem)*1.5)]">{stage(props.placeholder)}</div>
            </div>
          </div>
        )}
      </dialog>
    </div>
  );
}

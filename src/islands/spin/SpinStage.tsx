// The 360 viewer's stage, a pure view: the current frame (or the interior), its hotspots, the loader until
// every frame has loaded, and the 'Swipe to spin' hint. The same stage shows inline and full screen.
import type { KeyboardEvent, PointerEvent } from 'react';
import { SPIN_HINT, type PlacedHotspot } from '../../rules/spin.ts';

export interface SpinStageProps {
  name: string;
  view: 'spinner' | 'interior';
  frames: readonly string[];
  frame: number;
  width: number;
  height: number;
  interior: { src: string; width: number; height: number } | null;
  hotspots: readonly PlacedHotspot[];
  /** Every frame has loaded. */
  ready: boolean;
  loaded: number;
  /** Shown under the loader (full screen); inline, the gallery's first photo shows through instead. */
  placeholder: string | null;
  hint: boolean;
  onPointerDown?: (event: PointerEvent<HTMLDivElement>) => void;
  onPointerMove?: (event: PointerEvent<HTMLDivElement>) => void;
  onPointerUp?: (event: PointerEvent<HTMLDivElement>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLDivElement>) => void;
}

function Hotspots({ spots }: { spots: readonly PlacedHotspot[] }) {
  if (spots.length === 0) return null;
  return (
    <ul className="pointer-events-none absolute inset-0" aria-label="Highlights">
      {spots.map((spot) => (
        // Positions come from the feed: set through the CSSOM, since a style attribute breaks the page's CSP.
        <li key={spot.id} className="absolute" data-hotspot={spot.id} ref={(el) => {
          if (el) place(el, spot);
        }}>
          <span className="flex -translate-x-2.5 -translate-y-2.5 items-center gap-1.5">
            <span aria-hidden="true" className="block h-5 w-5 rounded-full border-2 border-white bg-brand shadow ring-2 ring-brand/40" />
            <span className="max-w-48 rounded bg-slate-900 px-2 py-1 text-xs font-semibold text-white">{spot.description}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Places a hotspot through the CSSOM (allowed by the CSP, unlike a style attribute). */
function place(el: HTMLElement, spot: PlacedHotspot): void {
  el.style.left = `${spot.x}%`;
  el.style.top = `${spot.y}%`;
}

export function SpinStage(props: SpinStageProps) {
  const { name, view, frames, frame, width, height, interior, hotspots, ready, loaded, placeholder, hint } = props;
  if (view === 'interior' && interior) {
    return (
      <div className="relative h-full w-full bg-slate-900" data-spin-view="interior">
        <img src={interior.src} width={interior.width} height={interior.height} alt={`Interior of the ${name}`} className="h-full w-full object-cover" />
        <Hotspots spots={hotspots} />
      </div>
    );
  }
  return (
    <div
      role="slider"
      tabIndex={0}
      aria-label={`360° view of the ${name}: drag or use the arrow keys to turn it`}
      aria-valuemin={1}
      aria-valuemax={frames.length}
      aria-valuenow={frame + 1}
      aria-valuetext={ready ? `Angle ${frame + 1} of ${frames.length}` : 'Loading'}
      aria-busy={!ready}
      data-spin-view="spinner"
      data-spin-frame={frame}
      data-spin-ready={ready ? 'true' : 'false'}
      className="relative h-full w-full cursor-grab touch-pan-y select-none focus-visible:outline-3 focus-visible:-outline-offset-4 focus-visible:outline-brand active:cursor-grabbing"
      onPointerDown={props.onPointerDown}
      onPointerMove={props.onPointerMove}
      onPointerUp={props.onPointerUp}
      onPointerCancel={props.onPointerUp}
      onKeyDown={props.onKeyDown}
    >
      {ready ? (
        <>
          <img src={frames[frame]} width={width} height={height} alt="" draggable={false} className="h-full w-full bg-slate-100 object-cover" />
          <Hotspots spots={hotspots} />
          {hint && (
            <p className="pointer-events-none absolute inset-x-0 bottom-3 flex justify-center" data-spin-hint>
              <span className="rounded-full bg-slate-900 px-4 py-1.5 text-sm font-semibold text-white">{SPIN_HINT}</span>
            </p>
          )}
        </>
      ) : (
        <>
          {placeholder && <img src={placeholder} width={width} height={height} alt="" className="h-full w-full object-cover" />}
          <div role="status" aria-label={`Loading 360° view, ${loaded} of ${frames.length} pictures`} className="absolute inset-0 flex items-center justify-center bg-slate-900/20">
            <span className="flex items-center gap-2 rounded-full bg-white px-4 py-2 text-sm font-semibold text-slate-900 shadow">
              <span aria-hidden="true" className="block h-4 w-4 animate-spin rounded-full border-2 border-slate-400 border-t-transparent motion-reduce:animate-none" />
              Loading 360° view
            </span>
          </div>
        </>
      )}
    </div>
  );
}

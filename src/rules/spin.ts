/**
 * The 360 spin viewer (spec sections 2, 4, 7, 8 and 9): which views a vehicle's viewer offers, how
 * frames step by drag, key and timer, when the frames count as loaded, which hotspots show on a frame,
 * and the external viewer for vehicles with a spin code. Pure: the island and the page call these.
 */
import type { SiteConfig } from '../schemas/site-config.ts';
import type { Vehicle } from '../schemas/vehicle.ts';

/** Spec 9: the viewer turns by itself one frame every 100 ms. */
export const SPIN_AUTO_ROTATE_MS = 100;

/** Spec 9: movement sensitivity: a horizontal drag of 20 px steps one frame. */
export const SPIN_DRAG_STEP_PX = 20;

/** Spec 4: the hint shown until the shopper first turns the vehicle. */
export const SPIN_HINT = 'Swipe to spin';

/** Spec 4: the viewer's views; `gallery` is the photo gallery. */
export type SpinView = 'spinner' | 'gallery' | 'interior';

/** A tab of the viewer, in the spec's order: Spin, Images, Interior. */
export interface SpinTab {
  view: SpinView;
  label: 'Spin' | 'Images' | 'Interior';
}

type SpinVehicle = Pick<Vehicle, 'spin_images' | 'spin_interior_image' | 'spin_code'>;
type SpinSite = { features: Pick<SiteConfig['features'], 'spinViewer'>; vehicle: Pick<SiteConfig['vehicle'], 'spinDefaultView' | 'spinAutoRotate' | 'spinExternalViewerUrl'> };

/** A spin needs at least two frames to turn. */
export const SPIN_MIN_FRAMES = 2;

/**
 * The external viewer's address for a vehicle with a spin code, where the site configures the viewer
 * (`vehicle.spinExternalViewerUrl`, `{code}` replaced by the URL-encoded code); null otherwise.
 */
export function externalSpinViewerUrl(vehicle: SpinVehicle, site: SpinSite): string | null {
  const template = site.vehicle.spinExternalViewerUrl;
  const code = vehicle.spin_code?.trim();
  if (!site.features.spinViewer || !template || !code) return null;
  return template.replaceAll('{code}', encodeURIComponent(code));
}

/**
 * The viewer's tabs for a vehicle, or an empty list when it has no viewer: the site must enable
 * `features.spinViewer` and the vehicle needs spin frames (or a spin code the site's external viewer
 * shows). Images is always there; Interior only with an interior image.
 */
export function spinTabs(vehicle: SpinVehicle, site: SpinSite): SpinTab[] {
  if (!site.features.spinViewer) return [];
  const frames = vehicle.spin_images?.length ?? 0;
  const spin = frames >= SPIN_MIN_FRAMES || externalSpinViewerUrl(vehicle, site) !== null;
  if (!spin) return [];
  return [
    { view: 'spinner', label: 'Spin' },
    { view: 'gallery', label: 'Images' },
    ...(vehicle.spin_interior_image ? [{ view: 'interior' as const, label: 'Interior' as const }] : []),
  ];
}

/** Spec 4: the view the viewer opens on: the spinner, or the gallery where the site says so. */
export function initialSpinView(site: SpinSite): SpinView {
  return site.vehicle.spinDefaultView;
}

/** The frame `delta` steps from `frame`, wrapping round both ways. */
export function stepFrame(frame: number, delta: number, count: number): number {
  if (count <= 0) return 0;
  return (((frame + delta) % count) + count) % count;
}

/**
 * Spec 9: whole frames a horizontal drag has moved: one per 20 px, towards zero, so 19 px is none and
 * -40 px is two back. Dragging right turns forward.
 */
export function dragSteps(deltaX: number, stepPx = SPIN_DRAG_STEP_PX): number {
  return Math.trunc(deltaX / stepPx) || 0;
}

/** A drag in progress: where it started and on which frame. */
export interface DragOrigin {
  x: number;
  frame: number;
}

/** The frame a drag that started at `origin` shows with the pointer at `x`. */
export function frameForDrag(origin: DragOrigin, x: number, count: number): number {
  return stepFrame(origin.frame, dragSteps(x - origin.x), count);
}

/** The frame an arrow key moves to (left back, right forward); null for any other key. */
export function frameForKey(frame: number, key: string, count: number): number | null {
  if (key === 'ArrowRight') return stepFrame(frame, 1, count);
  if (key === 'ArrowLeft') return stepFrame(frame, -1, count);
  return null;
}

/**
 * Spec 4 and 9: auto-rotation runs unless the site disables it, never for a shopper who asks for reduced
 * motion, and stops for good once the shopper turns the vehicle.
 */
export function autoRotates(site: { vehicle: Pick<SiteConfig['vehicle'], 'spinAutoRotate'> }, options: { reducedMotion: boolean; interacted: boolean }): boolean {
  return site.vehicle.spinAutoRotate && !options.reducedMotion && !options.interacted;
}

/** How far the frames' preload has got. */
export interface PreloadState {
  total: number;
  loaded: number;
  failed: number;
  /** Every frame loaded: the spinner replaces the placeholder. */
  ready: boolean;
}

/**
 * Spec 4 and 8: the frames preload behind one placeholder and a loader until every one has loaded; a
 * frame that fails keeps the placeholder (the failure is only logged).
 */
export function preloadState(statuses: ReadonlyArray<'pending' | 'loaded' | 'failed'>): PreloadState {
  const loaded = statuses.filter((s) => s === 'loaded').length;
  const failed = statuses.filter((s) => s === 'failed').length;
  return { total: statuses.length, loaded, failed, ready: statuses.length > 0 && loaded === statuses.length };
}

/** A hotspot placed on a frame, as a percentage of the frame's width and height. */
export interface PlacedHotspot {
  id: string;
  description: string;
  x: number;
  y: number;
}

interface HotspotData {
  hotspots?: ReadonlyArray<{ id: string | number; description?: string | null }> | null;
  positions?: ReadonlyArray<{ hotspotId: string | number; activeAngle: number; posX: number; posY: number }> | null;
}

const clampPercent = (value: number) => Math.min(100, Math.max(0, value));

/**
 * Spec 3 and 4: the hotspots whose position is active on `frame` (the interior view has one frame, 0),
 * with their descriptions. Positions are percentages of the frame (the spin provider's units), held
 * inside it; a position naming no known hotspot, or a hotspot without a description, is left out.
 */
export function hotspotsOnFrame(data: HotspotData, frame: number): PlacedHotspot[] {
  const byId = new Map((data.hotspots ?? []).map((h) => [String(h.id), h.description?.trim() ?? '']));
  return (data.positions ?? [])
    .filter((p) => p.activeAngle === frame)
    .flatMap((p) => {
      const description = byId.get(String(p.hotspotId));
      return description ? [{ id: String(p.hotspotId), description, x: clampPercent(p.posX), y: clampPercent(p.posY) }] : [];
    });
}

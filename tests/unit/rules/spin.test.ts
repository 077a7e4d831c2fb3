import { describe, expect, it } from 'vitest';
import {
  SPIN_AUTO_ROTATE_MS,
  SPIN_DRAG_STEP_PX,
  autoRotates,
  dragSteps,
  externalSpinViewerUrl,
  frameForDrag,
  frameForKey,
  hotspotsOnFrame,
  initialSpinView,
  preloadState,
  spinTabs,
  stepFrame,
} from '../../../src/rules/spin.ts';
import { SiteConfigSchema, type SiteConfigInput } from '../../../src/schemas/site-config.ts';

const site = (over: Partial<SiteConfigInput> = {}) =>
  SiteConfigSchema.parse({ slug: 'test-motors', name: 'Test Motors', template: 'classic', url: 'https://www.test.example', ...over });
const frames = (n: number) => Array.from({ length: n }, (_, i) => `images/spin/suv-${i + 1}.jpg`);

describe('spin constants', () => {
  it('auto-rotates every 100 ms and steps one frame per 20 px of drag (spec 9)', () => {
    expect(SPIN_AUTO_ROTATE_MS).toBe(100);
    expect(SPIN_DRAG_STEP_PX).toBe(20);
  });
});

describe('tabs and views', () => {
  it('offers Spin, Images and Interior, in that order, for a vehicle with frames and an interior image', () => {
    const tabs = spinTabs({ spin_images: frames(36), spin_interior_image: 'images/interior.jpg' }, site());
    expect(tabs.map((t) => t.label)).toEqual(['Spin', 'Images', 'Interior']);
    expect(tabs.map((t) => t.view)).toEqual(['spinner', 'gallery', 'interior']);
  });

  it('has no Interior tab without an interior image', () => {
    expect(spinTabs({ spin_images: frames(36) }, site()).map((t) => t.label)).toEqual(['Spin', 'Images']);
  });

  it('has no viewer without frames, with a single frame, or where the site turns the viewer off', () => {
    expect(spinTabs({ spin_images: null, spin_interior_image: 'images/interior.jpg' }, site())).toEqual([]);
    expect(spinTabs({ spin_images: frames(1) }, site())).toEqual([]);
    expect(spinTabs({ spin_images: frames(36) }, site({ features: { spinViewer: false } }))).toEqual([]);
  });

  it('opens on the spinner by default and on the gallery where the site says so', () => {
    expect(initialSpinView(site())).toBe('spinner');
    expect(initialSpinView(site({ vehicle: { spinDefaultView: 'gallery' } }))).toBe('gallery');
  });
});

describe('external viewer', () => {
  const withViewer = site({ vehicle: { spinExternalViewerUrl: 'https://spins.example.com/view/{code}?autoplay=1' } });

  it('puts the URL-encoded spin code into the configured address', () => {
    expect(externalSpinViewerUrl({ spin_code: 'AB 12/CD' }, withViewer)).toBe('https://spins.example.com/view/AB%2012%2FCD?autoplay=1');
  });

  it('needs both a spin code and a configured viewer, and the viewer switched on', () => {
    expect(externalSpinViewerUrl({ spin_code: 'AB12CD' }, site())).toBeNull();
    expect(externalSpinViewerUrl({ spin_code: '  ' }, withViewer)).toBeNull();
    expect(externalSpinViewerUrl({ spin_code: null }, withViewer)).toBeNull();
    expect(externalSpinViewerUrl({ spin_code: 'AB12CD' }, site({ features: { spinViewer: false }, vehicle: { spinExternalViewerUrl: 'https://spins.example.com/{code}' } }))).toBeNull();
  });

  it('gives a vehicle with a spin code but no frames the viewer tabs', () => {
    expect(spinTabs({ spin_code: 'AB12CD', spin_images: null }, withViewer).map((t) => t.label)).toEqual(['Spin', 'Images']);
  });

  it('refuses a configured address without {code}, or one that is not http(s)', () => {
    const base = { slug: 'x', name: 'X', template: 'classic', url: 'https://x.example' } as const;
    expect(SiteConfigSchema.safeParse({ ...base, vehicle: { spinExternalViewerUrl: 'https://spins.example.com/view' } }).success).toBe(false);
    expect(SiteConfigSchema.safeParse({ ...base, vehicle: { spinExternalViewerUrl: 'javascript:alert(1)//{code}' } }).success).toBe(false);
  });
});

describe('stepping frames', () => {
  it('wraps round both ways', () => {
    expect(stepFrame(35, 1, 36)).toBe(0);
    expect(stepFrame(0, -1, 36)).toBe(35);
    expect(stepFrame(10, 75, 36)).toBe(13);
    expect(stepFrame(3, -40, 36)).toBe(35);
  });

  it('steps one frame per whole 20 px of horizontal drag, towards zero', () => {
    expect(dragSteps(19)).toBe(0);
    expect(dragSteps(20)).toBe(1);
    expect(dragSteps(39)).toBe(1);
    expect(dragSteps(40)).toBe(2);
    expect(dragSteps(-19)).toBe(0);
    expect(dragSteps(-20)).toBe(-1);
    expect(dragSteps(-61)).toBe(-3);
  });

  it('follows a drag from where it started: right turns forward, back again returns', () => {
    const origin = { x: 200, frame: 34 };
    expect(frameForDrag(origin, 219, 36)).toBe(34);
    expect(frameForDrag(origin, 220, 36)).toBe(35);
    expect(frameForDrag(origin, 260, 36)).toBe(1);
    expect(frameForDrag(origin, 160, 36)).toBe(32);
    expect(frameForDrag(origin, 200, 36)).toBe(34);
  });

  it('steps one frame per arrow key and ignores other keys', () => {
    expect(frameForKey(0, 'ArrowRight', 36)).toBe(1);
    expect(frameForKey(0, 'ArrowLeft', 36)).toBe(35);
    expect(frameForKey(5, 'Enter', 36)).toBeNull();
  });
});

describe('auto-rotation', () => {
  it('runs unless the site disables it, never with reduced motion, and stops once touched', () => {
    expect(autoRotates(site(), { reducedMotion: false, interacted: false })).toBe(true);
    expect(autoRotates(site({ vehicle: { spinAutoRotate: false } }), { reducedMotion: false, interacted: false })).toBe(false);
    expect(autoRotates(site(), { reducedMotion: true, interacted: false })).toBe(false);
    expect(autoRotates(site(), { reducedMotion: false, interacted: true })).toBe(false);
  });
});

describe('preloading', () => {
  it('is ready only when every frame has loaded', () => {
    expect(preloadState(['loaded', 'pending', 'loaded'])).toEqual({ total: 3, loaded: 2, failed: 0, ready: false });
    expect(preloadState(['loaded', 'loaded', 'loaded']).ready).toBe(true);
  });

  it('keeps the placeholder when a frame fails', () => {
    expect(preloadState(['loaded', 'failed', 'loaded'])).toEqual({ total: 3, loaded: 2, failed: 1, ready: false });
  });

  it('is never ready without frames', () => {
    expect(preloadState([]).ready).toBe(false);
  });
});

describe('hotspots', () => {
  const data = {
    hotspots: [
      { id: 'h1', description: 'LED headlights' },
      { id: 2, description: '18-inch alloy wheels' },
      { id: 'h3', description: '  ' },
    ],
    positions: [
      { hotspotId: 'h1', activeAngle: 0, posX: 78.5, posY: 52 },
      { hotspotId: '2', activeAngle: 9, posX: 32, posY: 72 },
      { hotspotId: 'h3', activeAngle: 9, posX: 10, posY: 10 },
      { hotspotId: 'missing', activeAngle: 9, posX: 50, posY: 50 },
      { hotspotId: 'h1', activeAngle: 20, posX: 140, posY: -5 },
    ],
  };

  it('shows the hotspots active on the frame, with their descriptions and positions', () => {
    expect(hotspotsOnFrame(data, 0)).toEqual([{ id: 'h1', description: 'LED headlights', x: 78.5, y: 52 }]);
    expect(hotspotsOnFrame(data, 9)).toEqual([{ id: '2', description: '18-inch alloy wheels', x: 32, y: 72 }]);
    expect(hotspotsOnFrame(data, 1)).toEqual([]);
  });

  it('keeps a position inside the frame', () => {
    expect(hotspotsOnFrame(data, 20)).toEqual([{ id: 'h1', description: 'LED headlights', x: 100, y: 0 }]);
  });

  it('copes with a vehicle without hotspots', () => {
    expect(hotspotsOnFrame({ hotspots: null, positions: null }, 0)).toEqual([]);
  });
});

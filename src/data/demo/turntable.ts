/**
 * The demo vehicles drawn in three dimensions: each body's side silhouette extruded to the vehicle's
 * width, with wheels, glass and lights, turned on a turntable and drawn as SVG. The spin sets (one frame
 * per 10 degrees) and the walk-round videos are made from it, so they show the vehicle really turning,
 * and the hotspots are placed where the drawing puts the headlights and wheels. Pure and deterministic.
 */
import { COLOUR_HEX, type Body, type Colour } from './catalog.ts';

/** Side-on silhouettes drawn on a 1200x800 canvas, front to the left: body path, side-window path, wheel x positions, wheel radius. */
export const SHAPES: Record<Body, { body: string; glass: string; wheels: number[]; r: number }> = {
  Hatch: { body: 'M250 560 L270 470 L420 380 L700 370 L860 450 L960 470 L970 560 Z', glass: 'M440 395 L690 388 L820 455 L440 460 Z', wheels: [390, 840], r: 62 },
  Sedan: { body: 'M200 560 L220 480 L400 450 L500 380 L760 375 L880 450 L1010 475 L1020 560 Z', glass: 'M515 392 L750 388 L850 452 L500 455 Z', wheels: [350, 880], r: 60 },
  SUV: { body: 'M220 570 L230 430 L400 340 L800 335 L920 430 L990 450 L995 570 Z', glass: 'M420 355 L790 352 L880 430 L420 432 Z', wheels: [370, 860], r: 72 },
  Ute: { body: 'M200 570 L210 440 L380 350 L600 345 L650 440 L1010 440 L1010 570 Z', glass: 'M400 362 L590 360 L625 435 L400 437 Z', wheels: [340, 880], r: 70 },
  Wagon: { body: 'M200 560 L215 470 L400 395 L940 390 L1000 470 L1005 560 Z', glass: 'M420 408 L930 405 L960 462 L420 465 Z', wheels: [350, 870], r: 60 },
  Van: { body: 'M220 580 L225 330 L330 280 L980 280 L1000 580 Z', glass: 'M240 340 L330 295 L420 295 L420 420 L240 420 Z', wheels: [360, 870], r: 66 },
  Coupe: { body: 'M200 560 L230 490 L460 430 L560 380 L760 385 L900 470 L1010 490 L1015 560 Z', glass: 'M580 395 L745 398 L860 468 L560 470 Z', wheels: [360, 880], r: 60 },
  Convertible: { body: 'M200 560 L230 480 L520 470 L600 420 L640 470 L1010 480 L1015 560 Z', glass: 'M605 430 L630 470 L590 470 Z', wheels: [360, 880], r: 60 },
  Motorcycle: { body: 'M400 500 L520 420 L700 410 L780 360 L820 380 L760 460 L640 520 Z', glass: 'M760 365 L800 370 L790 395 Z', wheels: [430, 800], r: 95 },
  Truck: { body: 'M160 580 L170 330 L340 300 L380 580 Z M390 250 L1050 250 L1050 560 L390 560 Z', glass: 'M185 345 L320 320 L330 420 L185 420 Z', wheels: [280, 700, 900], r: 70 },
  Caravan: { body: 'M240 560 L240 300 Q240 250 300 250 L950 250 Q1000 250 1000 300 L1000 560 Z M160 520 L240 520 L240 540 L160 540 Z', glass: 'M320 320 L520 320 L520 420 L320 420 Z M720 320 L900 320 L900 400 L720 400 Z', wheels: [620], r: 70 },
};

/** Width of each body across, in the silhouettes' pixels (a car is about 0.4 of its length). */
const WIDTH: Record<Body, number> = {
  Hatch: 290, Sedan: 300, SUV: 320, Ute: 320, Wagon: 300, Van: 330, Coupe: 300, Convertible: 300, Motorcycle: 90, Truck: 340, Caravan: 330,
};

/** Frames in a spin set: one per 10 degrees. */
export const TURN_FRAMES = 36;
/** Frame 0 looks at the front three-quarters (the front is at -x; turned towards the viewer). */
const START_DEGREES = -35;
/** The camera looks down a little, so the roof and bonnet show. */
const PITCH = (14 * Math.PI) / 180;
const SCALE = 0.92;
const GROUND_Y = 645;
const CANVAS = { width: 1200, height: 800 };

type Vec3 = [number, number, number];
type Point = [number, number];

/** Polygons of an SVG path made of M, L, Q and Z commands (curves sampled). Coordinates as in the path. */
function polygons(d: string): Point[][] {
  const tokens = d.match(/[MLQZ]|-?\d+(\.\d+)?/g) ?? [];
  const result: Point[][] = [];
  let current: Point[] = [];
  let i = 0;
  const num = () => Number(tokens[i++]);
  while (i < tokens.length) {
    const command = tokens[i++];
    if (command === 'M') {
      if (current.length) result.push(current);
      current = [[num(), num()]];
    } else if (command === 'L') {
      current.push([num(), num()]);
    } else if (command === 'Q') {
      const [x0, y0] = current[current.length - 1]!;
      const cx = num(), cy = num(), x1 = num(), y1 = num();
      for (let s = 1; s <= 6; s++) {
        const t = s / 6;
        current.push([(1 - t) ** 2 * x0 + 2 * (1 - t) * t * cx + t * t * x1, (1 - t) ** 2 * y0 + 2 * (1 - t) * t * cy + t * t * y1]);
      }
    } else if (command === 'Z') {
      result.push(current);
      current = [];
    }
  }
  if (current.length) result.push(current);
  return result;
}

/** Silhouette pixels to model space: x from the centre, y up from the ground. */
const toModel = ([x, y]: Point): Point => [x - 600, GROUND_Y - y];

/** The view of one frame: turntable angle, then the camera's pitch. */
class Camera {
  private readonly cos: number;
  private readonly sin: number;
  constructor(degrees: number) {
    const a = (degrees * Math.PI) / 180;
    this.cos = Math.cos(a);
    this.sin = Math.sin(a);
  }
  /** Rotated into camera space: x right, y up, d towards the viewer. */
  view([x, y, z]: Vec3): Vec3 {
    const x1 = x * this.cos - z * this.sin;
    const z1 = x * this.sin + z * this.cos;
    return [x1, y * Math.cos(PITCH) - z1 * Math.sin(PITCH), y * Math.sin(PITCH) + z1 * Math.cos(PITCH)];
  }
  /** Canvas position of a model point. */
  screen(p: Vec3): Point {
    const [x, y] = this.view(p);
    return [CANVAS.width / 2 + x * SCALE, 560 - y * SCALE];
  }
  /** A face is seen when its normal points towards the viewer. */
  faces(normal: Vec3): number {
    return this.view(normal)[2];
  }
}

/** The turntable angle of a frame. */
export function frameDegrees(frame: number, frames = TURN_FRAMES): number {
  return START_DEGREES + (360 * frame) / frames;
}

/** Where a model point shows on a frame, in percent of the frame's width and height (hotspot units). */
function percentOnFrame(point: Vec3, frame: number): { posX: number; posY: number } {
  const [x, y] = new Camera(frameDegrees(frame)).screen(point);
  return { posX: Math.round((x / CANVAS.width) * 1000) / 10, posY: Math.round((y / CANVAS.height) * 1000) / 10 };
}

function frontLight(body: Body): Vec3 {
  const points = polygons(SHAPES[body].body).flat().map(toModel);
  const front = Math.min(...points.map(([x]) => x));
  const sill = Math.min(...points.map(([, y]) => y));
  return [front, sill + 95, WIDTH[body] * 0.32];
}

/** Hotspot positions for a body's spin set: the headlight on frame 0 and the front wheel on frame 9. */
export function spinHotspotPositions(body: Body): { headlight: { posX: number; posY: number }; wheel: { posX: number; posY: number } } {
  const shape = SHAPES[body];
  return {
    headlight: percentOnFrame(frontLight(body), 0),
    wheel: percentOnFrame([shape.wheels[0]! - 600, GROUND_Y - 580, WIDTH[body] / 2 + 4], 9),
  };
}

const clamp = (n: number) => Math.max(0, Math.min(255, Math.round(n)));

/** A colour lit by a face's normal: the light is fixed to the camera (upper left, in front). */
function shade(hex: string, normal: Vec3, camera: Camera, ambient = 0.5): string {
  const [nx, ny, nd] = camera.view(normal);
  const length = Math.hypot(nx, ny, nd) || 1;
  const light: Vec3 = [-0.35, 0.65, 0.68];
  const lambert = Math.max(0, (nx * light[0] + ny * light[1] + nd * light[2]) / length);
  const k = ambient + (1 - ambient) * lambert;
  const v = parseInt(hex.slice(1), 16);
  return `rgb(${clamp(((v >> 16) & 255) * k)},${clamp(((v >> 8) & 255) * k)},${clamp((v & 255) * k)})`;
}

interface Face {
  points: Vec3[];
  fill: string;
  depth: number;
}

const pointsAttr = (camera: Camera, points: Vec3[]) => points.map((p) => camera.screen(p).map((n) => n.toFixed(1)).join(',')).join(' ');

/**
 * One frame of a body turning, as an SVG on a 1200x800 canvas.
 * @param frame 0-based frame; `frames` per full turn
 * @param outputWidth pixels the SVG is drawn at (the drawing scales; 3:2)
 */
export function turntableSvg(body: Body, colour: Colour, frame: number, frames = TURN_FRAMES, outputWidth: number = CANVAS.width): string {
  const camera = new Camera(frameDegrees(frame, frames));
  const shape = SHAPES[body];
  const paint = COLOUR_HEX[colour];
  const half = WIDTH[body] / 2;
  const glassTop = Math.min(...polygons(shape.glass).flat().map(([, y]) => y));
  const beltLine = Math.max(...polygons(shape.glass).flat().map(([, y]) => y));
  const faces: Face[] = [];
  const add = (points: Vec3[], normal: Vec3, colourHex: string, ambient?: number) => {
    if (camera.faces(normal) <= 0.001) return;
    const depth = points.reduce((sum, p) => sum + camera.view(p)[2], 0) / points.length;
    faces.push({ points, fill: shade(colourHex, normal, camera, ambient), depth });
  };

  for (const outline of polygons(shape.body)) {
    const model = outline.map(toModel);
    // Signed area (y up): positive means counter-clockwise, so an edge's outward normal is (dy, -dx).
    const area = model.reduce((sum, [x, y], i) => {
      const [x2, y2] = model[(i + 1) % model.length]!;
      return sum + (x * y2 - x2 * y);
    }, 0);
    const turn = area > 0 ? 1 : -1;
    add(model.map(([x, y]) => [x, y, half]), [0, 0, 1], paint);
    add(model.map(([x, y]) => [x, y, -half]), [0, 0, -1], paint);
    model.forEach(([x, y], i) => {
      const [x2, y2] = model[(i + 1) % model.length]!;
      const [ix, iy] = outline[i]!;
      const [jx, jy] = outline[(i + 1) % outline.length]!;
      // Sloping edges between the belt line and the roof are the windscreen and rear window.
      const inBand = (y: number) => y >= glassTop - 25 && y <= beltLine + 15;
      const glazed = body !== 'Motorcycle' && body !== 'Caravan' && inBand(iy) && inBand(jy) && Math.abs(jy - iy) > 0.35 * Math.abs(jx - ix);
      add([[x, y, half], [x2, y2, half], [x2, y2, -half], [x, y, -half]], [turn * (y2 - y), -turn * (x2 - x), 0], glazed ? '#30465c' : paint);
    });
  }
  // Side windows, just proud of each side.
  for (const outline of polygons(shape.glass)) {
    const model = outline.map(toModel);
    add(model.map(([x, y]) => [x, y, half + 1]), [0, 0, 1], '#33475b', 0.7);
    add(model.map(([x, y]) => [x, y, -half - 1]), [0, 0, -1], '#33475b', 0.7);
  }
  // Headlights at the front, tail lights at the back, both sides.
  const points = polygons(shape.body).flat().map(toModel);
  const front = Math.min(...points.map(([x]) => x));
  const back = Math.max(...points.map(([x]) => x));
  const light = frontLight(body);
  for (const side of [1, -1]) {
    const z = light[2] * side;
    const lamp = (x: number, normalX: number, fill: string) =>
      add([[x, light[1] - 14, z - 30], [x, light[1] - 14, z + 30], [x, light[1] + 14, z + 30], [x, light[1] + 14, z - 30]], [normalX, 0, 0], fill, 0.9);
    if (body !== 'Caravan') lamp(front - 1, -1, '#fff4c2');
    lamp(back + 1, 1, '#c81e1e');
  }

  // Wheels: a tyre (outer disc and tread) with a hub, on both sides.
  const wheelFaces: Face[] = [];
  const segments = 20;
  for (const wx of shape.wheels) {
    for (const side of [1, -1]) {
      const outer = side * (half + 4);
      const inner = side * (half - 46);
      const ring = (z: number, r: number): Vec3[] =>
        Array.from({ length: segments }, (_, s) => {
          const a = (2 * Math.PI * s) / segments;
          return [wx - 600 + r * Math.cos(a), GROUND_Y - 580 + r * Math.sin(a), z];
        });
      const before = faces.length;
      const outerRing = ring(outer, shape.r);
      const innerRing = ring(inner, shape.r);
      outerRing.forEach((p, s) => {
        const q = outerRing[(s + 1) % segments]!;
        const a = (2 * Math.PI * (s + 0.5)) / segments;
        add([p, q, innerRing[(s + 1) % segments]!, innerRing[s]!], [Math.cos(a), Math.sin(a), 0], '#1b1d21', 0.6);
      });
      add(outerRing, [0, 0, side], '#16181c', 0.7);
      add(ring(outer + side, shape.r * 0.5), [0, 0, side], '#a9b0ba', 0.6);
      wheelFaces.push(...faces.splice(before));
    }
  }

  // Far to near. Wheels on the far side sit behind the body, near ones in front of it.
  const bodyDepth = camera.view([0, 120, 0])[2];
  const ordered = [
    ...wheelFaces.filter((f) => f.depth < bodyDepth).sort((a, b) => a.depth - b.depth),
    ...faces.sort((a, b) => a.depth - b.depth),
    ...wheelFaces.filter((f) => f.depth >= bodyDepth).sort((a, b) => a.depth - b.depth),
  ];
  const polys = ordered.map((f) => `<polygon points="${pointsAttr(camera, f.points)}" fill="${f.fill}" stroke="${f.fill}" stroke-width="1" stroke-linejoin="round"/>`).join('');
  const outputHeight = Math.round((outputWidth * CANVAS.height) / CANVAS.width);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${outputWidth}" height="${outputHeight}" viewBox="0 0 ${CANVAS.width} ${CANVAS.height}">
<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#dfe8f1"/><stop offset="1" stop-color="#f7f9fb"/></linearGradient>
<radialGradient id="f"><stop offset="0" stop-color="#c5cad0"/><stop offset="1" stop-color="#e4e7ea"/></radialGradient></defs>
<rect width="100%" height="100%" fill="url(#s)"/>
<rect y="520" width="1200" height="280" fill="#e6e9ec"/>
<ellipse cx="600" cy="${560 + 20}" rx="520" ry="120" fill="url(#f)"/>
${polys}</svg>`;
}

import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { COLOUR_HEX, type Body, type Colour } from './catalog.ts';

/** Photo angles in the pool, in gallery order. */
export const ANGLES = ['front', 'side', 'rear', 'interior'] as const;
export type Angle = (typeof ANGLES)[number];

/** Frames in a 360 spin set. */
export const SPIN_FRAMES = 36;

export const PHOTO_WIDTH = 1200;
export const PHOTO_HEIGHT = 800;

/** Pool-relative path of a placeholder photo. */
export function photoPath(body: Body, colour: Colour, angle: Angle): string {
  return `images/${body.toLowerCase()}-${colour.toLowerCase()}-${angle}.jpg`;
}

/** Pool-relative path of one frame of a spin set. */
export function spinFramePath(body: Body, colour: Colour, frame: number): string {
  return `images/spin/${body.toLowerCase()}-${colour.toLowerCase()}-${String(frame + 1).padStart(2, '0')}.jpg`;
}

// Side-on silhouettes drawn on a 1200x800 canvas: [body path, window path, wheel x positions, wheel radius].
const SHAPES: Record<Body, { body: string; glass: string; wheels: number[]; r: number }> = {
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

function photoSvg(body: Body, colour: Colour, angle: Angle, frame = 0): string {
  const paint = COLOUR_HEX[colour];
  const label = `${body} · ${colour}`;
  if (angle === 'interior') {
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${PHOTO_WIDTH}" height="${PHOTO_HEIGHT}">
<defs><linearGradient id="i" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2b2f36"/><stop offset="1" stop-color="#0e1013"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#i)"/>
<path d="M0 520 Q600 420 1200 520 L1200 800 L0 800 Z" fill="#1a1d22"/>
<rect x="520" y="430" width="360" height="150" rx="18" fill="#3a4049"/>
<circle cx="330" cy="560" r="150" fill="none" stroke="${paint}" stroke-width="34"/>
<circle cx="330" cy="560" r="40" fill="#3a4049"/>
<text x="60" y="90" font-family="sans-serif" font-size="44" fill="#e5e7eb">${label} · interior</text></svg>`;
  }
  const shape = SHAPES[body];
  // Front and rear views reuse the side silhouette, mirrored and shifted, so the angles differ visibly.
  const mirror = angle === 'rear' || (angle === 'side' && frame % 2 === 1);
  const rotate = angle === 'front' ? -4 : angle === 'rear' ? 4 : (frame * 10) % 360 === 0 ? 0 : Math.sin((frame * Math.PI) / 18) * 6;
  const transform = `${mirror ? 'translate(1200 0) scale(-1 1)' : ''} rotate(${rotate.toFixed(2)} 600 480)`;
  const wheels = shape.wheels
    .map((x) => `<circle cx="${x}" cy="580" r="${shape.r}" fill="#16181c"/><circle cx="${x}" cy="580" r="${Math.round(shape.r * 0.45)}" fill="#9aa1ab"/>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PHOTO_WIDTH}" height="${PHOTO_HEIGHT}">
<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#cfe3f5"/><stop offset="1" stop-color="#f6f8fb"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#s)"/>
<rect y="600" width="1200" height="200" fill="#d9dcdf"/>
<ellipse cx="600" cy="640" rx="470" ry="34" fill="#b9bdc2"/>
<g transform="${transform}"><path d="${shape.body}" fill="${paint}" stroke="#2a2d31" stroke-width="6"/><path d="${shape.glass}" fill="#33475b" opacity="0.85"/>${wheels}</g>
<text x="60" y="90" font-family="sans-serif" font-size="44" fill="#374151">${label} · ${angle}${frame ? ` ${frame + 1}/${SPIN_FRAMES}` : ''}</text></svg>`;
}

async function writeIfMissing(file: string, render: () => Promise<Buffer>): Promise<boolean> {
  try {
    await stat(file);
    return false;
  } catch {
    await writeFile(file, await render());
    return true;
  }
}

function jpeg(svg: string, width = PHOTO_WIDTH): Promise<Buffer> {
  return sharp(Buffer.from(svg)).resize({ width }).jpeg({ quality: 78, mozjpeg: true }).toBuffer();
}

export interface PoolRequest {
  photos: Array<[Body, Colour]>;
  spins: Array<[Body, Colour]>;
}

/**
 * Writes the placeholder photos and spin frames that the feed refers to into `poolDir`.
 * Existing files are kept (the drawing is deterministic), so a second run writes nothing.
 * @returns how many files were written
 */
export async function writeImagePool(poolDir: string, request: PoolRequest): Promise<number> {
  await mkdir(path.join(poolDir, 'images', 'spin'), { recursive: true });
  const jobs: Array<() => Promise<boolean>> = [];
  for (const [body, colour] of request.photos) {
    for (const angle of ANGLES) {
      jobs.push(() => writeIfMissing(path.join(poolDir, photoPath(body, colour, angle)), () => jpeg(photoSvg(body, colour, angle))));
    }
  }
  for (const [body, colour] of request.spins) {
    for (let frame = 0; frame < SPIN_FRAMES; frame++) {
      jobs.push(() =>
        writeIfMissing(path.join(poolDir, spinFramePath(body, colour, frame)), () => jpeg(photoSvg(body, colour, 'side', frame), 800)),
      );
    }
  }
  let written = 0;
  // sharp runs on libuv's pool; a few jobs in flight keep both cores busy without piling up memory.
  const inFlight = 4;
  for (let i = 0; i < jobs.length; i += inFlight) {
    const done = await Promise.all(jobs.slice(i, i + inFlight).map((job) => job()));
    written += done.filter(Boolean).length;
  }
  return written;
}

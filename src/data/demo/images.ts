import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { COLOUR_HEX, type Body, type Colour } from './catalog.ts';
import { SHAPES, TURN_FRAMES, turntableSvg } from './turntable.ts';
import { vp8FrameOfWebp, webmOfVp8Frames } from './webm.ts';

/** Photo angles in the pool, in gallery order. */
export const ANGLES = ['front', 'side', 'rear', 'interior'] as const;
export type Angle = (typeof ANGLES)[number];

/** Frames in a 360 spin set: one per 10 degrees of the turntable. */
export const SPIN_FRAMES = TURN_FRAMES;

/** The walk-round videos: one turn of the turntable, 3 seconds at 12 frames a second, 480x320. */
export const VIDEO = { width: 480, height: 320, fps: 12, frames: 36 } as const;

export const PHOTO_WIDTH = 1200;
export const PHOTO_HEIGHT = 800;

/** Pool-relative path of a placeholder photo. */
export function photoPath(body: Body, colour: Colour, angle: Angle): string {
  return `images/${body.toLowerCase()}-${colour.toLowerCase()}-${angle}.jpg`;
}

/** Pool-relative path of one frame of a spin set (drawn on the turntable, hence `-360-`). */
export function spinFramePath(body: Body, colour: Colour, frame: number): string {
  return `images/spin/${body.toLowerCase()}-${colour.toLowerCase()}-360-${String(frame + 1).padStart(2, '0')}.jpg`;
}

/** Pool-relative path of a walk-round video (WebM, VP8). */
export function videoPath(body: Body, colour: Colour): string {
  return `videos/${body.toLowerCase()}-${colour.toLowerCase()}.webm`;
}

/** A placeholder photo of a body in a colour from one angle: a picture of the vehicle, no caption drawn on it. */
export function photoSvg(body: Body, colour: Colour, angle: Angle): string {
  const paint = COLOUR_HEX[colour];
  if (angle === 'interior') {
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${PHOTO_WIDTH}" height="${PHOTO_HEIGHT}">
<defs><linearGradient id="i" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2b2f36"/><stop offset="1" stop-color="#0e1013"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#i)"/>
<path d="M0 520 Q600 420 1200 520 L1200 800 L0 800 Z" fill="#1a1d22"/>
<rect x="520" y="430" width="360" height="150" rx="18" fill="#3a4049"/>
<circle cx="330" cy="560" r="150" fill="none" stroke="${paint}" stroke-width="34"/>
<circle cx="330" cy="560" r="40" fill="#3a4049"/></svg>`;
  }
  const shape = SHAPES[body];
  // Front and rear views reuse the side silhouette, mirrored and shifted, so the angles differ visibly.
  const mirror = angle === 'rear';
  const rotate = angle === 'front' ? -4 : angle === 'rear' ? 4 : 0;
  const transform = `${mirror ? 'translate(1200 0) scale(-1 1)' : ''} rotate(${rotate.toFixed(2)} 600 480)`;
  const wheels = shape.wheels
    .map((x) => `<circle cx="${x}" cy="580" r="${shape.r}" fill="#16181c"/><circle cx="${x}" cy="580" r="${Math.round(shape.r * 0.45)}" fill="#9aa1ab"/>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PHOTO_WIDTH}" height="${PHOTO_HEIGHT}">
<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#cfe3f5"/><stop offset="1" stop-color="#f6f8fb"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#s)"/>
<rect y="600" width="1200" height="200" fill="#d9dcdf"/>
<ellipse cx="600" cy="640" rx="470" ry="34" fill="#b9bdc2"/>
<g transform="${transform}"><path d="${shape.body}" fill="${paint}" stroke="#2a2d31" stroke-width="6"/><path d="${shape.glass}" fill="#33475b" opacity="0.85"/>${wheels}</g></svg>`;
}

/**
 * Version of the drawings. The pool keeps files it already has (the drawing is deterministic), so a
 * change to how they are drawn bumps this: a pool stamped with another version is drawn again.
 * 2: no caption text on the photos and spin frames; the electric microsite's cars and cabins.
 */
export const POOL_DRAWING_VERSION = 2;
const STAMP = 'images/.drawing-version';

async function writeIfMissing(file: string, render: () => Promise<Buffer>, redraw = false): Promise<boolean> {
  if (!redraw) {
    try {
      await stat(file);
      return false;
    } catch {
      // Not there yet: drawn below.
    }
  }
  await writeFile(file, await render());
  return true;
}

function jpeg(svg: string, width = PHOTO_WIDTH): Promise<Buffer> {
  return sharp(Buffer.from(svg)).resize({ width }).jpeg({ quality: 78, mozjpeg: true }).toBuffer();
}

export interface PoolRequest {
  photos: Array<[Body, Colour]>;
  spins: Array<[Body, Colour]>;
  /** Walk-round videos; none when left out. */
  videos?: Array<[Body, Colour]>;
  /** Other drawings (the electric microsite's images): pool-relative JPEG path and its SVG. */
  drawings?: Array<{ file: string; svg: () => string }>;
}

/** A walk-round video: the vehicle turning once on the turntable. */
async function walkRoundVideo(body: Body, colour: Colour): Promise<Buffer> {
  const frames = await Promise.all(
    Array.from({ length: VIDEO.frames }, async (_, frame) => {
      const webp = await sharp(Buffer.from(turntableSvg(body, colour, frame, VIDEO.frames, VIDEO.width)))
        .resize({ width: VIDEO.width, height: VIDEO.height })
        .flatten({ background: '#ffffff' })
        .webp({ quality: 70, smartSubsample: true })
        .toBuffer();
      return vp8FrameOfWebp(webp);
    }),
  );
  return await webmOfVp8Frames(frames, VIDEO);
}

/**
 * Writes the placeholder photos and spin frames that the feed refers to into `poolDir`.
 * Existing files are kept (the drawing is deterministic), so a second run writes nothing.
 * @returns how many files were written
 */
export async function writeImagePool(poolDir: string, request: PoolRequest): Promise<number> {
  await mkdir(path.join(poolDir, 'images', 'spin'), { recursive: true });
  await mkdir(path.join(poolDir, 'videos'), { recursive: true });
  const stamp = path.join(poolDir, STAMP);
  const redraw = (await readFile(stamp, 'utf8').catch(() => '')).trim() !== String(POOL_DRAWING_VERSION);
  const jobs: Array<() => Promise<boolean>> = [];
  for (const [body, colour] of request.photos) {
    for (const angle of ANGLES) {
      jobs.push(() => writeIfMissing(path.join(poolDir, photoPath(body, colour, angle)), () => jpeg(photoSvg(body, colour, angle)), redraw));
    }
  }
  for (const [body, colour] of request.spins) {
    for (let frame = 0; frame < SPIN_FRAMES; frame++) {
      jobs.push(() =>
        writeIfMissing(path.join(poolDir, spinFramePath(body, colour, frame)), () => jpeg(turntableSvg(body, colour, frame, SPIN_FRAMES, 800), 800), redraw),
      );
    }
  }
  for (const [body, colour] of request.videos ?? []) {
    jobs.push(() => writeIfMissing(path.join(poolDir, videoPath(body, colour)), () => walkRoundVideo(body, colour), redraw));
  }
  for (const drawing of request.drawings ?? []) {
    jobs.push(async () => {
      await mkdir(path.dirname(path.join(poolDir, drawing.file)), { recursive: true });
      return writeIfMissing(path.join(poolDir, drawing.file), () => jpeg(drawing.svg()), redraw);
    });
  }
  let written = 0;
  // sharp runs on libuv's pool; a few jobs in flight keep both cores busy without piling up memory.
  const inFlight = 4;
  for (let i = 0; i < jobs.length; i += inFlight) {
    const done = await Promise.all(jobs.slice(i, i + inFlight).map((job) => job()));
    written += done.filter(Boolean).length;
  }
  if (redraw) await writeFile(stamp, `${POOL_DRAWING_VERSION}\n`);
  return written;
}

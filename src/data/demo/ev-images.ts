/**
 * The electric microsite's demo images, drawn like the vehicle photos: each colour's car (an IM5
 * fastback sedan or an IM6 coupe-SUV, side on, in the colour's paint) and each interior trim's cabin.
 * The content file names them (`image_url` relative to the feed folder); the demo data writer draws
 * the ones under `images/ev/` into the pool, and the build's image pipeline publishes them.
 * Pure and deterministic: the same content gives the same drawings.
 */
import type { EvContent } from '../../schemas/content.ts';

const WIDTH = 1200;
const HEIGHT = 800;

/** Side-on silhouettes, front to the left: body, glass, wheel x positions and radius. */
const SILHOUETTES: Record<'sedan' | 'suv', { body: string; glass: string; wheels: number[]; r: number; light: string }> = {
  // A long, low fastback: the roof falls in one line to a short tail.
  sedan: {
    body: 'M160 560 Q150 500 200 480 L330 455 Q420 400 520 372 Q640 350 760 362 Q880 380 1000 455 Q1050 470 1045 520 L1040 560 Z',
    glass: 'M455 445 Q520 392 600 380 L740 378 Q830 392 900 450 Z',
    wheels: [330, 880],
    r: 64,
    light: 'M170 500 L250 486 L245 500 L172 512 Z',
  },
  // A taller body with a coupe roof line.
  suv: {
    body: 'M170 575 Q160 495 215 470 L330 440 Q410 360 520 338 Q660 318 790 332 Q900 350 985 440 Q1050 455 1045 520 L1040 575 Z',
    glass: 'M440 432 Q505 360 600 350 L760 350 Q850 370 905 438 Z',
    wheels: [340, 880],
    r: 74,
    light: 'M178 492 L262 474 L258 490 L180 506 Z',
  },
};

/** Wheel size by variant: the performance variants sit on larger wheels with coloured calipers. */
function wheelsOf(variantId: string): { rim: number; caliper: string | null } {
  if (variantId.endsWith('performance')) return { rim: 0.62, caliper: '#d2232a' };
  if (variantId.endsWith('long-range')) return { rim: 0.56, caliper: null };
  return { rim: 0.5, caliper: null };
}

/** A lighter or darker shade of a hex colour (amount -1..1), for the body's highlight and shadow. */
function shade(hex: string, amount: number): string {
  const full = hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex;
  const channels = [1, 3, 5].map((i) => parseInt(full.slice(i, i + 2), 16));
  const mixed = channels.map((c) => Math.round(amount >= 0 ? c + (255 - c) * amount : c * (1 + amount)));
  return `#${mixed.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/** A car of the model `baseId` ('im5' a sedan, others a coupe-SUV) in `hex`, side on in a studio. */
export function evCarSvg(baseId: string, variantId: string, hex: string): string {
  const shape = SILHOUETTES[baseId === 'im5' ? 'sedan' : 'suv'];
  const { rim, caliper } = wheelsOf(variantId);
  const wheels = shape.wheels
    .map(
      (x) =>
        `<circle cx="${x}" cy="${580 - (shape.r - 64)}" r="${shape.r}" fill="#141518"/>` +
        `<circle cx="${x}" cy="${580 - (shape.r - 64)}" r="${Math.round(shape.r * rim)}" fill="#a7adb5"/>` +
        (caliper ? `<rect x="${x - 10}" y="${548 - (shape.r - 64)}" width="20" height="26" rx="5" fill="${caliper}"/>` : '') +
        `<circle cx="${x}" cy="${580 - (shape.r - 64)}" r="${Math.round(shape.r * 0.14)}" fill="#3b3f45"/>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
<defs>
<linearGradient id="studio" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#eef1f4"/><stop offset="1" stop-color="#d5dade"/></linearGradient>
<linearGradient id="paint" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(hex, 0.28)}"/><stop offset="0.55" stop-color="${hex}"/><stop offset="1" stop-color="${shade(hex, -0.35)}"/></linearGradient>
<radialGradient id="floor"><stop offset="0" stop-color="#9ea4aa"/><stop offset="1" stop-color="#d5dade" stop-opacity="0"/></radialGradient>
</defs>
<rect width="100%" height="100%" fill="url(#studio)"/>
<ellipse cx="600" cy="640" rx="520" ry="46" fill="url(#floor)"/>
<path d="${shape.body}" fill="url(#paint)" stroke="${shade(hex, -0.55)}" stroke-width="4"/>
<path d="${shape.glass}" fill="#1f2a36" opacity="0.9"/>
<path d="M230 492 L1010 470" stroke="${shade(hex, 0.45)}" stroke-width="5" opacity="0.6"/>
<path d="${shape.light}" fill="#f4f7fb"/>
<rect x="1000" y="470" width="42" height="10" rx="4" fill="#c3202b"/>
${wheels}</svg>`;
}

/** A cabin seen from the back seat: the panoramic display, the steering wheel (on the right, as sold here) and seats in the trim's `hex`. */
export function evInteriorSvg(hex: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
<defs>
<linearGradient id="cabin" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#9fb3c6"/><stop offset="0.4" stop-color="#5d6b78"/><stop offset="1" stop-color="#1b1e22"/></linearGradient>
<linearGradient id="trim" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(hex, 0.2)}"/><stop offset="0.5" stop-color="${hex}"/><stop offset="1" stop-color="${shade(hex, -0.3)}"/></linearGradient>
<linearGradient id="screen" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#0f2740"/><stop offset="1" stop-color="#2b6cb0"/></linearGradient>
</defs>
<rect width="100%" height="100%" fill="url(#cabin)"/>
<path d="M0 330 Q600 250 1200 330 L1200 470 L0 470 Z" fill="#23262b"/>
<rect x="250" y="300" width="700" height="70" rx="14" fill="url(#screen)"/>
<path d="M0 470 L1200 470 L1200 800 L0 800 Z" fill="#2a2d32"/>
<circle cx="810" cy="450" r="110" fill="none" stroke="#16181b" stroke-width="26"/>
<path d="M60 800 L90 520 Q110 450 200 445 L330 450 Q380 455 380 520 L370 800 Z" fill="url(#trim)"/>
<path d="M830 800 L830 520 Q830 455 880 450 L1010 445 Q1100 450 1110 520 L1140 800 Z" fill="url(#trim)"/>
<path d="M440 800 L470 560 Q600 520 730 560 L760 800 Z" fill="${shade(hex, -0.45)}"/>
<path d="M120 560 L360 560" stroke="${shade(hex, 0.35)}" stroke-width="4" opacity="0.6"/>
<path d="M850 560 L1100 560" stroke="${shade(hex, 0.35)}" stroke-width="4" opacity="0.6"/>
</svg>`;
}

/** Pool-relative images a content file's `image_url` names that the demo draws: those under `images/ev/`. */
const DRAWN = /^images\/ev\/[a-z0-9-]+\.jpg$/;

/**
 * The drawings an EV content file asks for: each colour whose variant is in the file (by
 * `model_variant.name`), and each interior trim, where the image path is one the demo draws.
 */
export function evDrawings(ev: EvContent): Array<{ file: string; svg: () => string }> {
  const drawings = new Map<string, () => string>();
  for (const colour of ev.colours) {
    const variant = ev.variants.find((v) => v.name.trim().toLowerCase() === colour.model_variant?.name?.trim().toLowerCase());
    const file = colour.image_url ?? '';
    if (!variant || !colour.hexCode || !DRAWN.test(file)) continue;
    const hex = colour.hexCode;
    drawings.set(file, () => evCarSvg(variant.baseId, variant.id, hex));
  }
  for (const trim of ev.interiors) {
    const file = trim.image_url ?? '';
    if (DRAWN.test(file)) drawings.set(file, () => evInteriorSvg(trim.hexCode));
  }
  return [...drawings].map(([file, svg]) => ({ file, svg }));
}

/**
 * Demo photos of the dealerships themselves: a showroom front with its sign, glass frontage,
 * forecourt and a few cars, drawn as SVG and written as JPEG beside the vehicle photos. A
 * location's card and page then show a building rather than a car. Deterministic: the same
 * location always gets the same picture, and an existing file is kept.
 */
import { stat, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

const WIDTH = 1200;
const HEIGHT = 800;

/** Sign colours the showrooms are painted in, picked by the location's slug. */
const SIGN_COLOURS = ['#b0001e', '#0b4f8a', '#1f2937', '#0f766e', '#7c2d12', '#4338ca'] as const;
const CAR_COLOURS = ['#e5e7eb', '#111827', '#9ca3af', '#b91c1c', '#1d4ed8', '#f8fafc'] as const;

/** Path of a location's photo, relative to the feed root (as location images are). */
export function dealershipPhotoPath(slug: string): string {
  return `images/dealerships/${slug}.jpg`;
}

function hash(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return h >>> 0;
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function car(x: number, y: number, colour: string, scale: number): string {
  return `<g transform="translate(${x} ${y}) scale(${scale})">
    <ellipse cx="100" cy="62" rx="105" ry="9" fill="#000" opacity="0.18"/>
    <path d="M5 50 L12 30 L55 24 L80 6 L140 6 L170 26 L195 32 L198 50 Z" fill="${colour}" stroke="#374151" stroke-width="2"/>
    <path d="M62 26 L84 10 L112 10 L112 26 Z M118 10 L138 10 L160 26 L118 26 Z" fill="#1e293b" opacity="0.85"/>
    <circle cx="45" cy="52" r="13" fill="#111827"/><circle cx="45" cy="52" r="5" fill="#9ca3af"/>
    <circle cx="160" cy="52" r="13" fill="#111827"/><circle cx="160" cy="52" r="5" fill="#9ca3af"/>
  </g>`;
}

/** The SVG of one dealership front; `name` is painted on the sign. */
export function dealershipSvg(name: string, slug: string): string {
  const h = hash(slug);
  const sign = SIGN_COLOURS[h % SIGN_COLOURS.length]!;
  const [first, second, third] = [0, 1, 2].map((i) => CAR_COLOURS[(h >>> (3 + i * 3)) % CAR_COLOURS.length]!) as [string, string, string];
  const mullions = Array.from({ length: 9 }, (_, i) => `<rect x="${190 + i * 100}" y="330" width="6" height="250" fill="#cbd5e1"/>`).join('');
  const label = escape(name);
  // The sign is 880 px wide inside its margins; a bold sans letter is about 0.6 em wide.
  const fontSize = Math.min(44, Math.floor(880 / (Math.max(name.length, 1) * 0.6)));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7db4e6"/><stop offset="1" stop-color="#dbeafe"/></linearGradient>
    <linearGradient id="glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#bcd7ee"/><stop offset="0.5" stop-color="#8fb3d3"/><stop offset="1" stop-color="#5f86aa"/></linearGradient>
  </defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>
  <ellipse cx="120" cy="520" rx="140" ry="90" fill="#4d7c0f" opacity="0.7"/>
  <ellipse cx="1100" cy="510" rx="150" ry="100" fill="#3f6212" opacity="0.7"/>
  <rect x="140" y="230" width="920" height="360" fill="#f1f5f9"/>
  <rect x="140" y="230" width="920" height="90" fill="${sign}"/>
  <text x="600" y="290" font-family="Arial, Helvetica, sans-serif" font-size="${fontSize}" font-weight="700" fill="#ffffff" text-anchor="middle">${label}</text>
  <rect x="180" y="330" width="840" height="250" fill="url(#glass)"/>
  ${mullions}
  <path d="M180 330 L420 580 M520 330 L760 580" stroke="#ffffff" stroke-width="18" opacity="0.18"/>
  <rect x="540" y="430" width="120" height="150" fill="#334155" opacity="0.55"/>
  <rect x="1040" y="140" width="16" height="450" fill="#64748b"/>
  <rect x="990" y="140" width="116" height="70" fill="${sign}"/>
  <rect x="0" y="580" width="${WIDTH}" height="220" fill="#9ca3af"/>
  <path d="M0 640 H${WIDTH}" stroke="#e5e7eb" stroke-width="4" stroke-dasharray="60 40"/>
  ${car(90, 620, first, 1.35)}
  ${car(470, 640, second, 1.35)}
  ${car(850, 620, third, 1.35)}
</svg>`;
}

/**
 * Writes the photo of each location into `feedRoot` unless it is there already.
 * @returns how many files were written
 */
export async function writeDealershipPhotos(feedRoot: string, locations: ReadonlyArray<{ name: string; slug: string }>): Promise<number> {
  await mkdir(path.join(feedRoot, 'images', 'dealerships'), { recursive: true });
  let written = 0;
  for (const { name, slug } of locations) {
    const file = path.join(feedRoot, dealershipPhotoPath(slug));
    const exists = await stat(file).then(() => true, () => false);
    if (exists) continue;
    await writeFile(file, await sharp(Buffer.from(dealershipSvg(name, slug))).jpeg({ quality: 78, mozjpeg: true }).toBuffer());
    written++;
  }
  return written;
}

/** A feed location with its image pointed at its dealership photo. */
export function withDealershipPhoto<T extends Record<string, unknown>>(location: T): T {
  const slug = String(location.slug);
  const url = dealershipPhotoPath(slug);
  return { ...location, image: { image: { url, thumb: { url } } } };
}

/**
 * Marketing images for the demo dealers' content (home page slides, banners, category cards, offers,
 * promo cards, popups): vehicles from the turntable drawing placed in a showroom, on the road, in a
 * workshop or on a brand-coloured backdrop, drawn as SVG and encoded with sharp. No text is drawn: the
 * page sets headings and buttons over or beside the image, as a dealer's own banners would.
 *
 * What an image shows is read from its file name (`offers/ford-ranger.jpg` shows utes, `finance` a
 * finance backdrop, `service` a workshop), with the site's brand colours, so a new offer in a demo
 * content file gets a fitting picture without anyone drawing it. Pure and deterministic, apart from
 * `writeDemoContentImages`, which writes the files that are missing.
 */
import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { COLOUR_HEX, type Body, type Colour } from './catalog.ts';
import { turntableSvg } from './turntable.ts';

/** The shape of a drawn image: wide banners (1920x540, the promotions slider's size) or 3:2 cards. */
export type ContentImageFormat = 'banner' | 'card';

export const CONTENT_IMAGE_SIZES: Record<ContentImageFormat, { width: number; height: number }> = {
  banner: { width: 1920, height: 540 },
  card: { width: 1200, height: 800 },
};

export type Scene = 'showroom' | 'road' | 'workshop' | 'backdrop';

/** What one image shows. */
export interface ContentImageRecipe {
  scene: Scene;
  /** Vehicles left to right, nearest last. */
  vehicles: Array<{ body: Body; colour: Colour }>;
  format: ContentImageFormat;
}

export interface BrandColours {
  primary: string;
  accent: string;
}

const PAINTS: Colour[] = ['White', 'Red', 'Blue', 'Silver', 'Black', 'Grey', 'Green'];

/** A small stable hash of a string (FNV-1a), for choices that must not change between builds. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

// Words in a file name and the vehicles they stand for, first match wins.
const BODY_WORDS: Array<[RegExp, Body]> = [
  [/caravan|jayco|camper/, 'Caravan'],
  [/truck|isuzu-trucks|hino|fuso/, 'Truck'],
  [/yamaha|motorcycle|bike|kawasaki|honda-mc/, 'Motorcycle'],
  [/ranger|hilux|ute|triton|navara|dmax|u9|bt-50/, 'Ute'],
  [/van|fleet|delivery/, 'Van'],
  [/cyberster|convertible|roadster/, 'Convertible'],
  [/sportage|suv|zs|zst|hs|im6|rav4|tucson|cx|outlander|we-want-your-car|sell/, 'SUV'],
  [/im5|mg5|sedan|corolla|camry/, 'Sedan'],
  [/mg3|mg4|hatch|i30|yaris/, 'Hatch'],
  [/wagon|estate/, 'Wagon'],
];

/**
 * What an image shows, from its path: the scene (finance and servicing have their own), the vehicles
 * (by the models and kinds its name mentions) and their paint, chosen by a hash of the name so each
 * image differs from its neighbours and stays the same from build to build.
 */
export function contentImageRecipe(imagePath: string, format: ContentImageFormat): ContentImageRecipe {
  const name = path.posix.basename(imagePath).replace(/\.[a-z]+$/i, '').toLowerCase();
  const folder = path.posix.basename(path.posix.dirname(imagePath)).toLowerCase();
  const h = hash(imagePath);
  const named = BODY_WORDS.find(([words]) => words.test(name))?.[1];
  const paint = (offset: number): Colour => PAINTS[(h + offset * 3) % PAINTS.length]!;
  let scene: Scene;
  if (/servic|workshop|parts|recall|precise/.test(name)) scene = 'workshop';
  else if (/financ|loan|deposit|money|reserve|eofy|stocktake|sale|boxing|summer|diamond|advantage/.test(name)) scene = 'backdrop';
  else if (named === 'Ute' || named === 'Truck' || named === 'Caravan' || named === 'Motorcycle' || /road|drive|delivery|adventure|tour/.test(name)) scene = 'road';
  else scene = (format === 'banner' ? (['showroom', 'road', 'showroom'] as const) : (['road', 'backdrop', 'showroom'] as const))[h % 3]!;
  const main = named ?? (['SUV', 'Hatch', 'Sedan', 'Ute'] as const)[(h >>> 3) % 4]!;
  // A line-up for wide images and range shots; one vehicle for cards, finance and service images.
  const lineUp = format === 'banner' && scene !== 'workshop' && main !== 'Truck' && main !== 'Caravan';
  const range = /range|fleet|group|stock|eofy|stocktake|sale|slide|welcome|used|new|all/.test(name) || folder === 'home';
  const companions: Body[] = main === 'Motorcycle' ? ['Motorcycle'] : main === 'Ute' || main === 'Van' ? [main, 'SUV'] : ['SUV', 'Hatch', 'Sedan'].filter((b) => b !== main) as Body[];
  const vehicles = lineUp && range ? [...companions.slice(0, 2).map((body, i) => ({ body, colour: paint(i + 1) })), { body: main, colour: paint(0) }] : [{ body: main, colour: paint(0) }];
  return { scene, vehicles, format };
}

/** The polygons of a turntable frame (the vehicle alone, on the turntable's 1200x800 canvas) and their bounds. */
function vehicleShape(body: Body, colour: Colour, frame: number): { polygons: string; box: { x0: number; y0: number; x1: number; y1: number } } {
  const svg = turntableSvg(body, colour, frame, 36, 1200);
  const polygons = svg.match(/<polygon [^>]*\/>/g) ?? [];
  if (polygons.length === 0) throw new Error(`The turntable drawing of a ${body} has no polygons to place in a content image.`);
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const p of polygons) {
    for (const pair of /points="([^"]+)"/.exec(p)![1]!.split(' ')) {
      const [x, y] = pair.split(',').map(Number) as [number, number];
      x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y);
    }
  }
  return { polygons: polygons.join(''), box: { x0, y0, x1, y1 } };
}

/**
 * A vehicle standing on the floor line at `groundY`, centred on `cx`, as large as fits in `maxWidth` by
 * `maxHeight`, with its shadow and (on a shiny floor) its reflection.
 */
function placedVehicle(body: Body, colour: Colour, frame: number, cx: number, groundY: number, maxWidth: number, maxHeight: number, reflect: boolean): string {
  const { polygons, box } = vehicleShape(body, colour, frame);
  const scale = Math.min(maxHeight / (box.y1 - box.y0), maxWidth / (box.x1 - box.x0));
  const width = (box.x1 - box.x0) * scale;
  const height = (box.y1 - box.y0) * scale;
  const tx = cx - width / 2 - box.x0 * scale;
  const ty = groundY - box.y1 * scale;
  const shadow = `<ellipse cx="${cx.toFixed(0)}" cy="${(groundY - 2).toFixed(0)}" rx="${(width * 0.55).toFixed(0)}" ry="${(height * 0.09).toFixed(0)}" fill="#000" opacity="0.35"/>`;
  const mirror = reflect
    ? `<g opacity="0.18" transform="translate(${tx.toFixed(1)} ${(groundY * 2 - ty).toFixed(1)}) scale(${scale.toFixed(4)} ${(-scale).toFixed(4)})">${polygons}</g>`
    : '';
  return `${mirror}${shadow}<g transform="translate(${tx.toFixed(1)} ${ty.toFixed(1)}) scale(${scale.toFixed(4)})">${polygons}</g>`;
}

/** Mixes a hex colour towards black (amount < 0) or white (amount > 0). */
function tint(hex: string, amount: number): string {
  const v = parseInt(hex.replace('#', ''), 16);
  const mix = (c: number) => Math.round(amount < 0 ? c * (1 + amount) : c + (255 - c) * amount);
  const r = mix((v >> 16) & 255), g = mix((v >> 8) & 255), b = mix(v & 255);
  return `#${((1 << 24) | (r << 16) | (g << 8) | b).toString(16).slice(1)}`;
}

function background(scene: Scene, w: number, h: number, floorY: number, brand: BrandColours, seed: number): string {
  const primary = brand.primary;
  switch (scene) {
    case 'showroom': {
      // Glass wall with daylight, ceiling light strips, a polished floor and a brand-coloured feature wall.
      const panes = Array.from({ length: Math.ceil(w / 160) }, (_, i) => `<rect x="${i * 160 + 8}" y="${(h * 0.12).toFixed(0)}" width="144" height="${(floorY - h * 0.12).toFixed(0)}" fill="url(#pane)"/>`).join('');
      const lights = Array.from({ length: Math.ceil(w / 240) }, (_, i) => `<ellipse cx="${i * 240 + 120}" cy="${(h * 0.06).toFixed(0)}" rx="26" ry="6" fill="#fff7e0" opacity="0.9"/>`).join('');
      return `<defs>
<linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#3a4452"/><stop offset="1" stop-color="#59667a"/></linearGradient>
<linearGradient id="pane" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#b9d4ea" stop-opacity="0.55"/><stop offset="1" stop-color="#e8f1f8" stop-opacity="0.2"/></linearGradient>
<linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#cfd5dc"/><stop offset="1" stop-color="#8f99a5"/></linearGradient>
<radialGradient id="spot" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#fff" stop-opacity="0.55"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
</defs>
<rect width="${w}" height="${h}" fill="url(#wall)"/>${panes}${lights}
<rect x="0" y="${(h * 0.12).toFixed(0)}" width="${(w * 0.22).toFixed(0)}" height="${(floorY - h * 0.12).toFixed(0)}" fill="${primary}"/>
<rect x="0" y="${floorY}" width="${w}" height="${h - floorY}" fill="url(#floor)"/>
<ellipse cx="${(w * 0.62).toFixed(0)}" cy="${floorY}" rx="${(w * 0.42).toFixed(0)}" ry="${((h - floorY) * 0.9).toFixed(0)}" fill="url(#spot)"/>`;
    }
    case 'road': {
      // Late-afternoon sky, layered hills and a road running across the foreground.
      const hill = (y: number, amp: number, colour: string, phase: number) => {
        const points = Array.from({ length: 9 }, (_, i) => `${((i * w) / 8).toFixed(0)},${(y - amp * Math.abs(Math.sin(i * 0.9 + phase))).toFixed(0)}`).join(' L');
        return `<path d="M0,${h} L${points} L${w},${h} Z" fill="${colour}"/>`;
      };
      const phase = (seed % 7) * 0.5;
      return `<defs>
<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#5d8fc7"/><stop offset="0.7" stop-color="#f3c58f"/><stop offset="1" stop-color="#f7dcb4"/></linearGradient>
<linearGradient id="road" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#4a4f57"/><stop offset="1" stop-color="#2b2f35"/></linearGradient>
</defs>
<rect width="${w}" height="${h}" fill="url(#sky)"/>
<circle cx="${(w * (0.2 + (seed % 5) * 0.05)).toFixed(0)}" cy="${(floorY * 0.55).toFixed(0)}" r="${(h * 0.09).toFixed(0)}" fill="#fff3d6" opacity="0.9"/>
${hill(floorY - h * 0.12, h * 0.16, '#8aa0a8', phase)}${hill(floorY - h * 0.04, h * 0.12, '#5f7d6a', phase + 1.3)}
<rect x="0" y="${(floorY - h * 0.05).toFixed(0)}" width="${w}" height="${(h * 0.05).toFixed(0)}" fill="#6f8f5a"/>
<rect x="0" y="${floorY.toFixed(0)}" width="${w}" height="${(h - floorY).toFixed(0)}" fill="url(#road)"/>
${Array.from({ length: Math.ceil(w / 180) }, (_, i) => `<rect x="${i * 180 + 20}" y="${(floorY + (h - floorY) * 0.55).toFixed(0)}" width="90" height="${Math.max(4, (h - floorY) * 0.06).toFixed(0)}" fill="#f4f1e6" opacity="0.8"/>`).join('')}`;
    }
    case 'workshop': {
      // Service bay: tiled wall, roller door, tool board in the brand colour, epoxy floor with a bay line.
      const tiles = Array.from({ length: Math.ceil(w / 120) }, (_, i) => `<rect x="${i * 120}" y="${(floorY * 0.62).toFixed(0)}" width="118" height="${(floorY * 0.38).toFixed(0)}" fill="#dfe3e8"/>`).join('');
      const slats = Array.from({ length: 10 }, (_, i) => `<rect x="${(w * 0.55).toFixed(0)}" y="${(floorY * 0.08 + i * floorY * 0.05).toFixed(0)}" width="${(w * 0.38).toFixed(0)}" height="${(floorY * 0.04).toFixed(0)}" fill="#aeb6bf"/>`).join('');
      return `<defs><linearGradient id="epoxy" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7c8792"/><stop offset="1" stop-color="#4b545e"/></linearGradient></defs>
<rect width="${w}" height="${h}" fill="#eef1f4"/>${tiles}
<rect x="${(w * 0.54).toFixed(0)}" y="${(floorY * 0.06).toFixed(0)}" width="${(w * 0.4).toFixed(0)}" height="${(floorY * 0.56).toFixed(0)}" fill="#8c96a0"/>${slats}
<rect x="0" y="${(floorY * 0.56).toFixed(0)}" width="${w}" height="${(floorY * 0.06).toFixed(0)}" fill="${primary}"/>
${[0.12, 0.26, 0.4].map((y) => `<rect x="${(w * 0.04).toFixed(0)}" y="${(floorY * y + floorY * 0.08).toFixed(0)}" width="${(w * 0.28).toFixed(0)}" height="6" fill="#6b7280"/>${Array.from({ length: 7 }, (_, i) => `<rect x="${(w * 0.05 + i * w * 0.038).toFixed(0)}" y="${(floorY * y + floorY * 0.08 - 34 - (i % 3) * 8).toFixed(0)}" width="${(w * 0.026).toFixed(0)}" height="${34 + (i % 3) * 8}" rx="3" fill="${['#1f2937', '#9ca3af', '#d97706'][i % 3]}"/>`).join('')}`).join('')}
<rect x="0" y="${floorY}" width="${w}" height="${h - floorY}" fill="url(#epoxy)"/>
<rect x="${(w * 0.3).toFixed(0)}" y="${floorY}" width="8" height="${h - floorY}" fill="#facc15"/><rect x="${(w * 0.95).toFixed(0)}" y="${floorY}" width="8" height="${h - floorY}" fill="#facc15"/>`;
    }
    case 'backdrop': {
      // A studio backdrop in the dealer's colours with soft light shapes, as a campaign banner uses.
      return `<defs>
<linearGradient id="bd" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${tint(primary, -0.35)}"/><stop offset="1" stop-color="${tint(primary, 0.1)}"/></linearGradient>
<radialGradient id="glow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#fff" stop-opacity="0.45"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
<linearGradient id="stage" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${tint(primary, -0.55)}"/><stop offset="1" stop-color="${tint(primary, -0.75)}"/></linearGradient>
</defs>
<rect width="${w}" height="${h}" fill="url(#bd)"/>
<circle cx="${(w * 0.85).toFixed(0)}" cy="${(h * 0.1).toFixed(0)}" r="${(h * 0.7).toFixed(0)}" fill="${brand.accent}" opacity="0.18"/>
<circle cx="${(w * 0.08).toFixed(0)}" cy="${(h * 0.95).toFixed(0)}" r="${(h * 0.5).toFixed(0)}" fill="#fff" opacity="0.08"/>
<path d="M${(w * 0.35).toFixed(0)},0 L${(w * 0.5).toFixed(0)},0 L${(w * 0.3).toFixed(0)},${h} L${(w * 0.15).toFixed(0)},${h} Z" fill="#fff" opacity="0.07"/>
<rect x="0" y="${floorY}" width="${w}" height="${h - floorY}" fill="url(#stage)"/>
<ellipse cx="${(w * 0.62).toFixed(0)}" cy="${floorY}" rx="${(w * 0.35).toFixed(0)}" ry="${((h - floorY) * 0.8).toFixed(0)}" fill="url(#glow)"/>`;
    }
  }
}

/** The image as SVG at its format's size. */
export function contentImageSvg(recipe: ContentImageRecipe, brand: BrandColours, seed = 0): string {
  const { width: w, height: h } = CONTENT_IMAGE_SIZES[recipe.format];
  const banner = recipe.format === 'banner';
  const floorY = Math.round(h * (banner ? 0.8 : 0.74));
  const n = recipe.vehicles.length;
  const reflect = recipe.scene === 'showroom' || recipe.scene === 'backdrop';
  // Wide images keep the left third clear for the heading a banner sets over it; cards centre the vehicle.
  const area = banner ? { from: w * 0.4, to: w * 0.93 } : { from: w * 0.06, to: w * 0.94 };
  const slot = (area.to - area.from) / n;
  const vehicles = recipe.vehicles
    .map((v, i) => {
      const tall = v.body === 'Truck' || v.body === 'Caravan' || v.body === 'Van';
      const nearest = i === n - 1;
      const grow = (tall ? 1.1 : v.body === 'Motorcycle' ? 0.85 : 1) * (nearest && n > 1 ? 1.12 : 1);
      const maxHeight = (banner ? h * (n > 1 ? 0.4 : 0.55) : h * 0.44) * grow;
      const maxWidth = (banner ? Math.min(slot * (n > 1 ? 1.1 : 0.85), w * 0.42) : slot * 0.8) * grow;
      // The three-quarter front view for the hero vehicle; its companions slightly turned away.
      const frame = n === 1 ? (seed % 2 === 0 ? 0 : 33) : nearest ? 0 : i === 0 ? 32 : 2;
      const cx = area.from + slot * (i + 0.5);
      return placedVehicle(v.body, v.colour, frame, cx, floorY + (nearest && n > 1 ? h * 0.05 : h * 0.02), maxWidth, maxHeight, reflect);
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${background(recipe.scene, w, h, floorY, brand, seed)}${vehicles}</svg>`;
}

/** Encodes a drawn image as the JPEG a dealer would upload. */
export async function contentImageJpeg(imagePath: string, format: ContentImageFormat, brand: BrandColours): Promise<Buffer> {
  const svg = contentImageSvg(contentImageRecipe(imagePath, format), brand, hash(imagePath));
  return await sharp(Buffer.from(svg)).jpeg({ quality: 85, mozjpeg: true }).toBuffer();
}

/**
 * Writes each image of `wanted` that is not in `dir` yet (`path` relative to `dir`, e.g.
 * `content/bayside-mg/images/offers/mg-finance.jpg`). The drawing is deterministic, so an existing file is
 * kept as it is. @returns how many files were written
 */
export async function writeDemoContentImages(dir: string, wanted: ReadonlyArray<{ path: string; format: ContentImageFormat }>, brand: BrandColours): Promise<number> {
  let written = 0;
  for (const image of wanted) {
    const file = path.join(dir, image.path);
    const exists = await stat(file).then(() => true, () => false);
    if (exists) continue;
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, await contentImageJpeg(image.path, image.format, brand));
    written++;
  }
  return written;
}

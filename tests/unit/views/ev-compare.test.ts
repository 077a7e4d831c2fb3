import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { EvCompareView } from '../../../src/islands/ev-compare/EvCompareView.tsx';
import { initialCompareState, selectColour, selectVariant } from '../../../src/rules/ev-compare.ts';
import { EvContentSchema } from '../../../src/schemas/content.ts';
import { compareSections } from '../../../src/views/ev-compare.ts';
import { evCompareProps, evHeroSlides, evInteriorSlides } from '../../../src/views/ev.ts';
import type { ImageIndex } from '../../../src/views/images.ts';
import { site } from './fixtures.ts';

const variant = (id: string, name: string, drivingRange: string, features: string[]) => ({
  id,
  baseId: id.split('-')[0],
  name,
  dimensions: { length: 4931, width: 1960, height: 1474, wheelbase: 2950, grossVehicleMass: 2500, dragCoefficient: 0.23 },
  performance: { drivetrain: 'RWD', maximumPower: '217 kW', maximumTorque: '450 Nm', zeroToHundred: '6.2 s', drivingRange, wheels: '19-inch', turningRadius: '5.6 m' },
  features,
});
const colour = (id: number, name: string, variantName: string, hexCode: string) => ({
  id, name, hexCode, image_url: `images/ev/${variantName.toLowerCase().replace(/\s+/g, '-')}-${name.toLowerCase().replace(/\s+/g, '-')}.jpg`, model_variant: { id: 1, name: variantName },
});
const ev = EvContentSchema.parse({
  variants: [
    variant('im5-premium', 'IM5 Premium', '490 km (WLTP)', ['Roof']),
    variant('im5-performance', 'IM5 Performance', '575 km (WLTP)', ['Roof', 'Brakes']),
    variant('im6-long-range', 'IM6 Long Range', '555 km (WLTP)', ['Roof', 'Sound']),
  ],
  colours: [
    colour(1, 'Glacier White', 'IM5 Performance', '#f4f5f2'),
    colour(2, 'Obsidian Black', 'IM5 Performance', '#111214'),
    colour(3, 'Lunar Grey', 'IM5 Premium', '#6e7378'),
    colour(4, 'Desert Sand', 'IM6 Long Range', '#c8b391'),
  ],
  interiors: [
    { id: 'im5-jet-black', baseId: 'im5', name: 'Jet Black', hexCode: '#1b1c1f', image_url: 'images/ev/interior-im5-jet-black.jpg' },
    { id: 'im6-stone-grey', baseId: 'im6', name: 'Stone Grey', hexCode: '#8d8f8c', image_url: 'images/ev/interior-im6-stone-grey.jpg' },
  ],
});
const rendition = (name: string) => ({ width: 600, height: 400, jpeg: `/images/${name}.jpg`, webp: `/images/${name}.webp` });
// Every image processed except the black IM5 Performance: that colour shows its swatch instead.
const images: ImageIndex = Object.fromEntries(
  [...ev.colours.map((c) => c.image_url!), ...ev.interiors.map((t) => t.image_url!)]
    .filter((url) => !url.includes('obsidian-black'))
    .map((url) => [url, { card: rendition(url.slice(10, -4)), gallery: { ...rendition(`${url.slice(10, -4)}-l`), width: 1200, height: 800 } }]),
);

describe('the EV comparison island', () => {
  const props = evCompareProps(ev, images, site());

  it('gives every variant its colours with the car in each, grouped by model, starting on the default pair', () => {
    expect(props.initial).toEqual({ left: { variantId: 'im5-performance', colourIndex: 0 }, right: { variantId: 'im5-premium', colourIndex: 0 } });
    expect(props.variants.map((v) => [v.id, v.model])).toEqual([['im5-premium', 'IM5'], ['im5-performance', 'IM5'], ['im6-long-range', 'IM6']]);
    const performance = props.variants[1]!;
    expect(performance.colours.map((c) => [c.name, c.picture?.src ?? null])).toEqual([
      ['Glacier White', '/images/im5-performance-glacier-white.jpg'],
      ['Obsidian Black', null],
    ]);
  });

  it('compares Dimensions, Performance and every feature of either side', () => {
    const [left, , right] = props.variants;
    const sections = compareSections(left!, right!);
    expect(sections.map((s) => s.title)).toEqual(['Dimensions', 'Performance', 'Features']);
    expect(sections[1]!.rows.find((r) => r.label === 'Driving range')).toEqual({ label: 'Driving range', left: '490 km (WLTP)', right: '555 km (WLTP)' });
    expect(sections[2]!.rows).toEqual([
      { label: 'Roof', left: 'Yes', right: 'Yes' },
      { label: 'Sound', left: 'No', right: 'Yes' },
    ]);
  });

  it('renders the chosen variant, colour and car on each side, and the swatch colour where there is no photo', () => {
    const html = (state = props.initial) => renderToStaticMarkup(createElement(EvCompareView, { variants: props.variants, state }));
    const first = html();
    expect(first).toContain('<option value="im5-performance" selected="">IM5 Performance</option>');
    expect(first).toContain('alt="IM5 Performance in Glacier White"');
    expect(first).toMatch(/width="600" height="400"/);
    const black = html(selectColour(props.initial, 'left', 1, 2));
    expect(black).toContain('aria-label="IM5 Performance in Obsidian Black"');
    expect(black).toContain('fill="#111214"');
    // Another model on the left: back to its first colour.
    const swapped = html(selectVariant(selectColour(props.initial, 'left', 1, 2), 'left', 'im6-long-range'));
    expect(swapped).toContain('alt="IM6 Long Range in Desert Sand"');
    expect(initialCompareState(ev.variants).left.colourIndex).toBe(0);
  });
});

describe('the microsite slides', () => {
  it('has one hero slide per model with its car and its longest range', () => {
    const slides = evHeroSlides(ev, images, site());
    expect(slides.map((s) => [s.heading, s.alt, s.picture?.width])).toEqual([
      ['The IM5', 'IM5 Premium in Lunar Grey', 1200],
      ['The IM6', 'IM6 Long Range in Desert Sand', 1200],
    ]);
    expect(slides[0]!.text).toContain('575 km (WLTP)');
  });

  it('shows a model page only its own interior trims, and the hub every trim', () => {
    expect(evInteriorSlides(ev, images, site(), 'im6').map((s) => [s.heading, s.alt, s.hex])).toEqual([['Stone Grey', 'IM6 cabin in Stone Grey', '#8d8f8c']]);
    expect(evInteriorSlides(ev, images, site()).map((s) => s.text)).toEqual(['IM5 interior', 'IM6 interior']);
  });
});

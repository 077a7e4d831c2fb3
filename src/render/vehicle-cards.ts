/**
 * Vehicle result cards as static HTML outside the search island: the cards of brand and model pages and
 * the vehicle page's similar-vehicles section. Server-only: it renders React to markup.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ResultCard } from '../islands/search/ResultCard.tsx';
import { KeyedMemo } from '../lib/keyed-memo.ts';
import type { NormalisedVehicle } from '../schemas/snapshot.ts';
import { vehicleImageEntries } from '../views/images.ts';
import type { RenderLocals } from '../views/render-locals.ts';
import { resultCardData } from '../views/search-records.ts';
import { similarVehiclesFor } from '../views/vehicle/extras.ts';
import { similarSectionMarkup } from './similar-section.ts';

/** What a card reads besides its vehicle. */
export type CardLocals = Pick<RenderLocals, 'site' | 'images' | 'asOf'>;

// Each vehicle's card markup, per way of showing it, kept with the vehicle (see KeyedMemo): one vehicle is
// a similar vehicle on several pages, and a running site keeps the vehicles an update did not touch.
const cardMemos = new Map<string, KeyedMemo<NormalisedVehicle, string>>();

/** One vehicle's result card. */
export function vehicleCardHtml(vehicle: NormalisedVehicle, locals: CardLocals, options: { eager?: boolean; headingLevel?: 2 | 3 } = {}): string {
  const eager = options.eager ?? false;
  const headingLevel = options.headingLevel ?? 3;
  const way = `${eager}/${headingLevel}`;
  let memo = cardMemos.get(way);
  if (!memo) cardMemos.set(way, (memo = new KeyedMemo()));
  // The card reads the vehicle, the site, the time and the vehicle's images.
  return memo.get(vehicle, [locals.site, locals.asOf, ...vehicleImageEntries(vehicle, locals.images)], () => {
    const card = resultCardData(vehicle, locals.site, locals.images, new Date(locals.asOf));
    return renderToStaticMarkup(createElement(ResultCard, { card, eager, headingLevel }));
  });
}

/**
 * A vehicle page's similar-vehicles section for the manifest's ids (`route.similar`), as the page shows
 * it; null when the page shows none (the site has the section off, or none of the ids is in the catalogue).
 */
export function similarSection(locals: Pick<RenderLocals, 'site' | 'data' | 'images' | 'asOf'>, ids: readonly number[] | undefined): string | null {
  const vehicles = locals.site.features.similarVehicles ? similarVehiclesFor(ids, locals.data.vehicles) : [];
  return vehicles.length > 0 ? similarSectionMarkup(vehicles.map((vehicle) => vehicleCardHtml(vehicle, locals))) : null;
}

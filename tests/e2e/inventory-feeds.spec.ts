// The inventory feeds of each built demo site held to its vehicle pages, file for file: every vehicle a feed
// lists has a page whose JSON-LD (held to what the page shows by vehicle-panels.spec.ts) offers the same price,
// in stock, with the same kilometres and VIN; a vehicle whose page says sold is in neither feed; both feeds list
// the same vehicles, one row per VIN. Google suspends a dealer whose landing pages disagree with its feed.
import { readFileSync, readdirSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { expect, test } from '@playwright/test';
import { findSite, loadAllSiteConfigs } from '../../src/data/site-config.ts';
import type { Snapshot } from '../../src/schemas/snapshot.ts';
import { INVENTORY_FEEDS } from '../../src/views/inventory-feeds.ts';
import { attr, findAll, parseHtml, text } from '../support/html.ts';
import { readSnapshotSync } from '../../src/data/snapshot-files.ts';

const sites = loadAllSiteConfigs('sites');

interface PageFacts {
  slug: string;
  price: number | null;
  availability: string;
  km: number | null;
  vin: string | null;
}

/** What each vehicle page's Car JSON-LD says, by the page's URL. */
function pageFacts(live: string, siteUrl: string): Map<string, PageFacts> {
  const facts = new Map<string, PageFacts>();
  for (const slug of readdirSync(path.join(live, 'cars'))) {
    let html: string;
    try {
      html = readFileSync(path.join(live, 'cars', slug, 'index.html'), 'utf8');
    } catch {
      continue;
    }
    const { document } = parseHtml(html);
    const car = findAll(document, (el) => el.tagName === 'script' && attr(el, 'type') === 'application/ld+json')
      .map((el) => JSON.parse(text(el)) as Record<string, unknown>)
      .find((b) => b['@type'] === 'Car');
    if (!car) continue;
    const offer = car.offers as { price?: number; availability: string };
    facts.set(`${siteUrl}/cars/${slug}/`, {
      slug,
      price: offer.price ?? null,
      availability: offer.availability.replace('https://schema.org/', ''),
      km: (car.mileageFromOdometer as { value: number } | undefined)?.value ?? null,
      vin: (car.vehicleIdentificationNumber as string | undefined) ?? null,
    });
  }
  return facts;
}

const amount = (price: string) => {
  const match = /^(\d+) AUD$/.exec(price);
  return match ? Number(match[1]) : NaN;
};

test('both feeds agree with the vehicle pages on price, availability, kilometres and VIN; a sold vehicle is in neither', async ({}, info) => {
  test.setTimeout(120_000);
  const site = findSite(sites, String(info.project.metadata.site));
  const live = realpathSync(path.join('out', site.slug));
  const pages = pageFacts(live, site.url.replace(/\/+$/, ''));
  const google = parse(readFileSync(path.join(live, INVENTORY_FEEDS.google.path), 'utf8'), { columns: true }) as Array<Record<string, string>>;
  const meta = parse(readFileSync(path.join(live, INVENTORY_FEEDS.meta.path), 'utf8'), { columns: true }) as Array<Record<string, string>>;
  const snapshot = readSnapshotSync(site.slug)!;
  info.annotations.push({ type: 'rows', description: `${google.length} Google rows, ${meta.length} Meta rows, ${pages.size} vehicle pages` });
  expect(google.length).toBeGreaterThan(20);

  const problems: string[] = [];
  for (const row of google) {
    const page = pages.get(row.link!);
    if (!page) {
      problems.push(`Google ${row.vin}: ${row.link} is not a vehicle page`);
      continue;
    }
    if (page.availability !== 'InStock') problems.push(`Google ${row.vin}: the page says ${page.availability}`);
    if (amount(row.price!) !== page.price) problems.push(`Google ${row.vin}: price ${row.price}, the page ${page.price}`);
    if (row.vin !== page.vin) problems.push(`Google ${row.vin}: the page's VIN ${page.vin}`);
    if (page.km !== null && row.mileage !== `${page.km} km`) problems.push(`Google ${row.vin}: mileage ${row.mileage}, the page ${page.km}`);
  }
  for (const row of meta) {
    const page = pages.get(row.url!);
    if (!page) {
      problems.push(`Meta ${row.vin}: ${row.url} is not a vehicle page`);
      continue;
    }
    const paid = amount(row.sale_price || row.price!);
    if (page.availability !== 'InStock' || row.availability !== 'AVAILABLE') problems.push(`Meta ${row.vin}: the page says ${page.availability}, the feed ${row.availability}`);
    if (paid !== page.price) problems.push(`Meta ${row.vin}: price paid ${paid}, the page ${page.price}`);
    if (row.vin !== page.vin) problems.push(`Meta ${row.vin}: the page's VIN ${page.vin}`);
    if (page.km !== null && Number(row['mileage.value']) !== page.km) problems.push(`Meta ${row.vin}: mileage ${row['mileage.value']}, the page ${page.km}`);
  }
  // One row per VIN, the same vehicles in both feeds.
  expect(new Set(google.map((r) => r.vin)).size).toBe(google.length);
  expect(meta.map((r) => r.vin).sort()).toEqual(google.map((r) => r.vin).sort());
  // Sold on the page: in no feed. Every vehicle the data has sold has a page saying so (include-sold days).
  const listed = new Set([...google.map((r) => r.link), ...meta.map((r) => r.url)]);
  const soldPages = [...pages].filter(([, p]) => p.availability === 'SoldOut');
  expect(soldPages.length, 'the demo data has sold vehicles with pages').toBeGreaterThan(0);
  for (const [url, page] of soldPages) if (listed.has(url)) problems.push(`${page.slug}: the page says sold, a feed lists it`);
  // In stock with a shown price and a VIN: listed (cars only; the feeds are for passenger vehicles).
  const cars = new Set(snapshot.vehicles.filter((v) => (v.item_type ?? 'car') === 'car').map((v) => v.slug));
  for (const [url, page] of pages) {
    if (page.availability === 'InStock' && page.price !== null && page.vin && cars.has(page.slug) && !listed.has(url)) problems.push(`${page.slug}: in stock with a price, in no feed`);
  }
  expect(problems.slice(0, 20)).toEqual([]);
});

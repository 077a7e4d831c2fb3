import { describe, expect, it } from 'vitest';
import type { Route } from '../../src/data/route-manifest.ts';
import { auditSample, lighthousePages, pageType } from '../../src/audit/sample.ts';

const vehicleRoute = (id: number): Route => ({ kind: 'vehicle', path: `/cars/car-${id}/`, vehicleId: id, deps: {} });
const routes: Route[] = [
  { kind: 'home', path: '/', deps: {} },
  ...Array.from({ length: 90 }, (_, i) => vehicleRoute(i + 1)),
  { kind: 'search', path: '/search/used-cars/', title: 'Used', filter: {}, deps: {} },
  { kind: 'search', path: '/search/toyota/', title: 'Toyota', filter: {}, deps: {} },
  { kind: 'form', form: 'finance', path: '/finance/', title: 'Finance', deps: {} },
  { kind: 'form', form: 'service', path: '/service/', title: 'Service', deps: {} },
  { kind: 'not-found', path: '/404/', deps: {} },
];
const sold = new Set([5, 6, 7]);

describe('auditSample', () => {
  it('covers every page type, sold vehicles and each form apart', () => {
    expect(new Set(auditSample(routes, sold, 8).map((p) => p.type))).toEqual(new Set(['home', 'vehicle', 'vehicle (sold)', 'search', 'form (finance)', 'form (service)', 'not-found']));
    expect(pageType(vehicleRoute(5), sold)).toBe('vehicle (sold)');
  });

  it('keeps to its size and shares the rest by how many pages of each type there are, spread through them', () => {
    const sample = auditSample(routes, sold, 20);
    expect(sample).toHaveLength(20);
    const vehicles = sample.filter((p) => p.type === 'vehicle');
    expect(vehicles.length).toBeGreaterThan(10);
    // Spread evenly: from the first vehicles to the last.
    expect(vehicles[0]!.path).toBe('/cars/car-1/');
    expect(Number(/car-(\d+)/.exec(vehicles.at(-1)!.path)![1])).toBeGreaterThan(75);
    expect(new Set(sample.map((p) => p.path)).size).toBe(20);
  });

  it('is the same every time, and takes every page when the site has fewer than the size', () => {
    expect(auditSample(routes, sold, 20)).toEqual(auditSample([...routes], sold, 20));
    expect(auditSample(routes, sold, 500)).toHaveLength(routes.length);
  });

  it("names one page of each type Lighthouse reports on, where the site has it", () => {
    expect(lighthousePages(auditSample(routes, sold, 20))).toEqual([
      { name: 'home', path: '/' },
      { name: 'search landing', path: '/search/used-cars/' },
      { name: 'vehicle', path: '/cars/car-1/' },
      { name: 'sold vehicle', path: '/cars/car-5/' },
      { name: 'form page', path: '/finance/' },
    ]);
  });
});

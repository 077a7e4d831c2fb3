import { describe, expect, it } from 'vitest';
import { BODIES, CARAVAN_MODELS, COLOURS, CAR_MODELS, MG_MODELS, MOTORCYCLE_MODELS, TRUCK_MODELS } from '../../src/data/demo/catalog.ts';
import { evCarSvg, evDrawings, evInteriorSvg } from '../../src/data/demo/ev-images.ts';
import { ANGLES, photoSvg } from '../../src/data/demo/images.ts';
import { TURN_FRAMES, turntableSvg } from '../../src/data/demo/turntable.ts';
import { loadSiteContent } from '../../src/data/site-data.ts';
import { KM_PER_YEAR, generateSiteFeed, itemTypeOf, modelYears } from '../../src/data/demo/generate.ts';
import { validateRecords } from '../../src/data/quarantine.ts';
import { VehicleSchema, type Vehicle } from '../../src/schemas/vehicle.ts';

// The demo stock as a shopper reads it: model years that existed, kilometres that fit the age, fields
// that fit the kind of vehicle, and one price convention per site.

const AS_OF = '2026-11-22';
const YEAR = 2026;
const CATALOG = [...MG_MODELS, ...CAR_MODELS, ...MOTORCYCLE_MODELS, ...TRUCK_MODELS, ...CARAVAN_MODELS];
const firstYearOf = (v: Vehicle) => CATALOG.find((m) => m.make === v.make && m.model === v.model)!.firstYear;

function vehiclesOf(slug: string, count: number): Vehicle[] {
  const { feed } = generateSiteFeed(slug, count, 20251122, AS_OF);
  const { valid, quarantined } = validateRecords(VehicleSchema, feed.vehicles, 'vehicles');
  expect(quarantined).toEqual([]);
  return valid;
}

const sites = {
  'bayside-mg': vehiclesOf('bayside-mg', 1500),
  'summit-motor-group': vehiclesOf('summit-motor-group', 4000),
  'northside-used': vehiclesOf('northside-used', 1500),
};
const all = Object.values(sites).flat();

describe('demo model years', () => {
  it('gives every catalog model a first model year, with the MG IM5 and IM6 arriving in 2025', () => {
    for (const model of CATALOG) expect(model.firstYear, `${model.make} ${model.model}`).toBeGreaterThan(1900);
    expect(MG_MODELS.find((m) => m.model === 'IM5')!.firstYear).toBe(2025);
    expect(MG_MODELS.find((m) => m.model === 'IM6')!.firstYear).toBe(2025);
  });

  it('dates no vehicle before its model arrived', () => {
    const early = all.filter((v) => v.year! < firstYearOf(v)).map((v) => v.name);
    expect(early).toEqual([]);
    // The IM5 is in the bayside stock, used ones included, and none is older than 2025.
    const im5 = sites['bayside-mg'].filter((v) => v.model === 'IM5');
    expect(im5.some((v) => v.car_type === 'used')).toBe(true);
    expect(Math.min(...im5.map((v) => v.year!))).toBeGreaterThanOrEqual(2025);
  });

  it('dates new and demo vehicles this year or last, and used ones no later than last year unless the model is this year\'s', () => {
    for (const v of all.filter((v) => v.car_type !== 'used')) expect([YEAR - 1, YEAR]).toContain(v.year);
    for (const v of all.filter((v) => v.car_type === 'used')) expect(v.year).toBeLessThanOrEqual(Math.max(YEAR - 1, firstYearOf(v)));
  });

  it('works out the year range from the first model year', () => {
    expect(modelYears({ firstYear: 2025 }, 'used', 2026)).toEqual([2025, 2025]);
    expect(modelYears({ firstYear: 2026 }, 'used', 2026)).toEqual([2026, 2026]);
    expect(modelYears({ firstYear: 1968 }, 'used', 2026)).toEqual([2008, 2025]);
    expect(modelYears({ firstYear: 1968 }, 'new', 2026)).toEqual([2025, 2026]);
    expect(modelYears({ firstYear: 2026 }, 'demo', 2026)).toEqual([2026, 2026]);
  });

  it('gives used vehicles the kilometres of their age, and new ones delivery kilometres', () => {
    for (const v of all) {
      const perYear = KM_PER_YEAR[v.item_type as keyof typeof KM_PER_YEAR];
      expect(perYear, `${v.name}: ${v.item_type}`).not.toBeUndefined();
      if (perYear === null) continue;
      expect(v.km, v.name ?? '').toEqual(expect.any(Number));
      if (v.car_type === 'new') expect(v.km).toBeLessThanOrEqual(25);
      if (v.car_type !== 'used') continue;
      const age = Math.max(0.5, YEAR - v.year!);
      expect(v.km, v.name ?? '').toBeGreaterThanOrEqual(age * perYear[0]);
      expect(v.km, v.name ?? '').toBeLessThanOrEqual(age * perYear[1] + 3000);
    }
    // A two-year-old car has not done 200,000 km.
    expect(all.filter((v) => v.item_type === 'car' && v.car_type === 'used' && YEAR - v.year! <= 2 && v.km! > 60_000)).toEqual([]);
  });
});

describe('demo vehicle kinds', () => {
  const of = (kind: string) => all.filter((v) => v.item_type === kind);

  it('has caravans, motorcycles and trucks to check', () => {
    for (const kind of ['caravan', 'motorcycle', 'truck']) expect(of(kind).length, kind).toBeGreaterThan(5);
  });

  it('gives a caravan no engine, transmission, fuel, drive or odometer', () => {
    for (const v of of('caravan')) {
      expect({ name: v.name, fuel: v.fuel, trans: v.trans, gearnum: v.gearnum, engine_size: v.engine_size, drive: v.drive, km: v.km }).toEqual({
        name: v.name, fuel: null, trans: null, gearnum: null, engine_size: null, drive: null, km: null,
      });
      expect(v.caravan_specs).toBeTruthy();
    }
  });

  it('gives a motorcycle a motorcycle engine and gearbox, no drive type, doors or cabin', () => {
    for (const v of of('motorcycle')) {
      expect(v.trans).toBe('6 Speed Manual');
      expect(v.engine_size).toBeGreaterThan(100);
      expect(v.engine_size).toBeLessThan(2000);
      expect([v.drive, v.doors, v.interior_colour]).toEqual([null, null, null]);
      expect((v.images ?? []).some((i) => i.image?.includes('interior'))).toBe(false);
    }
  });

  it('gives a truck a diesel truck engine and a truck gearbox', () => {
    for (const v of of('truck')) {
      expect(v.fuel).toBe('Diesel');
      expect(v.engine_size).toBeGreaterThanOrEqual(2998);
      expect(['Automatic', '6 Speed Manual', '12 Speed AMT']).toContain(v.trans);
    }
  });

  it('gives electric cars a reduction gear and no engine size, and kind-fitting equipment', () => {
    for (const v of all.filter((v) => v.fuel === 'Electric')) expect([v.trans, v.engine_size]).toEqual(['Reduction Gear', null]);
    for (const v of [...of('caravan'), ...of('motorcycle')]) expect(v.standardEquipment ?? []).not.toContain('Apple CarPlay');
  });

  it('names the kind from the body', () => {
    expect(itemTypeOf('Caravan')).toBe('caravan');
    expect(itemTypeOf('Motorcycle')).toBe('motorcycle');
    expect(itemTypeOf('Truck')).toBe('truck');
    expect(itemTypeOf('Ute')).toBe('car');
  });
});

describe('demo price conventions', () => {
  it('uses one price convention per site: no weekly subscription price beside cash prices', () => {
    for (const [slug, vehicles] of Object.entries(sites)) {
      const priced = vehicles.filter((v) => v.price > 0);
      const weekly = priced.filter((v) => (v.subscription_price ?? 0) > 0).length;
      expect(weekly === 0 || weekly === priced.length, `${slug}: ${weekly} of ${priced.length} priced vehicles have a weekly price`).toBe(true);
    }
  });
});

describe('demo photos', () => {
  it('draws no caption text on the placeholder photos, spin frames or microsite images (badges sit over them)', () => {
    for (const body of BODIES) {
      for (const colour of COLOURS) {
        for (const angle of ANGLES) expect(photoSvg(body, colour, angle)).not.toMatch(/<text/);
      }
      for (let frame = 0; frame < TURN_FRAMES; frame += 9) expect(turntableSvg(body, 'Red', frame)).not.toMatch(/<text/);
    }
    expect(evCarSvg('im5', 'im5-performance', '#111214')).not.toMatch(/<text/);
    expect(evInteriorSvg('#8a4b2a')).not.toMatch(/<text/);
  });

  it('draws a car for every bayside-mg colour and a cabin for every interior trim, in its own paint', () => {
    const ev = loadSiteContent('bayside-mg').ev!;
    const drawings = new Map(evDrawings(ev).map((d) => [d.file, d.svg]));
    for (const colour of ev.colours) {
      expect(drawings.get(colour.image_url!)?.(), colour.image_url!).toContain(colour.hexCode!);
    }
    for (const trim of ev.interiors) expect(drawings.get(trim.image_url!)?.()).toContain(trim.hexCode);
    // The IM5 is drawn as a sedan and the IM6 as a taller SUV: different silhouettes.
    expect(evCarSvg('im5', 'im5-premium', '#ffffff')).not.toEqual(evCarSvg('im6', 'im6-premium', '#ffffff'));
  });
});

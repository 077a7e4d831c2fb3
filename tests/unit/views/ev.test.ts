import { describe, expect, it } from 'vitest';
import { EvContentSchema } from '../../../src/schemas/content.ts';
import { compareSections } from '../../../src/views/ev-compare.ts';
import { evCompareProps } from '../../../src/views/ev.ts';
import { site } from './fixtures.ts';

describe('the electric microsite', () => {
  it('compares im5-performance with im5-premium by default, with at most 6 colours a side', () => {
    const variant = (id: string, name: string, features: string[]) => ({
      id,
      baseId: id.split('-')[0],
      name,
      dimensions: { length: 4931, width: 1960, height: 1474, wheelbase: 2950, grossVehicleMass: 2500, dragCoefficient: 0.23 },
      performance: { drivetrain: 'RWD', maximumPower: '217 kW', maximumTorque: '450 Nm', zeroToHundred: '6.2 s', drivingRange: '490 km', wheels: '19-inch', turningRadius: '5.6 m' },
      features,
    });
    const ev = EvContentSchema.parse({
      variants: [variant('im5-premium', 'IM5 Premium', ['Roof']), variant('im5-performance', 'IM5 Performance', ['Roof', 'Brakes']), variant('im6-premium', 'IM6 Premium', [])],
      colours: Array.from({ length: 8 }, (_, i) => ({ id: i + 1, name: `Colour ${i}`, hexCode: '#000000', model_variant: { id: 53, name: 'IM5 Performance' } })),
    });
    const props = evCompareProps(ev, {}, site());
    const find = (id: string) => props.variants.find((v) => v.id === id)!;
    const [left, right] = [find(props.initial.left.variantId), find(props.initial.right.variantId)];
    expect([left.id, right.id]).toEqual(['im5-performance', 'im5-premium']);
    expect(left.colours).toHaveLength(6);
    const sections = compareSections(left, right);
    expect(sections.map((s) => s.title)).toEqual(['Dimensions', 'Performance', 'Features']);
    expect(sections[2]!.rows).toEqual([
      { label: 'Roof', left: 'Yes', right: 'Yes' },
      { label: 'Brakes', left: 'Yes', right: 'No' },
    ]);
    // Every variant can be picked on either side.
    expect(props.variants.map((v) => v.id)).toEqual(['im5-premium', 'im5-performance', 'im6-premium']);
  });
});

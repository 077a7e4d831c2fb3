/**
 * `content/<slug>/delivery.yaml`: the delivery prices by postcode that the vehicle page's delivery
 * calculator answers from (sites with `features.deliveryCalculator`). The table is built into the
 * pages, so the calculator answers in the browser with no call to a server.
 */
import { z } from 'zod';
import { money } from './common.ts';

const RANGE_MESSAGE = 'Expected a postcode (4000) or a range of postcodes (4000-4179)';

/**
 * A postcode or an inclusive range of postcodes, read into `[from, to]`. YAML reads a bare `4000`
 * as a number, and `0800` as 800: numbers are taken as postcodes with their leading zeros restored.
 */
export const PostcodeRangeSchema = z
  .union([z.number().int().min(0).max(9999).transform((n) => String(n).padStart(4, '0')), z.string().trim()], { error: RANGE_MESSAGE })
  .transform((text, ctx): [number, number] => {
    const match = /^(\d{4})(?:\s*-\s*(\d{4}))?$/.exec(text);
    if (!match) {
      ctx.addIssue({ code: 'custom', message: RANGE_MESSAGE });
      return z.NEVER;
    }
    const from = Number(match[1]);
    const to = Number(match[2] ?? match[1]);
    if (to < from) {
      ctx.addIssue({ code: 'custom', message: `The range '${text}' ends before it starts: write the lower postcode first, e.g. ${match[2]}-${match[1]}` });
      return z.NEVER;
    }
    return [from, to];
  });

/** One delivery region: its price and the postcodes it covers. */
export const DeliveryRegionSchema = z.strictObject({
  /** @example 'Sunshine Coast' */
  name: z.string().trim().min(1, 'A delivery region needs a name').meta({ description: 'Region name, shown with the price.' }),
  /** @example 250 */
  price: money.meta({ description: 'Delivery price in dollars; 0 shows as a free delivery of $0.' }),
  /** @example ['4550-4575', 4581] */
  postcodes: z.array(PostcodeRangeSchema).min(1, 'A delivery region needs at least one postcode or range').meta({ description: 'Postcodes the region covers: single postcodes and ranges.' }),
});
export type DeliveryRegion = z.output<typeof DeliveryRegionSchema>;

/** The whole file. A postcode belongs to one region at most, so every answer is unambiguous. */
export const DeliveryTableSchema = z
  .strictObject({
    /** @example [{ name: 'Brisbane North', price: 0, postcodes: ['4000-4039'] }] */
    regions: z.array(DeliveryRegionSchema).min(1, 'Add at least one region, or remove the file').meta({ description: "The regions, in any order. Postcodes in no region get the calculator's \"no estimate\" message." }),
  })
  .superRefine((table, ctx) => {
    table.regions.forEach((region, r) => {
      region.postcodes.forEach(([from, to], p) => {
        for (let other = 0; other < r; other++) {
          const clash = table.regions[other]!.postcodes.find(([a, b]) => a <= to && from <= b);
          if (clash) {
            const shown = ([a, b]: [number, number]) => (a === b ? String(a).padStart(4, '0') : `${String(a).padStart(4, '0')}-${String(b).padStart(4, '0')}`);
            ctx.addIssue({
              code: 'custom',
              path: ['regions', r, 'postcodes', p],
              message: `${shown([from, to])} overlaps ${shown(clash)} of '${table.regions[other]!.name}': a postcode can be in one region only`,
            });
            return;
          }
        }
      });
    });
  });
export type DeliveryTable = z.output<typeof DeliveryTableSchema>;

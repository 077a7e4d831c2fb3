/** A vehicle make (manufacturer) with its logo. */
import { z } from 'zod';
import { UrlObjectSchema, id, slug } from './common.ts';

export const ManufacturerSchema = z.object({
  /** Platform manufacturer id. @example 12 */
  id,
  /** Make name. @example 'Toyota' */
  name: z.string().trim().min(1),
  /** Make slug (/search/{slug}, /{brand}/overview). @example 'toyota' */
  slug,
  /** Logo; several makes have none. */
  logo: UrlObjectSchema.nullish(),
});
export type Manufacturer = z.output<typeof ManufacturerSchema>;

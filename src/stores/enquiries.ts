/**
 * The last lead this browser sent: its success category and the vehicle enquired about, kept so
 * the success page and later visits can refer to it.
 */
import { persistentAtom } from '@nanostores/persistent';
import { z } from 'zod';

const LastEnquirySchema = z.object({
  category: z.string(),
  leadId: z.union([z.number(), z.string()]),
  at: z.string(),
  vehicle: z.object({ id: z.number(), name: z.string(), slug: z.string() }).nullable(),
});
export type LastEnquiry = z.output<typeof LastEnquirySchema>;

export const $lastEnquiry = persistentAtom<LastEnquiry | null>('dealer-sites:last-enquiry', null, {
  encode: JSON.stringify,
  decode(raw) {
    try {
      const parsed = LastEnquirySchema.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  },
});

export function recordEnquiry(enquiry: LastEnquiry): void {
  $lastEnquiry.set(enquiry);
}

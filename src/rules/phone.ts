/** The call-the-dealer block (spec section 4, "Call block"). */
import type { SiteConfig } from '../schemas/site-config.ts';

/** Characters of the number shown before the mask. */
export const PHONE_VISIBLE_CHARACTERS = 5;

/**
 * Replaces every character after the first 5 (spaces included) with '*'.
 * @example maskPhone('07 3333 4444') // '07 33*******'
 */
export function maskPhone(phone: string): string {
  return phone.slice(0, PHONE_VISIBLE_CHARACTERS) + '*'.repeat(Math.max(0, phone.length - PHONE_VISIBLE_CHARACTERS));
}

/** What the call block shows. */
export type PhoneDisplay =
  | { kind: 'none' }
  | { kind: 'shown'; text: string; href: string }
  | { kind: 'masked'; text: string };

/**
 * Spec 4: the phone shows at once on sites with `vehicle.showPhoneImmediately`; otherwise it is
 * masked until clicked (the click reveals it and records a phone-reveal request). No number
 * (null or blank) shows nothing (the spec logs a console warning).
 */
export function phoneDisplay(
  phone: string | null | undefined,
  site: { vehicle: Pick<SiteConfig['vehicle'], 'showPhoneImmediately'> },
  revealed: boolean,
): PhoneDisplay {
  const number = phone?.trim();
  if (!number) return { kind: 'none' };
  if (site.vehicle.showPhoneImmediately || revealed) {
    return { kind: 'shown', text: number, href: `tel:${number.replace(/[^\d+]/g, '')}` };
  }
  return { kind: 'masked', text: maskPhone(number) };
}

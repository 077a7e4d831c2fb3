/**
 * Contact details a shopper typed into a form, remembered in this browser to prefill later forms
 * (name, last name, email, phone, postcode). Read back through their schema: anything else in
 * storage is dropped.
 */
import { persistentAtom } from '@nanostores/persistent';
import { RememberedUserDetailsSchema, type RememberedUserDetails } from '../schemas/shopper.ts';

export const REMEMBERED_FIELDS = ['name', 'last_name', 'email', 'phone', 'postcode'] as const;

export const $userDetails = persistentAtom<RememberedUserDetails>('dealer-sites:user-details', {}, {
  encode: JSON.stringify,
  decode(raw) {
    try {
      const parsed = RememberedUserDetailsSchema.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : {};
    } catch {
      return {};
    }
  },
});

/**
 * Remembers the contact details of a sent form. Only a form with name, email and phone filled
 * counts; empty fields keep what was remembered before.
 */
export function rememberUserDetails(values: Readonly<Record<string, unknown>>): void {
  const text = (name: string) => (typeof values[name] === 'string' ? (values[name] as string).trim() : '');
  if (!text('name') || !text('email') || !text('phone')) return;
  const next: RememberedUserDetails = { ...$userDetails.get() };
  for (const name of REMEMBERED_FIELDS) if (text(name)) next[name] = text(name);
  $userDetails.set(next);
}

/**
 * The signed-in shopper as this browser knows them: an id once signed in, and the phone on record, which
 * the watchlist needs (spec 6). Sign-in fills it (`signInShopper`) and signing out clears it; until the
 * shopper accounts arrive nothing on the site signs a shopper in, so a watchlist save goes to sign-in.
 *
 * Read back by hand rather than through `UserSchema` (src/schemas/shopper.ts) so the vehicle page's island
 * carries no schema library; a unit test holds `readShopper` to the schema.
 */
import { persistentAtom } from '@nanostores/persistent';

export interface Shopper {
  /** Present once signed in. */
  id?: number | string;
  /** The phone on record. */
  phone?: string;
}

/** A shopper from anything read back from storage: the known fields that are valid, or null when it is not a shopper at all. */
export function readShopper(value: unknown): Shopper | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { id, phone } = value as Record<string, unknown>;
  const validId = (Number.isSafeInteger(id) && (id as number) > 0) || (typeof id === 'string' && id.length > 0);
  if (id !== undefined && !validId) return null;
  if (phone !== undefined && !(typeof phone === 'string' && phone.length > 0)) return null;
  return { ...(id !== undefined ? { id: id as number | string } : {}), ...(phone !== undefined ? { phone: phone as string } : {}) };
}

export const $shopper = persistentAtom<Shopper | null>('dealer-sites:shopper', null, {
  encode: JSON.stringify,
  decode(raw) {
    try {
      return readShopper(JSON.parse(raw));
    } catch {
      return null;
    }
  },
});

/** Records the shopper who signed in (what the sign-in answer says about them). */
export function signInShopper(shopper: Shopper): void {
  $shopper.set(readShopper(shopper));
}

/** Forgets the shopper on this browser. */
export function signOutShopper(): void {
  $shopper.set(null);
}

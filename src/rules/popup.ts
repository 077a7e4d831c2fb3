/**
 * The popup promotion (spec section 4): shown once until closed, remembered per site slug, and
 * hidden after its expiry.
 */
import type { Popup } from '../schemas/content.ts';

/**
 * The browser storage key holding the closed-popup flags. One key for every site: the value maps
 * each site slug to the id of the popup closed there, so sites sharing an origin (previews, local
 * development) do not hide each other's popups.
 */
export const POPUP_STORAGE_KEY = 'dealer-sites:popup-closed';

/**
 * How long after the shopper's last wheel or touch movement a scroll of the page still counts as theirs and
 * opens the popup: long enough for a wheel's smooth scroll or a finger's fling to start, short enough that
 * a later scroll by keyboard focus does not.
 */
export const POPUP_GESTURE_WINDOW_MS = 500;

/** The stored flags: site slug -> id of the popup the visitor closed on that site. */
export type ClosedPopupFlags = Record<string, string>;

/**
 * The flags read back from storage, validated by hand (the page's script carries no schema library);
 * anything unreadable (missing, not JSON, the wrong shape) counts as "nothing closed yet" rather than
 * breaking the page.
 */
export function parseClosedPopupFlags(stored: string | null | undefined): ClosedPopupFlags {
  if (!stored) return {};
  try {
    const value: unknown = JSON.parse(stored);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
    const entries = Object.entries(value);
    return entries.every(([, id]) => typeof id === 'string') ? (Object.fromEntries(entries) as ClosedPopupFlags) : {};
  } catch {
    return {};
  }
}

/**
 * The flags after the visitor closes `popupId` on `siteSlug` (a new object; other sites' flags
 * are kept). Store it as JSON under {@link POPUP_STORAGE_KEY}.
 */
export function markPopupClosed(flags: ClosedPopupFlags, siteSlug: string, popupId: string): ClosedPopupFlags {
  return { ...flags, [siteSlug]: popupId };
}

/**
 * Whether the popup shows: it is enabled, `now` is not past its expiry (an instant; shown up to
 * and including the expiry second) and the visitor has not closed this popup on this site.
 * Closing is remembered by popup id, so a popup with a new id shows again.
 */
export function shouldShowPopup(
  popup: Pick<Popup, 'id' | 'enabled' | 'expiry'>,
  siteSlug: string,
  flags: ClosedPopupFlags,
  now: Date,
): boolean {
  if (!popup.enabled) return false;
  const expiry = Date.parse(popup.expiry);
  if (Number.isNaN(expiry) || now.getTime() > expiry) return false;
  return flags[siteSlug] !== popup.id;
}

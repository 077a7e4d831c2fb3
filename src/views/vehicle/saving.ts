/**
 * Saving and sharing a vehicle from its page, and the page's scroll-driven parts: the favourite/compare
 * toggle, the watchlist button, share, the recently viewed record, the sticky header and the mobile bar's
 * threshold. Decided by the rules in src/rules/saving.ts and share.ts.
 */
import { vehiclePath, WATCHLIST_PATH } from '../../lib/urls.ts';
import { isAvailable } from '../../rules/availability.ts';
import { copyConfirmation, vehicleShareLink } from '../../rules/share.ts';
import type { SiteConfig } from '../../schemas/site-config.ts';
import type { NormalisedVehicle } from '../../schemas/snapshot.ts';
import type { Favourite } from '../../stores/favourites.ts';
import type { ViewedVehicle } from '../../stores/viewed.ts';
import { pictureFor, type ImageIndex } from '../images.ts';
import { cardImage, favouriteRecord } from '../search-records.ts';
import { VEHICLE_DIALOGS } from './forms.ts';
import type { PriceBlockView } from './price.ts';

/** The props of the vehicle page's saving and sharing island. */
export interface VehicleSavingView {
  vehicle: { id: number; name: string };
  /** Null where the page shows no favourite toggle. */
  favourite: Favourite | null;
  /** Null on sites without a watchlist; `available: false` shows the button only when already saved. */
  watchlist: { available: boolean } | null;
  /** Null for a vehicle that can no longer be bought: nothing to share. */
  share: { link: string; title: string; copy: ReturnType<typeof copyConfirmation> } | null;
  apiBaseUrl: string;
  /** The site's slug, which every runtime API call names. */
  site: string;
  /** Where a toast's View List goes. */
  listHref: string;
}

export interface VehicleSavingPage {
  /** The island's props, or null when the page has nothing to save or share. */
  island: VehicleSavingView | null;
  /** What this page view adds to the recently viewed list. */
  viewed: ViewedVehicle;
  stickyHeader: {
    offset: number;
    name: string;
    priceText: string;
    action: { label: string; href: string; dialog: string };
  };
}

export function vehicleSavingView(vehicle: NormalisedVehicle, site: SiteConfig, images: ImageIndex, price: PriceBlockView): VehicleSavingPage {
  const available = isAvailable(vehicle);
  const island: VehicleSavingView = {
    vehicle: { id: vehicle.id, name: vehicle.display_name },
    favourite: favouriteRecord(vehicle, site),
    watchlist: site.features.watchlist ? { available } : null,
    share: available ? { link: vehicleShareLink(site.url, vehicle.slug), title: vehicle.display_name, copy: copyConfirmation(site) } : null,
    apiBaseUrl: site.api.baseUrl,
    site: site.slug,
    listHref: WATCHLIST_PATH,
  };
  return {
    island: island.favourite || island.watchlist || island.share ? island : null,
    viewed: {
      id: vehicle.id,
      stocknum: vehicle.stocknum ?? null,
      make: vehicle.make,
      model: vehicle.model,
      body: vehicle.body ?? null,
      simple_body: vehicle.simple_body ?? null,
      name: vehicle.display_name,
      path: vehiclePath(vehicle),
      image: pictureFor(images, cardImage(vehicle), 'card', site)?.src ?? null,
    },
    stickyHeader: {
      offset: site.vehicle.stickyHeaderOffset,
      name: vehicle.display_name,
      priceText: price.available ? `${price.price.text}${price.suffix}` : price.message,
      action: price.available
        ? { label: site.vehicle.enquireLabel, href: '#enquire', dialog: VEHICLE_DIALOGS.enquire }
        : { label: price.enquiryLabel, href: '#enquire', dialog: VEHICLE_DIALOGS.enquire },
    },
  };
}

import { carTypeLabel } from '../../lib/labels.ts';
import { vehiclePath } from '../../lib/urls.ts';
import { availabilityView } from '../../rules/availability.ts';
import { cardBadge, type CardBadge } from '../../rules/badges.ts';
import { formatKmInput } from '../../rules/formatting.ts';
import { priceDisplay, type PriceDisplay } from '../../rules/pricing.ts';
import { cardAttributes } from '../../rules/search-rules.ts';
import type { SiteConfig } from '../../schemas/site-config.ts';
import type { NormalisedVehicle } from '../../schemas/snapshot.ts';

/** Everything a result card shows, decided by the rules. */
export interface VehicleCardView {
  href: string;
  title: string;
  image: string | null;
  badge: CardBadge | null;
  /** Null for sold vehicles: no price is shown. */
  price: PriceDisplay | null;
  soldMessage: string | null;
  chips: string[];
}

function chip(vehicle: NormalisedVehicle, attribute: string): string | null {
  switch (attribute) {
    case 'car_type':
      return carTypeLabel(vehicle.car_type);
    case 'km':
      return vehicle.km === null || vehicle.km === undefined ? null : formatKmInput(vehicle.km);
    case 'stocknum':
      return vehicle.stocknum ? `Stock #${vehicle.stocknum}` : null;
    default: {
      const value = (vehicle as Record<string, unknown>)[attribute];
      return value === null || value === undefined || value === '' ? null : String(value);
    }
  }
}

export function vehicleCardView(vehicle: NormalisedVehicle, site: SiteConfig, now: Date): VehicleCardView {
  const availability = availabilityView(vehicle);
  return {
    href: vehiclePath(vehicle),
    title: vehicle.display_name,
    image: vehicle.primary_image_url ?? vehicle.images?.find((i) => !i.isVideo)?.image ?? null,
    badge: cardBadge(vehicle, site, now),
    price: availability.available ? priceDisplay(vehicle, site) : null,
    soldMessage: availability.available ? null : availability.message,
    chips: cardAttributes(site)
      .map((a) => chip(vehicle, a))
      .filter((c): c is string => c !== null),
  };
}

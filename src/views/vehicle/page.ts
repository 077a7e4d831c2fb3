/**
 * View models of the vehicle pages (detail, print, checkout, trade-in). Each composes the view
 * models of its sections (this folder), which call the business rules in `src/rules/`, so the
 * `.astro` components only lay out data: no rule is decided in a template.
 */
import { VEHICLE_DIALOGS, vehicleForms } from './forms.ts';
import type { SiteData } from '../../data/site-data.ts';
import { vehiclePath } from '../../lib/urls.ts';
import { formatKmInput } from '../../rules/formatting.ts';
import type { SiteConfig } from '../../schemas/site-config.ts';
import type { NormalisedVehicle } from '../../schemas/snapshot.ts';
import { addressText } from '../common.ts';
import { pictureFor, type ImageIndex } from '../images.ts';
import { callBlock, vehicleActions, vehiclePhone } from './actions.ts';
import { reserveOffer, moneyBackGuarantee } from './checkout.ts';
import { dealerComments } from './comments.ts';
import { bannerLinks, fuelEstimate, locationBar, vehiclePanels } from './extras.ts';
import { galleryPictures, galleryView } from './gallery.ts';
import { printLink } from './print.ts';
import { vehicleAddress, vehicleBreadcrumbs, vehicleForRoute, vehicleLocationName, vehicleMetaDescription } from './head.ts';
import { financeQuoteView, vehicleFinance } from './finance.ts';
import { priceBlockView } from './price.ts';
import { vehicleSavingView } from './saving.ts';
import { equipmentItems, featureList, keyInfo, specList } from './specs.ts';
import { breadcrumbJsonLd, vehicleJsonLd, type VehiclePlace } from './structured-data.ts';

export interface VehiclePageInput {
  site: SiteConfig;
  data: SiteData;
  images: ImageIndex;
  vehicleId: number;
  path: string;
  /** The build's reference time. */
  now: Date;
}

/** Short facts for summary cards: odometer, transmission, stock number. */
export function summaryFacts(vehicle: NormalisedVehicle): string[] {
  return [formatKmInput(vehicle.km), vehicle.simple_transmission, vehicle.stocknum ? `Stock #${vehicle.stocknum}` : ''].filter((f) => f.trim() !== '');
}

/**
 * Where the vehicle is, for its JSON-LD: its location's name and address, and the number to call where
 * the site shows numbers at once (a site that masks them keeps them out of the page until asked).
 */
function vehiclePlace(vehicle: NormalisedVehicle, site: SiteConfig, locations: SiteData['locations']): VehiclePlace {
  return {
    name: vehicleLocationName(vehicle, site),
    address: vehicleAddress(vehicle, locations),
    telephone: site.vehicle.showPhoneImmediately ? vehiclePhone(vehicle, site, locations) : null,
  };
}

/** Everything the vehicle detail page shows, decided by the rules. */
export function vehiclePageView(input: VehiclePageInput) {
  const { site, data, images, now } = input;
  const vehicle = vehicleForRoute(data, input.vehicleId, input.path);
  const copy = data.content.copy;
  const crumbs = vehicleBreadcrumbs(vehicle, site);
  const pictures = galleryPictures(vehicle, images, site);
  const price = priceBlockView(vehicle, site);
  const actions = vehicleActions(vehicle, site);
  const call = price.available ? callBlock(vehicle, site, data.locations) : null;
  const reserve = reserveOffer(vehicle, site, copy);
  const finance = price.available ? vehicleFinance(vehicle, site, now) : null;
  const mobileBar = price.available
    ? [
        ...(reserve ? [{ label: site.vehicle.reserve.label === 'Buy Online' ? 'Buy Online' : 'Reserve Car Now', href: reserve.href }] : []),
        { label: site.features.instantMessage ? 'Instant Message' : site.vehicle.enquireLabel, href: '#enquire', dialog: VEHICLE_DIALOGS.enquire },
        ...(call ? [{ label: 'Call Now', href: call.href }] : []),
      ]
    : [];
  return {
    vehicle,
    title: vehicle.display_name,
    description: vehicleMetaDescription(vehicle, site),
    ogImage: pictures[0]?.src,
    jsonLd: [vehicleJsonLd(vehicle, site, pictures, vehiclePlace(vehicle, site, data.locations)), breadcrumbJsonLd(crumbs, site)],
    crumbs,
    gallery: galleryView(vehicle, images, site),
    price,
    views: vehicle.views ?? null,
    finance,
    financeQuote: price.available ? financeQuoteView(vehicle, site) : null,
    call,
    dealer: vehicleLocationName(vehicle, site),
    actions,
    print: printLink(vehicle, site),
    keyInfo: keyInfo(vehicle),
    comments: dealerComments(vehicle, site),
    whatsIncluded: copy.whatsIncluded,
    whyBuyFromUs: copy.whyBuyFromUs,
    warranty: copy.warranty,
    roadsideAssist: copy.roadsideAssist,
    reserve,
    moneyBack: moneyBackGuarantee(vehicle, site, copy),
    features: featureList(vehicle, site),
    specs: specList(vehicle, site, now),
    // A running-cost estimate only helps a shopper who can still buy the car.
    fuel: price.available ? fuelEstimate(vehicle, site) : null,
    // Price history, certified dialog, Protect Your Car, used-vehicle checks, price comparison, delivery.
    panels: vehiclePanels(vehicle, site, data, now),
    location: locationBar(vehicle, site, data.locations),
    banner: bannerLinks(site),
    forms: vehicleForms(site, data, vehicle, { available: price.available, finance: actions.some((a) => a.id === 'finance') }),
    photoRequest: price.available && site.features.photoRequests ? { href: '#enquire', dialog: VEHICLE_DIALOGS.photos } : null,
    mobileBar,
    saving: vehicleSavingView(vehicle, site, images, price),
  };
}
export type VehiclePageView = ReturnType<typeof vehiclePageView>;

/** The printable page: the vehicle, its price, specifications, comments, location and unmasked phone. */
export function vehiclePrintView(input: VehiclePageInput) {
  const { site, data, images, now } = input;
  const vehicle = vehicleForRoute(data, input.vehicleId, input.path);
  const firstPhoto = (vehicle.images ?? []).find((i) => !i.isVideo)?.image ?? vehicle.primary_image_url;
  const comments = dealerComments(vehicle, site);
  return {
    vehicle,
    title: `${vehicle.display_name} (printable)`,
    description: vehicleMetaDescription(vehicle, site),
    picture: pictureFor(images, firstPhoto, 'gallery', site),
    price: priceBlockView(vehicle, site),
    keyInfo: keyInfo(vehicle),
    specs: specList(vehicle, site, now),
    commentsHtml: comments.kind === 'pending' ? null : comments.kind === 'full' ? comments.html : comments.fullHtml,
    commentsPending: comments.kind === 'pending' ? comments.text : null,
    features: equipmentItems(vehicle),
    location: {
      name: vehicleLocationName(vehicle, site),
      address: addressText(vehicleAddress(vehicle, data.locations)),
    },
    call: callBlock(vehicle, site, data.locations, true),
    backHref: vehiclePath(vehicle),
    pageUrl: `${site.url}${vehiclePath(vehicle)}`,
  };
}

/** The vehicle as context on its sub-pages (checkout, trade-in). */
export function vehicleSummary(vehicle: NormalisedVehicle, site: SiteConfig, images: ImageIndex) {
  const firstPhoto = (vehicle.images ?? []).find((i) => !i.isVideo)?.image ?? vehicle.primary_image_url;
  return {
    name: vehicle.display_name,
    href: vehiclePath(vehicle),
    picture: pictureFor(images, firstPhoto, 'card', site),
    price: priceBlockView(vehicle, site),
    facts: summaryFacts(vehicle),
  };
}

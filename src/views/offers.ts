/** Offer cards, the offers list and an offer's own page. */
import type { SiteData } from '../data/site-data.ts';
import { slugify } from '../lib/text.ts';
import { internalHref, offerPath, pagePath } from '../lib/urls.ts';
import { plainText, sanitize } from '../render/html.ts';
import { offerDescription, offerDisclaimer } from '../rules/offer-text.ts';
import { isInPromoWindow, promoInstant, windowPhase, type WindowPhase } from '../rules/promo-window.ts';
import type { Offer } from '../schemas/offer.ts';
import type { SiteConfig } from '../schemas/site-config.ts';
import { metaDescription, type LinkView } from './common.ts';
import { CARD_SIZES, contentPicture, type ResponsivePicture } from './content-images.ts';
import type { ImageIndex } from './images.ts';

/** An offer shows between its start and expiry (instants, both inclusive), judged at the build's time. */
export function isOfferCurrent(offer: Pick<Offer, 'start' | 'expiry'>, now: Date, timeZone?: string): boolean {
  return isInPromoWindow(offer, now, timeZone);
}

export function currentOffers(offers: readonly Offer[], now: Date, site: Pick<SiteConfig, 'timeZone'>): Offer[] {
  return offers.filter((offer) => isOfferCurrent(offer, now, site.timeZone));
}

/** Offers running now or still to start: the list carries the latter hidden, for the shopper's clock to show. */
export function unexpiredOffers(offers: readonly Offer[], now: Date, site: Pick<SiteConfig, 'timeZone'>): Offer[] {
  return offers.filter((offer) => offerPhase(offer, now, site.timeZone) !== 'after');
}

/** An offer's start and expiry as epoch milliseconds (null: open-ended), for the page's clock script. */
export interface OfferWindow {
  start: number | null;
  end: number | null;
}

export function offerWindow(offer: Pick<Offer, 'start' | 'expiry'>, timeZone?: string): OfferWindow {
  return {
    start: offer.start ? promoInstant(offer.start, timeZone).getTime() : null,
    end: offer.expiry ? promoInstant(offer.expiry, timeZone).getTime() : null,
  };
}

/** Whether an offer is still to start, running, or over at `now`. */
export function offerPhase(offer: Pick<Offer, 'start' | 'expiry'>, now: Date, timeZone?: string): WindowPhase {
  const window = offerWindow(offer, timeZone);
  return windowPhase(window.start, window.end, now.getTime());
}

/**
 * Where an offer's model link goes: the model's override URL, else its model page when the site
 * has one, else the make's stock when the site has any of that make; null when there is no
 * page to go to (offer model slugs are the platform's and need not match a stock model).
 */
export function offerModelLink(offer: Offer, data: Pick<SiteData, 'models' | 'vehicles'>): LinkView | null {
  const model = offer.model;
  if (!model) return null;
  if (model.override_url) return { label: `Explore the ${model.name}`, href: internalHref(model.override_url) };
  const page = model.slug ? data.models.find((m) => m.slug === model.slug) : undefined;
  if (page) return { label: `Explore the ${model.name}`, href: internalHref(page.override_url ?? `/${page.slug}`) };
  const make = slugify(offer.manufacturer);
  if (data.vehicles.some((v) => v.make_slug === make)) return { label: `See ${offer.manufacturer} stock`, href: pagePath('search', make) };
  return null;
}

/** Text shown collapsed with the full text behind a toggle (offer description and disclaimer). */
export interface CollapsedText {
  short: string;
  full: string;
  collapsible: boolean;
  moreLabel: string | null;
  lessLabel: string | null;
}

function collapsed(full: string, cut: (expanded: boolean) => { text: string; collapsible: boolean; toggleLabel: string | null }): CollapsedText {
  const closed = cut(false);
  return { short: closed.text, full, collapsible: closed.collapsible, moreLabel: closed.toggleLabel, lessLabel: cut(true).toggleLabel };
}

export interface OfferCardView {
  id: string;
  name: string;
  href: string;
  category: string | null;
  manufacturer: string;
  description: CollapsedText;
  disclaimer: CollapsedText | null;
  modelLink: LinkView | null;
  /** Shown only when the image can be served (see {@link contentPicture}): its largest file. */
  image: string | null;
  /** The image with its renditions, for a `<picture>`. */
  picture: ResponsivePicture | null;
  expiry: string | null;
  window: OfferWindow;
}

/**
 * An offer as cards show it. Its image comes from the image pipeline (`images`), or as it is when it is
 * an http(s) URL or a file among `publicFiles` (the site paths under `public/`).
 */
export function offerCardView(offer: Offer, site: SiteConfig, data: Pick<SiteData, 'models' | 'vehicles'>, publicFiles: ReadonlySet<string>, images: ImageIndex = {}): OfferCardView {
  const picture = contentPicture(images, offer.image_url ?? offer.image_or_model_image?.url, CARD_SIZES, site, publicFiles);
  const description = plainText(offer.sanitized_description || offer.description);
  const disclaimer = plainText(offer.disclaimer);
  return {
    id: String(offer.id),
    name: offer.name,
    href: offerPath(offer),
    category: offer.category?.trim() || null,
    manufacturer: offer.manufacturer,
    description: collapsed(description, (expanded) => offerDescription(description, site.offers, expanded)),
    disclaimer: disclaimer ? collapsed(disclaimer, (expanded) => offerDisclaimer(disclaimer, site.offers, expanded)) : null,
    modelLink: offerModelLink(offer, data),
    image: picture?.src ?? null,
    picture,
    expiry: offer.expiry ?? null,
    window: offerWindow(offer, site.timeZone),
  };
}

export interface OfferPageView extends OfferCardView {
  descriptionHtml: string;
  /** At build time; the page's clock script moves it on. */
  phase: WindowPhase;
  /** The start as the shopper reads it ('1 July 2026'), for an offer still to start. */
  startsOn: string | null;
  metaDescription: string;
}

export function offerPageView(offer: Offer, site: SiteConfig, data: SiteData, now: Date, publicFiles: ReadonlySet<string>, images: ImageIndex = {}): OfferPageView {
  const card = offerCardView(offer, site, data, publicFiles, images);
  return {
    ...card,
    descriptionHtml: sanitize(offer.description),
    phase: offerPhase(offer, now, site.timeZone),
    startsOn: card.window.start === null ? null : new Date(card.window.start).toLocaleDateString('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: site.timeZone }),
    metaDescription: metaDescription(card.description.full || `${offer.name} at ${site.name}.`),
  };
}

/**
 * The service page: the service form, the booking iframe, or tabs of both (`site.forms.servicePage`), and
 * the service location picker where several locations take bookings.
 */
import type { SiteData } from '../data/site-data.ts';
import { serviceForm, type FormSpec } from '../forms/definitions.ts';
import { pagePath } from '../lib/urls.ts';
import { BOOKING_IFRAME_SIZE, SERVICE_TAB_IFRAME_HEIGHT, serviceLocations, serviceTabKey, showsServiceLocationPicker } from '../rules/service-page.ts';
import type { SiteConfig } from '../schemas/site-config.ts';
import { formContext } from './forms.ts';
import { addressLine, locationPhone, orderedLocations } from './locations.ts';

export interface BookingFrameView {
  src: string;
  title: string;
  width: number | null;
  height: number;
}

export interface ServiceTabView {
  name: string;
  /** The value of `?tab=` that opens it. */
  key: string;
  /** Element id of the panel (its tab is `${id}-tab`). */
  id: string;
  content: 'booking' | 'form';
}

export interface ServiceLocationChoice {
  slug: string;
  name: string;
  address: string | null;
  phone: { text: string; href: string } | null;
}

export interface ServicePageView {
  mode: 'form' | 'iframe' | 'tabs';
  /** The service form, where the page shows it (form mode, or a form tab). */
  form: FormSpec | null;
  /** The booking page, where the page embeds it (iframe mode, or a booking tab). */
  booking: BookingFrameView | null;
  /** The tabs, in tabs mode. */
  tabs: ServiceTabView[];
  /** Service locations to choose from, when there are several; otherwise empty. */
  locations: ServiceLocationChoice[];
}

/** A site path or an address elsewhere, as the iframe's src. */
const frameSrc = (url: string) => (url.startsWith('/') ? pagePath(url) : url);

export function servicePageView(site: SiteConfig, data: Pick<SiteData, 'locations' | 'content'>): ServicePageView {
  const settings = site.forms.servicePage;
  const form = serviceForm(formContext(site, data));
  const title = `${form.heading}: online booking`;
  // A booking tab without a booking page has nothing to show: it is left out, and so is iframe mode.
  const url = settings.iframeUrl ?? null;
  const tabs = settings.mode === 'tabs' ? settings.tabs.filter((t) => t.content === 'form' || url) : [];
  const mode = settings.mode === 'iframe' && url ? 'iframe' : settings.mode === 'tabs' && tabs.length > 0 ? 'tabs' : 'form';
  const shows = (content: 'booking' | 'form') => (mode === 'tabs' ? tabs.some((t) => t.content === content) : content === (mode === 'iframe' ? 'booking' : 'form'));
  const locations = showsServiceLocationPicker(data.locations) ? serviceLocations(orderedLocations(data.locations)) : [];
  return {
    mode,
    form: shows('form') ? form : null,
    booking:
      shows('booking') && url
        ? mode === 'tabs'
          ? { src: frameSrc(url), title, width: null, height: SERVICE_TAB_IFRAME_HEIGHT }
          : { src: frameSrc(url), title, width: settings.iframeWidth ?? BOOKING_IFRAME_SIZE.width, height: settings.iframeHeight ?? BOOKING_IFRAME_SIZE.height }
        : null,
    tabs: tabs.map((t, i) => ({ name: t.name, key: serviceTabKey(t.name), id: `service-tab-${i + 1}`, content: t.content })),
    locations: locations.map((l) => ({ slug: l.slug ?? String(l.id), name: l.name, address: addressLine(l) || null, phone: locationPhone(l, site) })),
  };
}

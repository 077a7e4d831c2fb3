/** Sharing a vehicle (spec sections 2, 4, 7 and 9). */
import type { SiteConfig } from '../schemas/site-config.ts';

/** Spec 9: size of the share pop-up window. */
export const SHARE_WINDOW = { width: 550, height: 400 } as const;

/**
 * Spec 2: the public share link of a vehicle: the site URL with any trailing slash removed,
 * then /cars/{slug}.
 * @example vehicleShareLink('https://www.dealer.example/', 'abc') // 'https://www.dealer.example/cars/abc'
 */
export function vehicleShareLink(siteUrl: string, slug: string): string {
  return `${siteUrl.replace(/\/+$/, '')}/cars/${encodeURIComponent(slug)}`;
}

export type ShareDevice = 'mobile' | 'desktop';

/** A device class from a user agent: phones and tablets are mobile. */
export function shareDevice(userAgent: string): ShareDevice {
  return /Android|iPhone|iPad|iPod|Mobile|Opera Mini|IEMobile/i.test(userAgent) ? 'mobile' : 'desktop';
}

export interface ShareTarget {
  id: 'facebook' | 'x' | 'whatsapp' | 'email' | 'sms';
  label: string;
  href: string;
  /** True for targets opened in the 550x400 share window (the social sites). */
  popup: boolean;
}

/**
 * Spec 7: outgoing share links: social sites (Facebook, X), a messaging app (WhatsApp: the
 * api.whatsapp.com host on mobile, web.whatsapp.com on desktop), mailto and sms. Every value is
 * URL-encoded.
 */
export function shareTargets(link: string, title: string, device: ShareDevice): ShareTarget[] {
  const url = encodeURIComponent(link);
  const text = encodeURIComponent(`${title} ${link}`);
  const whatsappHost = device === 'mobile' ? 'https://api.whatsapp.com' : 'https://web.whatsapp.com';
  return [
    { id: 'facebook', label: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${url}`, popup: true },
    { id: 'x', label: 'X', href: `https://twitter.com/intent/tweet?url=${url}&text=${encodeURIComponent(title)}`, popup: true },
    { id: 'whatsapp', label: 'WhatsApp', href: `${whatsappHost}/send?text=${text}`, popup: false },
    { id: 'email', label: 'Email', href: `mailto:?subject=${encodeURIComponent(title)}&body=${text}`, popup: false },
    { id: 'sms', label: 'SMS', href: `sms:?body=${text}`, popup: false },
  ];
}

/** Spec 9: the `window.open` features string of the share window. */
export function shareWindowFeatures(): string {
  return `width=${SHARE_WINDOW.width},height=${SHARE_WINDOW.height},noopener,noreferrer`;
}

/**
 * Spec 4 and 9: after copying the link, 'Copied' shows for 1.5 seconds inline, or as a toast for
 * 3,000 ms on sites with `vehicle.copyConfirmation: toast`.
 */
export function copyConfirmation(site: { vehicle: Pick<SiteConfig['vehicle'], 'copyConfirmation'> }): {
  style: 'inline' | 'toast';
  text: 'Copied';
  durationMs: number;
} {
  return site.vehicle.copyConfirmation === 'toast'
    ? { style: 'toast', text: 'Copied', durationMs: 3000 }
    : { style: 'inline', text: 'Copied', durationMs: 1500 };
}

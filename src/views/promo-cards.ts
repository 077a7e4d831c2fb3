/** Promo cards as the results grid shows them. */
import { internalHref } from '../lib/urls.ts';
import type { PromoCard } from '../schemas/promo-card.ts';
import { publicAsset } from './common.ts';

/** Relative luminance of a #rgb / #rrggbb colour, or null for other notations. */
function luminance(colour: string): number | null {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour.trim())?.[1];
  if (!hex) return null;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(full.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * Text colour with the better WCAG contrast on a background: white or slate-900. Used for promo
 * cards whose background marketing staff choose (a yellow card needs dark text).
 */
export function textColourOn(background: string | null | undefined): '#ffffff' | '#0f172a' {
  const l = background ? luminance(background) : null;
  if (l === null) return '#0f172a';
  const SLATE_900 = 0.0124;
  const onWhite = 1.05 / (l + 0.05);
  const onDark = (l + 0.05) / (SLATE_900 + 0.05);
  return onWhite >= onDark ? '#ffffff' : '#0f172a';
}

/** A promo card as the results grid shows it. */
export interface PromoCardView {
  id: string;
  title: string | null;
  text: string | null;
  href: string | null;
  image: string | null;
  alt: string | null;
  background: string;
  /** Text tone with the better contrast on `background`. */
  tone: 'light' | 'dark';
}

/** A promo card as the grid shows it; `publicFiles` are the site paths under `public/`. */
export function promoCardView(card: PromoCard, publicFiles: ReadonlySet<string>): PromoCardView {
  const background = card.background ?? '#0f172a';
  return {
    id: card.id,
    title: card.title ?? null,
    text: card.text ?? null,
    href: card.link ? internalHref(card.link) : null,
    image: publicAsset(card.image, publicFiles),
    alt: card.alt ?? null,
    background,
    tone: textColourOn(background) === '#ffffff' ? 'light' : 'dark',
  };
}

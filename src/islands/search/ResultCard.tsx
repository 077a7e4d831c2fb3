/**
 * The result card, the promo card and the loading card: one markup for the static pages (Astro renders
 * these components to HTML) and the stock search island (which renders the same components), so a card
 * looks the same before and after the island takes over. Pure views: props in, markup out.
 */
import type { ReactNode } from 'react';
import type { BadgeTone } from '../../rules/badges.ts';
import type { PictureData } from '../../views/images.ts';
import type { PromoCardView } from '../../views/promo-cards.ts';
import type { ResultCardData } from '../../views/search-records.ts';

const TONES: Record<BadgeTone, string> = {
  green: 'bg-green-700 text-white',
  red: 'bg-red-700 text-white',
  blue: 'bg-blue-700 text-white',
  grey: 'bg-slate-700 text-white',
  amber: 'bg-amber-300 text-slate-900',
  brand: 'bg-brand text-on-brand',
};

const IMAGE_CLASS = 'aspect-[3/2] w-full object-cover';

/** A picture from its renditions, or the placeholder while there is no photo (Astro pages use the same markup in `Picture.astro`). */
export function Picture({ picture, alt, eager = false, className = IMAGE_CLASS }: { picture: PictureData | null; alt: string; eager?: boolean; className?: string | undefined }) {
  if (!picture) {
    return (
      <div className={`flex aspect-[3/2] items-center justify-center bg-slate-200 text-sm text-slate-600 ${className}`} role="img" aria-label={alt}>
        Photo coming soon
      </div>
    );
  }
  return (
    <picture>
      {picture.sources.map((s) => (
        <source key={s.type} type={s.type} srcSet={s.srcset} />
      ))}
      <img
        src={picture.src}
        alt={alt}
        width={picture.width}
        height={picture.height}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        fetchPriority={eager ? 'high' : undefined}
        className={className}
      />
    </picture>
  );
}

export interface ResultCardProps {
  card: ResultCardData;
  /** Drawn over the photo where the card has a favourite (the island passes its toggle; static pages none). */
  favourite?: ReactNode;
  /** The first cards of a page load their image eagerly. */
  eager?: boolean;
  /** Heading level of the card title within the page outline. */
  headingLevel?: 2 | 3;
}

export function ResultCard({ card, eager = false, headingLevel = 3, favourite }: ResultCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="relative flex h-full flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
      <div className="relative">
        <Picture picture={card.picture} alt={card.title} eager={eager} />
        {card.badge && <span className={`absolute left-2 top-2 rounded px-2 py-1 text-xs font-bold uppercase ${TONES[card.badge.tone]}`}>{card.badge.label}</span>}
        {card.favourite && favourite}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <Heading className="text-base font-semibold leading-snug">
          <a href={card.href} className="after:absolute after:inset-0 hover:underline">
            {card.title}
          </a>
        </Heading>
        {card.soldMessage ? (
          <p className="text-lg font-bold text-red-700">{card.soldMessage}</p>
        ) : (
          card.price && (
            <p className="text-lg font-bold" data-price={'amount' in card.price ? card.price.amount : undefined}>
              {card.price.text}
              {card.price.kind === 'subscription' && <span className="text-sm font-normal"> /wk</span>}
              {card.price.wasPrice && <s className="ml-2 text-sm font-normal text-slate-600">{card.price.wasPrice.text}</s>}
            </p>
          )
        )}
        {!card.soldMessage && card.weekly && (
          <p className="text-sm text-slate-700" data-weekly>
            or <span className="font-semibold text-slate-900">{card.weekly}</span>
          </p>
        )}
        <ul className="mt-auto flex flex-wrap gap-1.5 text-xs text-slate-700">
          {card.chips.map((c) => (
            <li key={c} className="rounded bg-slate-100 px-2 py-1">
              {c}
            </li>
          ))}
        </ul>
      </div>
    </article>
  );
}

/** A promo card in the results grid. The colour is an SVG fill: the site's CSP blocks inline styles. */
export function PromoTile({ card, headingLevel = 3 }: { card: PromoCardView; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const className = `relative isolate flex h-full min-h-64 flex-col justify-end overflow-hidden rounded-lg shadow-sm hover:opacity-95 ${card.tone === 'light' ? 'text-white' : 'text-slate-900'}`;
  const body = (
    <>
      <svg className="absolute inset-0 -z-10 h-full w-full" aria-hidden="true" preserveAspectRatio="none">
        <rect width="100%" height="100%" fill={card.background} />
      </svg>
      {card.image && <img src={card.image} alt={card.alt ?? ''} width={600} height={400} loading="lazy" decoding="async" className={IMAGE_CLASS} />}
      {(card.title || card.text) && (
        <div className="p-5">
          {card.title && <Heading className="text-2xl font-extrabold leading-tight">{card.title}</Heading>}
          {card.text && <p className="mt-2">{card.text}</p>}
          {card.href && <p className="mt-4 font-semibold underline">Find out more</p>}
        </div>
      )}
      {!card.title && !card.text && card.alt && !card.image && <p className="p-5 text-xl font-bold">{card.alt}</p>}
    </>
  );
  return card.href ? (
    <a href={card.href} className={className} data-promo-card={card.id}>
      {body}
    </a>
  ) : (
    <div className={className} data-promo-card={card.id}>
      {body}
    </div>
  );
}

/** The shape of a result card while its results load. */
export function SkeletonCard() {
  return (
    <div className="flex h-full flex-col overflow-hidden rounded-lg border border-slate-200 bg-white" aria-hidden="true" data-skeleton>
      <div className="aspect-[3/2] w-full animate-pulse bg-slate-200" />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="h-4 w-4/5 animate-pulse rounded bg-slate-200" />
        <div className="h-5 w-2/5 animate-pulse rounded bg-slate-200" />
        <div className="mt-auto h-4 w-3/5 animate-pulse rounded bg-slate-200" />
      </div>
    </div>
  );
}

/**
 * The vehicle page's save and share row: the favourite/compare toggle, the watchlist button and Share, whose
 * panel is a native popover (it opens and closes without JavaScript). Labels never change with the state
 * (the pressed state and the icon do), so the row keeps its size when the island takes over. Pure view.
 */
import type { MouseEvent, Ref } from 'react';
import type { ShareTarget } from '../../rules/share.ts';

export interface SavingBarViewProps {
  favourite: { pressed: boolean; onToggle: () => void } | null;
  /** `shown: false` leaves the button out (a sold vehicle that is not saved). */
  watchlist: { pressed: boolean; busy: boolean; shown: boolean; onToggle: () => void } | null;
  share: ShareViewProps | null;
  /** The saved cars page (watchlist, favourites and compare). */
  savedHref: string;
}

export interface ShareViewProps {
  panelId: string;
  panelRef?: Ref<HTMLDivElement>;
  link: string;
  targets: ShareTarget[];
  /** 'Copied' shows on the copy button (the inline confirmation). */
  copied: boolean;
  /** The clipboard refused: the shopper copies the link from the field. */
  copyFailed: boolean;
  onShare?: (event: MouseEvent<HTMLButtonElement>) => void;
  onCopy?: () => void;
  onTarget?: (event: MouseEvent<HTMLAnchorElement>, target: ShareTarget) => void;
}

// The icon sits above the label, so three buttons fit a 22rem sidebar or a 360 px phone without breaking a word.
const BUTTON =
  'inline-flex min-h-14 w-full flex-col items-center justify-center gap-1 rounded border border-slate-400 bg-white px-1 py-1.5 text-sm font-semibold leading-tight text-slate-900 [overflow-wrap:normal] hover:border-brand hover:bg-slate-50 disabled:cursor-wait disabled:opacity-70 aria-pressed:border-brand aria-pressed:bg-slate-100';

export function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="2" className="shrink-0 text-brand">
      <path d="M12 21s-7.5-4.6-9.6-9.1C.9 8.6 3 5 6.6 5c2.1 0 3.6 1.2 4.4 2.6h2c.8-1.4 2.3-2.6 4.4-2.6C21 5 23.1 8.6 21.6 11.9 19.5 16.4 12 21 12 21z" />
    </svg>
  );
}

function BookmarkIcon({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="2" className="shrink-0 text-brand">
      <path d="M6 3h12v18l-6-4.5L6 21z" strokeLinejoin="round" />
    </svg>
  );
}

export function Spinner() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" className="shrink-0 animate-spin text-brand motion-reduce:animate-none" data-spinner>
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

function ShareIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" className="shrink-0 text-brand">
      <circle cx="18" cy="5" r="3" />
      <circle cx="6" cy="12" r="3" />
      <circle cx="18" cy="19" r="3" />
      <path d="M8.6 13.5l6.8 4M15.4 6.5l-6.8 4" />
    </svg>
  );
}

export function SharePanel({ panelId, panelRef, link, targets, copied, copyFailed, onCopy, onTarget }: ShareViewProps) {
  const headingId = `${panelId}-heading`;
  return (
    <div
      id={panelId}
      ref={panelRef}
      popover="auto"
      role="dialog"
      aria-labelledby={headingId}
      className="m-auto w-[min(24rem,calc(100vw-2rem))] rounded-lg border border-slate-300 bg-white p-5 text-slate-900 shadow-2xl"
    >
      <div className="flex items-start justify-between gap-4">
        <h2 id={headingId} className="text-lg font-bold">
          Share this car
        </h2>
        <button
          type="button"
          popoverTarget={panelId}
          popoverTargetAction="hide"
          className="-mr-2 -mt-2 inline-flex min-h-11 min-w-11 items-center justify-center rounded text-2xl text-slate-700 hover:bg-slate-100"
          aria-label="Close"
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <label htmlFor={`${panelId}-link`} className="mt-3 block text-sm font-semibold">
        Link to this car
      </label>
      <div className="mt-1 flex gap-2">
        <input id={`${panelId}-link`} type="url" readOnly value={link} className="min-h-11 min-w-0 flex-1 rounded border border-slate-400 px-3 text-sm" />
        <button type="button" onClick={onCopy} className="inline-flex min-h-11 min-w-24 items-center justify-center rounded bg-brand px-4 text-sm font-semibold text-on-brand" data-copy>
          {copied ? 'Copied' : 'Copy link'}
        </button>
      </div>
      <p className="mt-1 min-h-5 text-sm text-slate-700" aria-live="polite">
        {copied ? 'Copied' : copyFailed ? 'Select the link above and copy it.' : ''}
      </p>
      <ul className="mt-2 grid grid-cols-2 gap-2" aria-label="Share on">
        {targets.map((target) => (
          <li key={target.id}>
            <a
              href={target.href}
              data-share={target.id}
              onClick={onTarget ? (event) => onTarget(event, target) : undefined}
              {...(target.id === 'email' || target.id === 'sms' ? {} : { target: '_blank', rel: 'noopener noreferrer' })}
              className="flex min-h-11 items-center justify-center rounded border border-slate-400 px-3 text-sm font-semibold hover:border-brand hover:bg-slate-50"
            >
              {target.label}
              {target.id !== 'email' && target.id !== 'sms' && <span className="sr-only"> (opens a new window)</span>}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function SavingBarView({ favourite, watchlist, share, savedHref }: SavingBarViewProps) {
  const savedLink = (
    <a href={savedHref} className="inline-flex min-h-11 items-center text-sm font-semibold text-slate-800 underline underline-offset-2 hover:text-brand">
      View your saved cars
    </a>
  );
  // A sold car offers only the watchlist button, and only once it is known to be saved: until then (and when
  // it is not) the link to the saved cars holds the button's place, so the button takes it without a shift.
  if (!favourite && !share && watchlist && !watchlist.shown) {
    return (
      <div className="flex min-h-14 items-center" data-saving-bar>
        {savedLink}
      </div>
    );
  }
  return (
    <div>
      <div className="grid min-h-14 auto-cols-fr grid-flow-col gap-2" data-saving-bar>
        {favourite && (
          <button type="button" className={BUTTON} aria-pressed={favourite.pressed} onClick={favourite.onToggle} data-favourite-toggle>
            <HeartIcon filled={favourite.pressed} />
            Favourite
          </button>
        )}
        {watchlist?.shown && (
          <button
            type="button"
            className={BUTTON}
            aria-pressed={watchlist.pressed}
            aria-busy={watchlist.busy}
            disabled={watchlist.busy}
            onClick={watchlist.onToggle}
            data-watchlist-toggle
          >
            {watchlist.busy ? <Spinner /> : <BookmarkIcon filled={watchlist.pressed} />}
            Watchlist
            {watchlist.busy && <span className="sr-only">{watchlist.pressed ? ' saving' : ' removing'}</span>}
          </button>
        )}
        {share && (
          <>
            <button type="button" className={BUTTON} popoverTarget={share.panelId} onClick={share.onShare} aria-haspopup="dialog" data-share-open>
              <ShareIcon />
              Share
            </button>
            <SharePanel {...share} />
          </>
        )}
      </div>
      {/* On a sold car the row is the watchlist button alone, in the link's place: no second line appears. */}
      {(favourite || watchlist) && (favourite || share) && <p className="mt-2">{savedLink}</p>}
    </div>
  );
}

/**
 * Saving and sharing on the vehicle page (spec 4, 6, 7 and 9): the favourite/compare toggle (local), the
 * watchlist button (local at once, then the site's runtime API; a spinner while it runs; a toast, or the
 * error and the change undone; sign-in first without a phone on record), and Share (copy link, the social
 * sites in a 550x400 window, a messaging app, email and SMS; the phone's own share sheet where it has one).
 * Storage is the browser's, so saved states show once the island has taken over; the markup keeps its size.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { showWatchlistButton } from '../../rules/saving.ts';
import { shareDevice, shareTargets, shareWindowFeatures, type ShareDevice, type ShareTarget } from '../../rules/share.ts';
import { $favourites, toggleFavourite } from '../../stores/favourites.ts';
import { showToast } from '../../stores/toast.ts';
import { $watchlist, $watchlistBusy, syncWatchlist } from '../../stores/watchlist.ts';
import type { VehicleSavingView } from '../../views/vehicle/saving.ts';
import { SavingBarView } from './SavingBarView.tsx';
import { Toaster } from './Toaster.tsx';
import { clickWatchlist } from './watchlist-click.ts';

const PANEL_ID = 'share-panel';

export default function VehicleSaving({ vehicle, favourite, watchlist, share, apiBaseUrl, site, listHref }: VehicleSavingView) {
  const favourites = useStore($favourites);
  const saved = useStore($watchlist);
  const busy = useStore($watchlistBusy);
  const [mounted, setMounted] = useState(false);
  const [device, setDevice] = useState<ShareDevice>('desktop');
  const [copied, setCopied] = useState(false);
  const [copyFailed, setCopyFailed] = useState(false);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    setMounted(true);
    setDevice(shareDevice(navigator.userAgent));
    if (watchlist) void syncWatchlist({ baseUrl: apiBaseUrl, site });
  }, []);

  // Focus moves into the share panel when it opens (the browser returns it to Share when it closes).
  useEffect(() => {
    const element = panel.current;
    if (!element) return;
    const onToggle = (event: Event) => {
      if ((event as ToggleEvent).newState === 'open') element.querySelector<HTMLElement>('[data-copy]')?.focus();
    };
    element.addEventListener('toggle', onToggle);
    return () => element.removeEventListener('toggle', onToggle);
  }, [share]);

  useEffect(() => {
    if (!copied || !share) return;
    const timer = setTimeout(() => setCopied(false), share.copy.durationMs);
    return () => clearTimeout(timer);
  }, [copied, share]);

  const inWatchlist = mounted && saved.includes(vehicle.id);

  const onShare = (event: MouseEvent<HTMLButtonElement>) => {
    if (!share || device !== 'mobile' || typeof navigator.share !== 'function') return;
    // A phone with a share sheet uses it instead of the panel; if it cannot, the panel opens after all.
    event.preventDefault();
    navigator.share({ title: share.title, url: share.link }).catch((error: unknown) => {
      if ((error as { name?: string } | null)?.name !== 'AbortError') panel.current?.showPopover();
    });
  };

  const onCopy = async () => {
    if (!share) return;
    try {
      await navigator.clipboard.writeText(share.link);
    } catch {
      setCopyFailed(true);
      panel.current?.querySelector<HTMLInputElement>('input')?.select();
      return;
    }
    setCopyFailed(false);
    if (share.copy.style === 'toast') {
      panel.current?.hidePopover();
      showToast({ title: share.copy.text, message: 'The link to this car is ready to paste.', tone: 'info', durationMs: share.copy.durationMs });
    } else {
      setCopied(true);
    }
  };

  const onTarget = (event: MouseEvent<HTMLAnchorElement>, target: ShareTarget) => {
    if (!target.popup) return;
    event.preventDefault();
    window.open(target.href, `share-${target.id}`, shareWindowFeatures());
  };

  // One root element: `client:visible` watches the island's top-level elements, and the toast's fixed box
  // (always on screen) must not count as the island being in view.
  return (
    <div>
      <SavingBarView
        savedHref={listHref}
        favourite={favourite ? { pressed: mounted && favourites.some((f) => f.id === favourite.id), onToggle: () => toggleFavourite(favourite) } : null}
        watchlist={
          watchlist
            ? {
                pressed: inWatchlist,
                busy: busy.includes(vehicle.id),
                shown: showWatchlistButton({ status: watchlist.available ? 'in_stock' : 'sold' }, inWatchlist, { features: { watchlist: true } }),
                onToggle: () => void clickWatchlist(vehicle, { apiBaseUrl, site, listHref }),
              }
            : null
        }
        share={
          share
            ? { panelId: PANEL_ID, panelRef: panel, link: share.link, targets: shareTargets(share.link, share.title, device), copied, copyFailed, onShare, onCopy: () => void onCopy(), onTarget }
            : null
        }
      />
      <Toaster />
    </div>
  );
}

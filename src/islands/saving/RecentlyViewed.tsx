/**
 * The recently viewed strip on a vehicle page, from the viewed list in this browser (src/stores/viewed.ts),
 * leaving out the vehicle on the page. Nothing shows until it has hydrated: the page's HTML cannot know.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $viewed, clearViewed } from '../../stores/viewed.ts';
import { RecentlyViewedView } from './RecentlyViewedView.tsx';

/** How many vehicles the strip shows. */
const SHOWN = 8;

export default function RecentlyViewed({ currentId }: { currentId: number }) {
  const viewed = useStore($viewed);
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const others = mounted ? viewed.filter((v) => v.id !== currentId).slice(0, SHOWN) : [];
  // Always an element, even when empty: `client:visible` watches the island's own markup to hydrate it.
  return (
    <div className="min-h-px">
      <RecentlyViewedView vehicles={others} onClear={clearViewed} />
    </div>
  );
}

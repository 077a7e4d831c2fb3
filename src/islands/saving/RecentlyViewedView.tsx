/**
 * The recently viewed strip: the other vehicles this browser has viewed, newest first, as small linked cards
 * in a row that scrolls sideways. Pure view.
 */
import type { ViewedVehicle } from '../../stores/viewed.ts';

export interface RecentlyViewedViewProps {
  vehicles: readonly ViewedVehicle[];
  onClear?: () => void;
}

export function RecentlyViewedView({ vehicles, onClear }: RecentlyViewedViewProps) {
  if (vehicles.length === 0) return null;
  return (
    <section aria-labelledby="recently-viewed-heading" className="border-t border-slate-200 py-8" data-recently-viewed>
      <div className="flex items-center justify-between gap-4">
        <h2 id="recently-viewed-heading" className="text-xl font-bold">
          Recently viewed
        </h2>
        {onClear && (
          <button type="button" onClick={onClear} className="inline-flex min-h-11 items-center rounded px-3 text-sm font-semibold text-slate-800 underline underline-offset-2 hover:bg-slate-100">
            Clear list
          </button>
        )}
      </div>
      <ul className="mt-4 flex snap-x gap-4 overflow-x-auto pb-2">
        {vehicles.map((v) => (
          <li key={v.id} className="w-48 shrink-0 snap-start sm:w-56">
            <a href={v.path} className="group block h-full overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm hover:border-brand">
              {v.image ? (
                <img src={v.image} alt="" width={600} height={400} loading="lazy" decoding="async" className="aspect-[3/2] w-full object-cover" />
              ) : (
                <span className="flex aspect-[3/2] items-center justify-center bg-slate-200 text-sm text-slate-700">Photo coming soon</span>
              )}
              <span className="block p-3 text-sm font-semibold leading-snug group-hover:underline">{v.name}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

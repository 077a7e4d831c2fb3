/** What a saved-cars page shows when the cars' details could not be fetched: what happened, and a retry. */
export function LoadErrorView({ what, onRetry }: { what: string; onRetry?: (() => void) | undefined }) {
  return (
    <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-5 text-red-950">
      <p>We could not load {what} just now. Please check your connection and try again.</p>
      {onRetry && (
        <button type="button" onClick={onRetry} className="mt-3 inline-flex min-h-11 items-center rounded bg-slate-900 px-5 font-semibold text-white">
          Try again
        </button>
      )}
    </div>
  );
}

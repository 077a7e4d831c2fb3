/**
 * The page's toast, above the mobile action bar. Both live regions are always in the page, so a toast is
 * announced when it appears: a polite one for news, an assertive one for errors. Pure view.
 */
import type { Toast } from '../../stores/toast.ts';

export interface ToastViewProps {
  toast: Toast | null;
  onClose: () => void;
  /** The shopper is reading it: keep it (hover or focus inside). */
  onHold: () => void;
  onRelease: () => void;
}

function ToastCard({ toast, onClose, onHold, onRelease }: ToastViewProps & { toast: Toast }) {
  const error = toast.tone === 'error';
  return (
    <div
      className={`pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-lg border p-4 shadow-xl ${error ? 'border-red-300 bg-red-50 text-red-950' : 'border-slate-300 bg-white text-slate-900'}`}
      onMouseEnter={onHold}
      onMouseLeave={onRelease}
      onFocus={onHold}
      onBlur={onRelease}
      data-toast={toast.tone}
    >
      <div className="min-w-0 flex-1">
        <p className="font-bold">{toast.title}</p>
        {toast.message && <p className="mt-1 text-sm">{toast.message}</p>}
        {toast.action && (
          <a href={toast.action.href} className="mt-2 inline-flex min-h-11 items-center font-semibold text-brand underline underline-offset-2">
            {toast.action.label}
          </a>
        )}
      </div>
      <button
        type="button"
        onClick={onClose}
        className="-mr-2 -mt-2 inline-flex min-h-11 min-w-11 items-center justify-center rounded text-2xl hover:bg-black/5"
        aria-label="Close"
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

export function ToastView(props: ToastViewProps) {
  const { toast } = props;
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-20 z-50 flex flex-col items-center px-4 lg:bottom-6">
      <div role="status" className="flex w-full justify-center">
        {toast && toast.tone === 'info' && <ToastCard {...props} toast={toast} />}
      </div>
      <div role="alert" className="flex w-full justify-center">
        {toast && toast.tone === 'error' && <ToastCard {...props} toast={toast} />}
      </div>
    </div>
  );
}

/** The page's toast, connected to the toast store (one at a time; see src/stores/toast.ts). */
import { useStore } from '@nanostores/react';
import { $toast, dismissToast, holdToast, releaseToast } from '../../stores/toast.ts';
import { ToastView } from './ToastView.tsx';

export function Toaster() {
  const toast = useStore($toast);
  return <ToastView toast={toast} onClose={() => dismissToast()} onHold={holdToast} onRelease={releaseToast} />;
}

import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import type { Toast, Variant } from './toast';

// `notistack` in the shop's build (vite.shop.config.ts): the two calls the app makes, on MUI's own Snackbar, so the
// buyer's pages do not carry a second toast library. One toast at a time, the newest first; each closes after
// the provider's autoHideDuration (4000 ms, core §9) or by hand. The Snackbar's code is loaded with the first toast,
// not before a page's Buy button works.

const ToastBar = lazy(() => import('./toast'));

let next = 0;
let show: ((t: Toast) => void) | null = null;
const waiting: Toast[] = [];

export function enqueueSnackbar(message: ReactNode, options: { variant?: Variant } = {}): number {
  const toast = { key: ++next, message, variant: options.variant ?? 'default' };
  if (show) show(toast);
  else waiting.push(toast);
  return toast.key;
}

export function SnackbarProvider({
  children,
  autoHideDuration = 4000,
  anchorOrigin = { vertical: 'bottom', horizontal: 'right' },
}: {
  children?: ReactNode;
  maxSnack?: number;
  autoHideDuration?: number;
  anchorOrigin?: { vertical: 'top' | 'bottom'; horizontal: 'left' | 'center' | 'right' };
}) {
  const [shown, setShown] = useState<Toast | null>(null);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    show = (t) => {
      setShown(t);
      setOpen(true);
    };
    for (const t of waiting.splice(0)) show(t);
    return () => {
      show = null;
    };
  }, []);
  return (
    <>
      {children}
      {shown && (
        <Suspense fallback={null}>
          <ToastBar toast={shown} open={open} autoHideDuration={autoHideDuration} anchorOrigin={anchorOrigin} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

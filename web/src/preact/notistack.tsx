import { useEffect, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';

// `notistack` in the shop's build (vite.shop.config.ts): the two calls the app makes, on MUI's own Snackbar, so the
// buyer's pages do not carry a second toast library. One toast at a time, the newest first; each closes after
// the provider's autoHideDuration (4000 ms, core §9) or by hand.

type Variant = 'default' | 'success' | 'error' | 'warning' | 'info';
type Toast = { key: number; message: ReactNode; variant: Variant };

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
      <Snackbar
        key={shown?.key}
        open={open && shown !== null}
        autoHideDuration={autoHideDuration}
        anchorOrigin={anchorOrigin}
        onClose={(_, reason) => reason !== 'clickaway' && setOpen(false)}
      >
        <Alert
          variant="filled"
          severity={shown?.variant === 'default' || !shown ? 'info' : shown.variant}
          onClose={() => setOpen(false)}
          sx={{ width: '100%' }}
        >
          {shown?.message}
        </Alert>
      </Snackbar>
    </>
  );
}

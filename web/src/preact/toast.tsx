import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';

// The toast of the shop's `notistack` (./notistack.tsx), in a chunk of its own: loaded when the first one is shown.

export type Variant = 'default' | 'success' | 'error' | 'warning' | 'info';
export type Toast = { key: number; message: ReactNode; variant: Variant };

export default function ToastBar({
  toast,
  open,
  autoHideDuration,
  anchorOrigin,
  onClose,
}: {
  toast: Toast;
  open: boolean;
  autoHideDuration: number;
  anchorOrigin: { vertical: 'top' | 'bottom'; horizontal: 'left' | 'center' | 'right' };
  onClose: () => void;
}) {
  return (
    <Snackbar
      key={toast.key}
      open={open}
      autoHideDuration={autoHideDuration}
      anchorOrigin={anchorOrigin}
      onClose={(_, reason) => reason !== 'clickaway' && onClose()}
    >
      <Alert variant="filled" severity={toast.variant === 'default' ? 'info' : toast.variant} onClose={onClose} sx={{ width: '100%' }}>
        {toast.message}
      </Alert>
    </Snackbar>
  );
}

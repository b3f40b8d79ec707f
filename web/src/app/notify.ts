import { enqueueSnackbar } from 'notistack';

export type ToastVariant = 'success' | 'error' | 'warning' | 'info';

/** Shows a toast; toasts close after 4000 ms (core §9). */
export function toast(message: string, variant: ToastVariant = 'info'): void {
  enqueueSnackbar(message, { variant });
}

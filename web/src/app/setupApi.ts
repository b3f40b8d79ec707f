import type { QueryClient } from '@tanstack/react-query';
import { configureApi } from '../api/client';
import i18n from '../i18n';
import { currentUrl, navigateTo } from './navigation';
import { toast } from './notify';
import { sessionKeys } from './queries';

/** Wires the framework-free API client to the app: toasts, language and navigation to sign-in. */
export function setupApi(queryClient: QueryClient): void {
  configureApi({
    getLocale: () => i18n.language || 'en',
    notify: (message, variant) => toast(message, variant),
    retryLaterMessage: () => i18n.t('toast.retryLater'),
    // the API's messages are English; a refused action says why in the user's words (its refusal code), other
    // languages show the catalogue code's message in their words
    errorMessage: (code, message, reason) => {
      if (reason && i18n.exists(`refusals.${reason}`)) return i18n.t(`refusals.${reason}`);
      return !i18n.language?.startsWith('en') && i18n.exists(`apiErrors.${code}`) ? i18n.t(`apiErrors.${code}`) : message;
    },
    currentUrl,
    onSignedOut: () => {
      queryClient.removeQueries({ queryKey: sessionKeys.me() });
      if (!window.location.pathname.startsWith('/users/')) navigateTo('/users/sign_in', true);
    },
  });
}

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { i18nReady } from './i18n';
import { AppProviders } from './app/AppProviders';
import { createQueryClient } from './app/queryClient';
import { HostRouter } from './app/HostRouter';
import { ShopRoutes } from './app/shopRoutes';
import { RouteEffects } from './app/RouteEffects';
import { setupApi } from './app/setupApi';

// The buyer's pages on their own (shop.html, built by vite.shop.config.ts): the shop's routes, the buyer's words
// and Preact for React, so a checkout's Buy button works after a fraction of the platform app's JavaScript.
const queryClient = createQueryClient();
setupApi(queryClient);

void i18nReady.then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <HostRouter>
          <RouteEffects />
          <ShopRoutes />
        </HostRouter>
      </AppProviders>
    </StrictMode>,
  ),
);

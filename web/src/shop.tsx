import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { i18nReady } from './i18n';
import { AppProviders } from './app/AppProviders';
import { createQueryClient } from './app/queryClient';
import { HostRouter } from './app/HostRouter';
import { ShopRoutes } from './app/shopRoutes';
import { RouteEffects } from './app/RouteEffects';
import { setupApi } from './app/setupApi';
import { shopQueries } from './areas/shop/queries';

// The buyer's pages on their own (shop.html, built by vite.shop.config.ts): the shop's routes, the buyer's words
// and Preact for React, so a checkout's Buy button works after a fraction of the platform app's JavaScript.
const queryClient = createQueryClient();
setupApi(queryClient);

// A product's address (`/s/{username}/{slug}`, or its `/checkout`) asks at once, beside the page's words, for what
// the page will need: its code, its product and the payment configuration. Otherwise each would wait for the one
// before it (words, then the route's chunk, then the product), a round trip each on a phone's network.
const product = /^\/s\/([^/]+)\/([^/]+)(?:\/checkout)?\/?$/.exec(window.location.pathname);
if (product && product[2]!.toLowerCase() !== 'sign_in') {
  const [username, slug] = [product[1]!, product[2]!].map((part) => {
    try {
      return decodeURIComponent(part);
    } catch {
      return part;
    }
  });
  void import('./areas/shop/ShopProductPage');
  void queryClient.prefetchQuery(shopQueries.product(username!, slug!));
  void queryClient.prefetchQuery(shopQueries.config());
}

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

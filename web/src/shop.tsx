import { i18nReady } from './i18n';
import { createQueryClient } from './app/queryClient';
import { setupApi } from './app/setupApi';
import { shopQueries } from './areas/shop/queries';

// The buyer's pages on their own (shop.html, built by vite.shop.config.ts): the shop's routes, the buyer's words
// and Preact for React, so a checkout's Buy button works after a fraction of the platform app's JavaScript.
// This entry is small: it asks for the page's words and first data at once, while the pages' code (src/shopApp.tsx,
// preloaded by shop.html) is still on its way, instead of after it has arrived and run.
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

const app = import('./shopApp');
void Promise.all([i18nReady, app]).then(([, { mount }]) => mount(queryClient));

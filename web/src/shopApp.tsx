import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { QueryClient } from '@tanstack/react-query';
import { AppProviders } from './app/AppProviders';
import { HostRouter } from './app/HostRouter';
import { RouteEffects } from './app/RouteEffects';
import { ShopRoutes } from './app/shopRoutes';

/** The buyer's pages drawn into the page (src/shop.tsx loads this beside the page's words and its first data). */
export function mount(queryClient: QueryClient): void {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <HostRouter>
          <RouteEffects />
          <ShopRoutes />
        </HostRouter>
      </AppProviders>
    </StrictMode>,
  );
}

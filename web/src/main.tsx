import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { i18nReady } from './i18n';
import { AppProviders } from './app/AppProviders';
import { createQueryClient } from './app/queryClient';
import { HostRouter } from './app/HostRouter';
import { AppRoutes } from './app/router';
import { RouteEffects } from './app/RouteEffects';
import { setupApi } from './app/setupApi';

const queryClient = createQueryClient();
setupApi(queryClient);

// the page's words first (its catalogue is a chunk of its own, fetched beside the page's other chunks)
void i18nReady.then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <HostRouter>
          <RouteEffects />
          <AppRoutes />
        </HostRouter>
      </AppProviders>
    </StrictMode>,
  ),
);

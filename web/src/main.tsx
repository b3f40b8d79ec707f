import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import './i18n';
import { AppProviders } from './app/AppProviders';
import { createQueryClient } from './app/queryClient';
import { AppRoutes } from './app/router';
import { RouteEffects } from './app/RouteEffects';
import { setupApi } from './app/setupApi';

const queryClient = createQueryClient();
setupApi(queryClient);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>
        <RouteEffects />
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);

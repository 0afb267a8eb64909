import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './AppProviders';
import { meKeys } from './features/identitaet/session/api/get-me';
import { initI18n } from './i18n/i18n';
import { createQueryClient } from './lib/query-client';
import { vergissEigeneDaten } from './lib/offline-daten';
import { starteServiceWorker } from './lib/service-worker';
import { onSignOutElsewhere } from './lib/session-broadcast';
import { createAppRouter } from './routes/router';

// the session ended while the page was open: forget the user and let the root guard send to /login
const queryClient = createQueryClient({
  onUnauthenticated: () => {
    queryClient.setQueryData(meKeys.all, null);
    void router.invalidate();
  },
});
const router = createAppRouter(queryClient);

// another tab of this browser signed out (spec §4 session events): this one forgets the user too and the root
// guard sends it to /login, remembering the page it showed
onSignOutElsewhere(() => {
  void vergissEigeneDaten();
  queryClient.clear();
  queryClient.setQueryData(meKeys.all, null);
  void router.invalidate();
});

await initI18n();
// the installable app's service worker (decision 244): offline shell and own bookings, push, the reload prompt;
// its registration (workbox-window) is a chunk of its own, outside the initial JavaScript's budget
void import('virtual:pwa-register').then(({ registerSW }) => starteServiceWorker(registerSW));

const root = document.getElementById('root');
if (!root) throw new Error('#root missing in index.html');

createRoot(root).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);

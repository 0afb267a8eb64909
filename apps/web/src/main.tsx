import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './AppProviders';
import { meKeys } from './features/session/api/get-me';
import { initI18n } from './i18n/i18n';
import { createQueryClient } from './lib/query-client';
import { createAppRouter } from './routes/router';

// the session ended while the page was open: forget the user and let the root guard send to /login
const queryClient = createQueryClient({
  onUnauthenticated: () => {
    queryClient.setQueryData(meKeys.all, null);
    void router.invalidate();
  },
});
const router = createAppRouter(queryClient);

await initI18n();

const root = document.getElementById('root');
if (!root) throw new Error('#root missing in index.html');

createRoot(root).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);

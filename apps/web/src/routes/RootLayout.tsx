import { useQueryClient } from '@tanstack/react-query';
import { Outlet, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { clearNotices } from '../components/notice-store';
import { useBuildNotice } from '../features/plattform/build-notice/hooks/use-build-notice';
import { invalidationsOf } from '../features/plattform/events/hooks/event-invalidations';
import { useServerEvents } from '../features/plattform/events/hooks/use-server-events';
import { useLanguageSync } from '../features/verwaltung/customizing/hooks/use-language-sync';
import { useCurrentMe } from './use-current-me';

/** Wiring that lives as long as the app: language, server events, build notice, notice clearing. */
export function RootLayout() {
  const router = useRouter();
  const queryClient = useQueryClient();
  const me = useCurrentMe();

  useLanguageSync(me ? (me.customizing.Sprache ?? { value: me.language, source: 'default' }) : undefined);
  // Another administrator's change (or this user's in another tab) refreshes what it touched.
  useServerEvents(me !== null, (event) => {
    for (const queryKey of invalidationsOf(event, { benutzerId: me?.user.id ?? '' }))
      void queryClient.invalidateQueries({ queryKey });
  });
  useBuildNotice();

  // spec §2: booking error notices are cleared on every path change
  useEffect(
    () =>
      router.subscribe('onResolved', (event) => {
        if (event.pathChanged) clearNotices();
      }),
    [router],
  );

  return <Outlet />;
}

import { Loader, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { signOut } from '../../features/identitaet/auth/api/sign-out';
import { meKeys } from '../../features/identitaet/session/api/get-me';
import { KioskSeite } from '../../features/plattform/kiosk/components/KioskSeite';

/** /kiosk: the wall screen of a location (decisions 182, 207). */
export function KioskPage() {
  return <KioskSeite />;
}

/** /logout: ends the session, forgets every cached answer, then shows the login. */
export function LogoutPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => {
    let cancelled = false;
    void signOut().then(() => {
      queryClient.clear();
      queryClient.setQueryData(meKeys.all, null);
      if (!cancelled) void navigate({ to: '/login', replace: true });
    });
    return () => {
      cancelled = true;
    };
  }, [navigate, queryClient]);
  return (
    <Stack align="center" py="xl" gap="sm" role="status">
      <Loader size="sm" />
      <Text>{t('pages.logout.pending')}</Text>
    </Stack>
  );
}

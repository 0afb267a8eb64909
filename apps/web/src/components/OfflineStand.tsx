import { Alert } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { standVon } from '../lib/api-client';
import { formatDateTime } from '../lib/format-date';

/**
 * Offline, the list of the API path shown is the answer the service worker kept (decision 244): says so, with the
 * time the server wrote it ('Stand'). Online it shows nothing.
 */
export function OfflineStand({ pfad }: { pfad: string }) {
  const { t, i18n } = useTranslation();
  const { online } = useNetwork();
  const stand = standVon(pfad);
  if (online) return null;
  return (
    <Alert color="gray" variant="light" role="status" p="xs">
      {stand ? t('offline.stand', { zeit: formatDateTime(stand, i18n.language) }) : t('offline.titel')}
    </Alert>
  );
}

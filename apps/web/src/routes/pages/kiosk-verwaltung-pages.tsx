/** The kiosks seen from the app: Administration › Kiosks, and the check-in a phone opens by scanning a board. */
import { Box } from '@mantine/core';
import { useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
import { KioskList } from '../../features/plattform/admin-kiosks/components/KioskList';
import { KioskEinchecken } from '../../features/plattform/kiosk-einchecken/components/KioskEinchecken';

/** /admin/kiosks, `?code=` from the QR of a waiting screen opens the pairing with it */
export function KiosksPage() {
  const { t } = useTranslation();
  const search: { code?: unknown } = useSearch({ strict: false });
  const code = typeof search.code === 'string' && search.code !== '' ? search.code.slice(0, 20) : undefined;
  return (
    <>
      <PageHeader title={t('adminKiosks.title')} description={t('adminKiosks.description')} />
      <KioskList code={code} />
    </>
  );
}

/** /kiosk/einchecken?c=…: signed in (the sign-in comes first and returns here). */
export function KioskEincheckenPage() {
  const { t } = useTranslation();
  const search: { c?: unknown } = useSearch({ strict: false });
  const code = typeof search.c === 'string' && search.c !== '' ? search.c : undefined;
  return (
    <Box maw={560}>
      <PageHeader title={t('kioskEinchecken.title')} />
      <KioskEinchecken code={code} />
    </Box>
  );
}

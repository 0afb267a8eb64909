import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Says plainly that a screen's function is built in a later step; no invented content. */
export function NotAvailable() {
  const { t } = useTranslation();
  return (
    <Alert color="gray" variant="light" role="note" title={t('common.notAvailableTitle')} maw={640}>
      {t('common.notAvailable')}
    </Alert>
  );
}

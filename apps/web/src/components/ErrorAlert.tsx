import { Alert, Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../lib/error-message';

/** A failed request, in words, with a retry when one makes sense. */
export function ErrorAlert({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t, i18n } = useTranslation();
  return (
    <Alert color="red" role="alert" title={t('errors.title')}>
      {errorMessage(error, t, i18n.language)}
      {onRetry && (
        <Button variant="light" color="red" size="xs" mt="sm" display="block" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      )}
    </Alert>
  );
}

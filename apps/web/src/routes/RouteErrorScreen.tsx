import { formatError } from '@stellwerk/domain/errors';
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ErrorScreen } from '../components/ErrorScreen';
import { ApiError } from '../lib/api-client';
import { errorMessage } from '../lib/error-message';
import { RouteError } from '../lib/route-error';
import { useCurrentMe } from './use-current-me';

/** Any error a route throws (guards included) ends here: status, message and 'Reset Error'. */
export function RouteErrorScreen({ error, reset }: ErrorComponentProps) {
  const { t, i18n } = useTranslation();
  const router = useRouter();
  const me = useCurrentMe();
  const language = i18n.language === 'en' ? 'en' : 'de';

  const status = error instanceof RouteError || error instanceof ApiError ? error.status || 500 : 500;
  const message =
    error instanceof RouteError
      ? formatError(error.code, language, error.params)
      : errorMessage(error, t, language);

  const onReset = async () => {
    await router.navigate({ to: me?.startPage ?? '/fahrzeuge', replace: true });
    reset();
    await router.invalidate();
  };

  return <ErrorScreen status={status} message={message} onReset={() => void onReset()} />;
}

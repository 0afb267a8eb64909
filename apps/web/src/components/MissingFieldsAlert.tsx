import { Alert } from '@mantine/core';
import { formatError } from '@stellwerk/domain/errors';
import { useTranslation } from 'react-i18next';
import { hasMissingFields } from '../lib/form-errors';

/**
 * The form's message when a mandatory field is empty: the catalogue's 'Bitte alle Pflichtfelder ausfüllen.'
 * (spec §8, `validation.pflichtfelder`); the fields keep their 'Pflichtfeld' marker. Pass the form's field
 * errors (Mantine's `form.errors` or the form's own error state).
 */
export function MissingFieldsAlert({ errors }: { errors: Readonly<Record<string, unknown>> }) {
  const { t, i18n } = useTranslation();
  if (!hasMissingFields(errors, t)) return null;
  return (
    <Alert color="red" role="alert">
      {formatError('validation.pflichtfelder', i18n.language === 'en' ? 'en' : 'de')}
    </Alert>
  );
}

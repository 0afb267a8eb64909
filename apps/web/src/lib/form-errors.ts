import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { ApiError } from './api-client';
import { errorMessage } from './error-message';

export type FieldErrors = Record<string, string>;

/** The marker an empty mandatory field shows at the field ('Pflichtfeld'). */
export const requiredMarker = (t: TFunction): string => t('validation.required');

/**
 * True when at least one field of the form is an empty mandatory field (its error is the required marker):
 * the form then shows the catalogue's message 'Bitte alle Pflichtfelder ausfüllen.' (spec §8) as its
 * message, see `MissingFieldsAlert`.
 */
export const hasMissingFields = (errors: Readonly<Record<string, unknown>>, t: TFunction): boolean => {
  const marker = requiredMarker(t);
  return Object.values(errors).some((error) => error === marker);
};

/**
 * Checks form values with the contract's zod schema (the same one the server uses) and returns one
 * translated message per field (the first issue of each), or null when the values are valid.
 */
export const zodFieldErrors = <S extends z.ZodType>(
  schema: S,
  values: unknown,
  t: TFunction,
): { data: z.infer<S>; errors: null } | { data: null; errors: FieldErrors } => {
  const result = schema.safeParse(values);
  if (result.success) return { data: result.data, errors: null };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join('.') || '_form';
    if (errors[field]) continue;
    if (issue.code === 'too_small' && 'minimum' in issue && Number(issue.minimum) <= 1)
      errors[field] = requiredMarker(t);
    else if (issue.code === 'too_big' && 'maximum' in issue)
      errors[field] = t('customizing.validation.tooLong', { max: Number(issue.maximum) });
    else errors[field] = t('customizing.validation.invalid');
  }
  return { data: null, errors };
};

/**
 * A failed save as a message and, when the server named it (`params.field`), the field it belongs to.
 */
export const apiFieldError = (
  error: unknown,
  t: TFunction,
  language: string,
): { field: string | null; message: string } => {
  const message = errorMessage(error, t, language);
  const field =
    error instanceof ApiError && typeof error.params.field === 'string' ? error.params.field : null;
  return { field, message };
};

import type { TFunction } from 'i18next';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, type PasswordProblem } from './password-validation';

export const passwordProblemText = (problem: PasswordProblem | null, t: TFunction): string | null => {
  switch (problem) {
    case null:
      return null;
    case 'required':
      return t('validation.required');
    case 'tooShort':
      return t('auth.password.tooShort', { min: PASSWORD_MIN_LENGTH });
    case 'tooLong':
      return t('auth.password.tooLong', { max: PASSWORD_MAX_LENGTH });
    case 'mismatch':
      return t('auth.password.mismatch');
    case 'sameAsCurrent':
      return t('auth.password.sameAsCurrent');
  }
};

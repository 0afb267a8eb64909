/** Client-side password rules, matching the server's better-auth limits (8 to 128 characters). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export type PasswordProblem = 'required' | 'tooShort' | 'tooLong' | 'mismatch' | 'sameAsCurrent';

export const checkNewPassword = (value: string): PasswordProblem | null => {
  if (!value) return 'required';
  if (value.length < PASSWORD_MIN_LENGTH) return 'tooShort';
  if (value.length > PASSWORD_MAX_LENGTH) return 'tooLong';
  return null;
};

export const checkRepeat = (value: string, newPassword: string): PasswordProblem | null => {
  if (!value) return 'required';
  return value === newPassword ? null : 'mismatch';
};

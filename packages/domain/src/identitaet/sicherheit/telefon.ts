/**
 * The phone factor (spec §3 MFA factor `phone`, decision 083): the number a code is sent to by SMS,
 * written in the international form (E.164), and how it is shown to people other than its owner.
 */

/** E.164: a plus, a country code not starting with 0, at most 15 digits in all. */
const E164 = /^\+[1-9]\d{6,14}$/;

/**
 * The number as E.164, or null when it cannot be one. Spaces, hyphens, dots, slashes and brackets are
 * ignored; `00` stands for `+`; a national number starting with a single `0` is German (+49), as the product
 * serves German organisations.
 */
export const normalisiereTelefonnummer = (eingabe: string): string | null => {
  const trimmed = eingabe.trim();
  if (!/^[+\d\s\-./()]+$/.test(trimmed)) return null;
  let digits = trimmed.replace(/[\s\-./()]/g, '');
  if (digits.indexOf('+') > 0 || (digits.match(/\+/g)?.length ?? 0) > 1) return null;
  if (digits.startsWith('00')) digits = `+${digits.slice(2)}`;
  else if (digits.startsWith('0')) digits = `+49${digits.slice(1)}`;
  else if (!digits.startsWith('+')) return null;
  return E164.test(digits) ? digits : null;
};

/** The number as the security page and the SMS outbox show it: its first three characters and last two digits. */
export const maskiereTelefonnummer = (e164: string): string => {
  const land = e164.startsWith('+49') ? '+49' : e164.slice(0, 3);
  const rest = e164.slice(land.length);
  return `${land} ${'•'.repeat(Math.max(rest.length - 2, 0))}${rest.slice(-2)}`;
};

/** Length of an SMS code; its lifetime in minutes (enrolment and sign-in alike). */
export const SMS_CODE_STELLEN = 6;
export const SMS_CODE_MINUTEN = 5;

/** The SMS text with the code, in the recipient's language, and the same text with the code removed. */
export const smsText = (code: string, language: 'de' | 'en'): { text: string; ohneCode: string } => {
  const vorlage =
    language === 'en'
      ? (c: string) => `Your Stellwerk code: ${c}. Valid for ${SMS_CODE_MINUTEN} minutes. Do not share it.`
      : (c: string) =>
          `Ihr Stellwerk-Code: ${c}. Gültig ${SMS_CODE_MINUTEN} Minuten. Geben Sie ihn nicht weiter.`;
  return { text: vorlage(code), ohneCode: vorlage('[entfernt]') };
};

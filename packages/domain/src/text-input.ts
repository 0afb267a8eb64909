/**
 * Text fields of requests: no control characters. A line break in a name ends up in a mail's text
 * or header, a log line or a CSV export as a new line; other controls (NUL, escape, bell, the C1 range) have
 * no business in typed text either. Single-line fields (names, e-mail, user name, employee id, search,
 * times, domains) refuse every control character, including tab and the Unicode line and paragraph
 * separators; multi-line fields (descriptions) allow tab, line feed and carriage return, nothing else.
 *
 * Every request schema builds its text fields from `singleLineText()` / `multiLineText()`, so the rule is
 * declared once; the server answers 400 `validation.failed` with the field in the params.
 */
import { z } from 'zod';

/** C0 controls (U+0000–U+001F, tab, CR and LF among them), DEL, C1 controls, line and paragraph separator. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const ANY_CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
/** The same, except tab, line feed and carriage return. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL_EXCEPT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029]/;

/** Whether `value` holds a control character not allowed in a single-line (or, with the flag, multi-line) field. */
export const hasControlCharacters = (
  value: string,
  { multiLine = false }: { multiLine?: boolean } = {},
): boolean => (multiLine ? CONTROL_EXCEPT_LINE_BREAKS : ANY_CONTROL).test(value);

/** The detail in the 400 answer's params (the message itself is the catalogue's `validation.failed`). */
export const CONTROL_CHARACTERS_MESSAGE =
  'Control characters such as line breaks are not allowed in this field';
export const LINE_BREAK_CONTROL_MESSAGE =
  'Control characters other than line breaks and tabs are not allowed';

/**
 * A single-line text field: refuses any control character in the raw value (before `.trim()` of the caller,
 * so a trailing line break is refused too). Chain the field's own rules: `singleLineText().trim().max(200)`.
 */
export const singleLineText = () =>
  z.string().refine((value) => !hasControlCharacters(value), { message: CONTROL_CHARACTERS_MESSAGE });

/** A multi-line text field (descriptions): line breaks and tabs allowed, every other control refused. */
export const multiLineText = () =>
  z.string().refine((value) => !hasControlCharacters(value, { multiLine: true }), {
    message: LINE_BREAK_CONTROL_MESSAGE,
  });

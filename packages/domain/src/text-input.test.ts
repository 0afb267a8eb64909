import { describe, expect, it } from 'vitest';
import { hasControlCharacters, multiLineText, singleLineText } from './text-input';

const SINGLE_LINE_REFUSED: [string, string][] = [
  ['line feed', 'Erika\nBcc: alle@example.org'],
  ['carriage return and line feed', 'Erika\r\nMustermann'],
  ['carriage return', 'Erika\rMustermann'],
  ['trailing line feed', 'Erika\n'],
  ['leading line feed', '\nErika'],
  ['tab', 'Erika\tMustermann'],
  ['NUL', 'Erika\u0000'],
  ['bell', 'Eri\u0007ka'],
  ['escape (terminal colours)', '\u001b[31mErika'],
  ['vertical tab', 'Erika\u000bM'],
  ['form feed', 'Erika\u000cM'],
  ['DEL', 'Erika\u007f'],
  ['C1 next line', 'Erika\u0085Mustermann'],
  ['C1 control', 'Erika\u009bM'],
  ['line separator', 'Erika\u2028Mustermann'],
  ['paragraph separator', 'Erika\u2029Mustermann'],
];

const ACCEPTED: string[] = [
  'Erika Mustermann',
  'Jürgen Groß-Schäfer',
  "O'Brien",
  'Zoë Ångström',
  '李小龙',
  'Raum 1 (Nord) – 2. OG',
  'a\u00a0b', // no-break space is text, not a control
  '',
];

describe('singleLineText', () => {
  it.each(SINGLE_LINE_REFUSED)('refuses %s', (_, value) => {
    expect(hasControlCharacters(value)).toBe(true);
    const result = singleLineText().safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/control characters/i);
  });

  it.each(ACCEPTED)('accepts %j', (value) => {
    expect(hasControlCharacters(value)).toBe(false);
    expect(singleLineText().safeParse(value).success).toBe(true);
  });

  it('checks the raw value before the field trims it, and keeps the field rules after it', () => {
    const name = singleLineText().trim().min(1).max(5);
    expect(name.safeParse('Eva\n').success).toBe(false);
    expect(name.safeParse('  Eva ').data).toBe('Eva');
    expect(name.safeParse('   ').success).toBe(false);
    expect(name.safeParse('Evangeline').success).toBe(false);
  });
});

describe('multiLineText', () => {
  it.each([
    ['line feed', 'Wegen Umbau geschlossen.\nBitte Raum 2 nutzen.'],
    ['CR LF', 'Zeile 1\r\nZeile 2'],
    ['tab', 'a\tb'],
  ])('accepts %s', (_, value) => {
    expect(multiLineText().safeParse(value).success).toBe(true);
  });

  it.each([
    ['NUL', 'a\u0000b'],
    ['escape', 'a\u001b[2Jb'],
    ['C1 control', 'a\u0085b'],
    ['line separator', 'a\u2028b'],
    ['DEL', 'a\u007fb'],
  ])('refuses %s', (_, value) => {
    expect(hasControlCharacters(value, { multiLine: true })).toBe(true);
    expect(multiLineText().safeParse(value).success).toBe(false);
  });
});

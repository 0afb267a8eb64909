import { describe, expect, it } from 'vitest';
import { describeValidation, type ValidationIssue } from './validation-messages';

const issue = (keyword: string, instancePath: string, params: Record<string, unknown> = {}, message = 'x') =>
  ({ keyword, instancePath, params, message }) satisfies ValidationIssue;

describe('a refused request in the catalogue’s words (decision 128)', () => {
  it.each<[string, ValidationIssue, unknown, string, string]>([
    [
      'an enum value',
      issue('invalid_value', '/art', { values: ['A', 'B'] }),
      { art: 'C' },
      "Der Wert 'C' ist nicht vorgesehen. Erlaubt: A, B.",
      "The value 'C' is not provided for. Allowed: A, B.",
    ],
    [
      'a uuid',
      issue('invalid_format', '/fahrzeugId', { format: 'uuid' }),
      { fahrzeugId: 'kein-auto' },
      "Der Wert 'kein-auto' hat nicht das erwartete Format (UUID).",
      "The value 'kein-auto' does not have the expected format (UUID).",
    ],
    [
      'a missing field',
      issue('invalid_type', '/bis', { expected: 'string' }),
      {},
      'Bitte einen Wert angeben.',
      'Please enter a value.',
    ],
    [
      'a number as text',
      issue('invalid_type', '/sitze', { expected: 'number' }),
      { sitze: 'fünf' },
      'Der Wert hat die falsche Art; erwartet: Zahl.',
      'The value is of the wrong kind; expected: number.',
    ],
    [
      'one entry too many',
      issue('too_big', '/mitfahrer', { origin: 'array', maximum: 1 }),
      { mitfahrer: [1, 2] },
      'Höchstens 1 Eintrag möglich.',
      'At most 1 entry possible.',
    ],
    [
      'a catalogue code as the authored message',
      issue('custom', '/bis', { params: { tage: 31 } }, 'validation.zeitraum_zu_lang'),
      {},
      'Der Zeitraum darf höchstens 31 Tage umfassen.',
      'The period may span at most 31 days.',
    ],
    [
      'an authored English message',
      issue('custom', '/x', {}, 'x must be y'),
      {},
      'Der Wert ist ungültig.',
      'The value is invalid.',
    ],
  ])('%s', (_fall, one, input, de, en) => {
    const key = `body${one.instancePath.replaceAll('/', '.')}`;
    expect(describeValidation([one], 'body', input, 'de').params[key]).toBe(de);
    expect(describeValidation([one], 'body', input, 'en').params[key]).toBe(en);
  });

  it("answers an unknown typ or status with the spec's own message code", () => {
    const typ = describeValidation(
      [issue('invalid_value', '/typ', { values: ['WARTUNG'] })],
      'body',
      { typ: 'PARTY' },
      'de',
    );
    expect(typ.code).toBe('typ.unbekannt');
    expect(typ.params.typ).toBe('PARTY');
    const status = describeValidation(
      [issue('invalid_value', '/status', { values: ['aktiv'] })],
      'querystring',
      { status: 'weg' },
      'de',
    );
    expect(status.code).toBe('status.unbekannt');
    expect(
      describeValidation([issue('invalid_value', '/art', { values: ['A'] })], 'body', { art: 'C' }, 'de')
        .code,
    ).toBe('validation.failed');
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ZResolvedCustomizingEntry } from '../api.ts';
import { DomainError, type ErrorCode } from '../errors.ts';
import {
  isReportRhythmus,
  REPORT_RHYTHMEN,
  REPORT_RHYTHMUS_MONATE,
} from '../fahrzeuge/fahrzeuge.optionen.ts';
import { FEATURE_NAMES } from '../features.ts';
import {
  addierteListe,
  arrayCustomizing,
  assertLevel,
  booleanCustomizing,
  CUSTOMIZING_OPTION_NAMES,
  CUSTOMIZING_OPTIONS,
  ebenenWerte,
  findOption,
  fromStoredAmount,
  fromStoredValue,
  isHttpUrl,
  isUnchanged,
  leseListe,
  numberCustomizing,
  type ResolvedCustomizing,
  resolveCustomizing,
  stringCustomizing,
  timeSpanUnitChoices,
  toStoredAmount,
  toStoredValue,
} from './customizing.ts';
import { CUSTOMIZING_GROUP_ORDER, CUSTOMIZING_GROUPS, type CustomizingOption } from './customizing-option.ts';

const errorCodeOf = (fn: () => unknown): ErrorCode | undefined => {
  try {
    fn();
  } catch (e) {
    if (e instanceof DomainError) return e.code;
    throw e;
  }
  return undefined;
};

const SPEC_NAMES = [
  'LeseraumLieblingsPlatz',
  'LeseraumLieblingsGrundriss',
  'LeseraumMaximaleBuchungenAlsBuchenderProWoche',
  'LeseraumBuchungstakt',
  'LeseraumMinimaleBuchungslaenge',
  'LeseraumMaximaleDauerEinerBuchung',
  'LeseraumVorausbuchbareTage',
  'LeseraumBuchbareWochenTage',
  'LeseraumEmailErinnerungBuchungsbeginn',
  'FahrzeugZeitErinnerungsmail',
  'FahrzeugCheckInAktiv',
  'FahrzeugFreigabeNachBuchungsbeginn',
  'Zoom',
  'VorCheckOutAkzeptieren',
];

describe('the option catalogue', () => {
  it.each(SPEC_NAMES)('contains the spec option %s', (name) => {
    expect(CUSTOMIZING_OPTION_NAMES).toContain(name);
  });

  it('has unique names', () => {
    expect(new Set(CUSTOMIZING_OPTION_NAMES).size).toBe(CUSTOMIZING_OPTION_NAMES.length);
  });

  it.each(CUSTOMIZING_OPTIONS.map((o) => [o.name, o] as const))(
    '%s has a valid default, a known feature, levels and descriptions',
    (_name, option) => {
      expect(FEATURE_NAMES).toContain(option.feature);
      expect(option.levels.length).toBeGreaterThan(0);
      expect(option.description.de).not.toBe('');
      expect(option.description.en).not.toBe('');
      const value = fromStoredValue(option, option.default);
      expect(toStoredValue(option, value)).toBe(option.default);
    },
  );

  it('keeps vehicle booking rules at tenant level only', () => {
    for (const name of [
      'FahrzeugCheckInAktiv',
      'FahrzeugFreigabeNachBuchungsbeginn',
      'VorCheckOutAkzeptieren',
      'FahrzeugVorausbuchbareTage',
      'FahrzeugMindestabstandStunden',
      'FahrzeugBuchungsfensterWochentag',
      'FahrzeugBuchungsfensterUhrzeit',
      'FahrzeugMinimaleBuchungszeit',
      'FahrzeugBuchungszeitraumVon',
      'FahrzeugBuchungszeitraumBis',
      'FahrzeugIndividuelleBuchungszeiten',
      'FahrzeugBuchungAusserhalbBuchungszeiten',
    ]) {
      expect(findOption(name).levels).toEqual(['mandant']);
    }
  });

  it.each([
    ['Sprache', 'de'],
    ['Startseite', 'fahrzeuge'],
    ['Ansicht', 'karte'],
    ['Filter', 'aus'],
    ['Buchungsmodus', 'ganztags'],
    ['FahrzeugBuchungszeitraumVon', '09:00'],
    ['FahrzeugBuchungszeitraumBis', '18:00'],
    ['FahrzeugMinimaleBuchungszeit', '0'],
    ['FahrzeugIndividuelleBuchungszeiten', 'false'],
    ['FahrzeugBuchungAusserhalbBuchungszeiten', 'false'],
    ['FahrzeugReportRhythmus', 'monatlich'],
    ['FahrzeugCheckInMinutenVorBeginn', '15'],
    ['FahrzeugAutoStornoMinutenNachBeginn', '15'],
  ])('defaults %s to %s as spec §9 says', (name, stored) => {
    expect(findOption(name).default).toBe(stored);
  });
});

describe('findOption', () => {
  it('finds an option by name', () => {
    expect(findOption('Zoom').typ).toBe('number');
  });

  it('throws the spec message for an unknown option', () => {
    expect(() => findOption('Gibtsnicht')).toThrow('keine CustomizingOption zu Gibtsnicht gefunden!');
    expect(errorCodeOf(() => findOption('toString'))).toBe('customizing.option_not_found');
  });
});

describe('toStoredValue', () => {
  it.each<[string, unknown, string]>([
    ['Zoom', 150, '150'],
    ['Zoom', -0 + 100, '100'],
    ['FahrzeugCheckInAktiv', true, 'true'],
    ['FahrzeugCheckInAktiv', false, 'false'],
    ['Sprache', 'en', 'en'],
    ['FahrzeugBuchungszeitraumVon', '07:30', '07:30'],
    ['FahrzeugBuchungszeitraumBis', '23:59', '23:59'],
    ['LeseraumBuchbareWochenTage', [1, 3, 5], '[1,3,5]'],
    ['FahrzeugReportMailAdressen', ['flotte@example.org'], '["flotte@example.org"]'],
    ['FahrzeugBuchungsfensterWochentag', 'freitags', 'freitags'],
  ])('stores %s = %j as %s', (name, raw, stored) => {
    expect(toStoredValue(findOption(name), raw)).toBe(stored);
  });

  it.each<[string, unknown, ErrorCode]>([
    ['Zoom', '150', 'customizing.not_a_number'],
    ['Zoom', Number.NaN, 'customizing.not_a_number'],
    ['Zoom', Number.POSITIVE_INFINITY, 'customizing.not_a_number'],
    ['Zoom', 1000, 'customizing.out_of_range'],
    ['LeseraumBuchungstakt', 7.5, 'customizing.not_an_integer'],
    ['FahrzeugCheckInAktiv', 'true', 'customizing.not_a_boolean'],
    ['FahrzeugCheckInAktiv', 1, 'customizing.not_a_boolean'],
    ['LeseraumLieblingsGrundriss', 42, 'customizing.not_a_string'],
    ['LeseraumLieblingsGrundriss', 'x'.repeat(501), 'customizing.value_too_long'],
    ['LeseraumLieblingsPlatz', 'a-place-id', 'customizing.not_an_array'],
    ['Sprache', 'fr', 'customizing.value_not_allowed'],
    ['FahrzeugReportRhythmus', 'woechentlich', 'customizing.value_not_allowed'],
    ['FahrzeugBuchungszeitraumVon', '24:00', 'zeit.ungueltig'],
    ['FahrzeugBuchungszeitraumVon', '9:00', 'zeit.ungueltig'],
    ['FahrzeugBuchungszeitraumVon', 900, 'zeit.ungueltig'],
    ['LeseraumBuchbareWochenTage', '[1,2]', 'customizing.not_an_array'],
    ['LeseraumBuchbareWochenTage', [7], 'customizing.out_of_range'],
    ['LeseraumBuchbareWochenTage', ['montags'], 'customizing.value_not_allowed'],
    ['FahrzeugReportMailAdressen', ['keine-mail'], 'customizing.value_not_allowed'],
    ['FahrzeugLieblingsFahrzeuge', Array.from({ length: 101 }, () => 'f'), 'customizing.value_too_long'],
  ])('refuses %s = %j with %s', (name, raw, code) => {
    expect(errorCodeOf(() => toStoredValue(findOption(name), raw))).toBe(code);
  });

  it('uses the exact spec messages for number and time', () => {
    expect(() => toStoredValue(findOption('Zoom'), 'abc')).toThrow(
      'Wert zum mappen muss vom Typ number sein!',
    );
    expect(() => toStoredValue(findOption('FahrzeugBuchungszeitraumVon'), '25:00')).toThrow(
      'Zeit zum setzen ist kein valider String.',
    );
  });
});

describe('fromStoredValue', () => {
  it.each<[string, string, unknown]>([
    ['FahrzeugCheckInAktiv', 'true', true],
    ['FahrzeugCheckInAktiv', '1', true],
    ['FahrzeugCheckInAktiv', 'false', false],
    ['FahrzeugCheckInAktiv', '0', false],
    ['FahrzeugCheckInAktiv', 'TRUE', false],
    ['Zoom', '125', 125],
    ['LeseraumBuchbareWochenTage', '[0,6]', [0, 6]],
    ['FahrzeugBuchungszeitraumVon', '08:15', '08:15'],
    ['Sprache', 'en', 'en'],
  ])('reads %s stored as %s as %j', (name, wert, value) => {
    expect(fromStoredValue(findOption(name), wert)).toEqual(value);
  });

  it.each<[string, string]>([
    ['Zoom', ''],
    ['Zoom', 'abc'],
    ['FahrzeugBuchungszeitraumVon', '25:00'],
    ['LeseraumBuchbareWochenTage', '{"a":1}'],
    ['LeseraumBuchbareWochenTage', 'not json'],
    ['LeseraumBuchbareWochenTage', '[{"a":1}]'],
  ])('throws on unreadable %s stored as %s', (name, wert) => {
    expect(() => fromStoredValue(findOption(name), wert)).toThrow(DomainError);
  });
});

const valueFor = (option: CustomizingOption): fc.Arbitrary<unknown> => {
  const int = option.allowedNumbers
    ? fc.constantFrom(...option.allowedNumbers)
    : fc.integer({ min: option.min ?? -1_000_000, max: option.max ?? 1_000_000 });
  const str = option.allowedValues
    ? fc.constantFrom(...option.allowedValues)
    : option.format === 'url'
      ? fc.constantFrom('', 'http://127.0.0.1:8080/schloss', 'https://schloss.example/api?x=1')
      : fc.string({ maxLength: 500 });
  switch (option.typ) {
    case 'number':
      return int;
    case 'boolean':
      return fc.boolean();
    case 'string':
      return str;
    case 'time':
      return fc
        .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
        .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
    case 'array':
      if (option.itemTyp === 'number') return fc.array(int, { maxLength: 100 });
      if (option.itemTyp === 'email') return fc.array(fc.constantFrom('a@b.de', 'flotte@firma.example'));
      return fc.array(str, { maxLength: 100 });
  }
};

const optionArb = fc.constantFrom(...CUSTOMIZING_OPTIONS);
const storedFor = (option: CustomizingOption) => valueFor(option).map((v) => toStoredValue(option, v));

describe('stored values (properties)', () => {
  it('fromStoredValue after toStoredValue gives back every valid value', () => {
    fc.assert(
      fc.property(
        optionArb.chain((o) => fc.tuple(fc.constant(o), valueFor(o))),
        ([option, value]) => {
          expect(fromStoredValue(option, toStoredValue(option, value))).toEqual(value);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('toStoredValue after fromStoredValue gives back every stored form toStoredValue makes', () => {
    fc.assert(
      fc.property(
        optionArb.chain((o) => fc.tuple(fc.constant(o), storedFor(o))),
        ([option, stored]) => {
          expect(toStoredValue(option, fromStoredValue(option, stored))).toBe(stored);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('resolveCustomizing', () => {
  it('returns the default of every option when nothing is set', () => {
    const settings = resolveCustomizing({ tenant: {}, groups: [], user: {} });
    expect(Object.keys(settings).sort()).toEqual([...CUSTOMIZING_OPTION_NAMES].sort());
    expect(settings.Startseite).toEqual({ value: 'fahrzeuge', source: 'default' });
    expect(settings.FahrzeugCheckInAktiv).toEqual({ value: true, source: 'default' });
    expect(settings.LeseraumBuchbareWochenTage).toEqual({ value: [1, 2, 3, 4, 5], source: 'default' });
  });

  it('prefers user over group over tenant over default', () => {
    expect(resolveCustomizing({ tenant: { Zoom: '80' }, groups: [], user: {} }).Zoom).toEqual({
      value: 80,
      source: 'mandant',
    });
    expect(resolveCustomizing({ tenant: { Zoom: '80' }, groups: [{ Zoom: '90' }], user: {} }).Zoom).toEqual({
      value: 90,
      source: 'gruppe',
    });
    expect(
      resolveCustomizing({ tenant: { Zoom: '80' }, groups: [{ Zoom: '90' }], user: { Zoom: '120' } }).Zoom,
    ).toEqual({ value: 120, source: 'benutzer' });
  });

  it('lets the first group in the list win when two groups set an option', () => {
    const settings = resolveCustomizing({
      tenant: {},
      groups: [{ Ansicht: 'liste' }, { Ansicht: 'karte' }],
      user: {},
    });
    expect(settings.Ansicht).toEqual({ value: 'liste', source: 'gruppe' });
  });

  it('ignores user and group rows for tenant-only vehicle rules', () => {
    const settings = resolveCustomizing({
      tenant: { FahrzeugMindestabstandStunden: '2' },
      groups: [{ FahrzeugMindestabstandStunden: '0' }],
      user: { FahrzeugMindestabstandStunden: '0', FahrzeugCheckInAktiv: 'false' },
    });
    expect(settings.FahrzeugMindestabstandStunden).toEqual({ value: 2, source: 'mandant' });
    expect(settings.FahrzeugCheckInAktiv).toEqual({ value: true, source: 'default' });
  });

  it('skips unreadable stored values and falls through to the next level', () => {
    const settings = resolveCustomizing({ tenant: { Zoom: '110' }, groups: [], user: { Zoom: 'gross' } });
    expect(settings.Zoom).toEqual({ value: 110, source: 'mandant' });
  });

  it('ignores unknown names and inherited object keys', () => {
    const settings = resolveCustomizing({ tenant: { Unbekannt: 'x' }, groups: [], user: {} });
    expect(settings).not.toHaveProperty('Unbekannt');
    expect(Object.hasOwn(settings, 'toString')).toBe(false);
  });

  const levelRecord = fc.dictionary(
    fc.constantFrom(...CUSTOMIZING_OPTION_NAMES),
    fc.oneof(
      fc.constantFrom(
        'true',
        '1',
        '0',
        '15',
        '1.5',
        '-3',
        '[]',
        '[1,7]',
        '[{"a":1}]',
        '09:00',
        '24:00',
        'de',
        'fr',
        'karte',
      ),
      fc.constantFrom(
        'x'.repeat(501),
        `["${'y'.repeat(501)}"]`,
        JSON.stringify(Array.from({ length: 101 }, () => 1)),
      ),
      fc.string(),
    ),
  );

  it('skips stored values a write would refuse', () => {
    const settings = resolveCustomizing({
      tenant: { Sprache: 'en', Zoom: '1.5' },
      groups: [],
      user: { Sprache: 'fr', Zoom: '9999', LeseraumLieblingsGrundriss: 'x'.repeat(501) },
    });
    expect(settings.Sprache).toEqual({ value: 'en', source: 'mandant' });
    expect(settings.Zoom).toEqual({ value: 100, source: 'default' });
    expect(settings.LeseraumLieblingsGrundriss).toEqual({ value: '', source: 'default' });
  });

  it('only ever resolves values a write would accept, in the shape /api/me promises (property)', () => {
    fc.assert(
      fc.property(
        levelRecord,
        fc.array(levelRecord, { maxLength: 3 }),
        levelRecord,
        (tenant, groups, user) => {
          const settings = resolveCustomizing({ tenant, groups, user });
          for (const option of CUSTOMIZING_OPTIONS) {
            const setting = settings[option.name]!;
            expect(() => toStoredValue(option, setting.value)).not.toThrow();
            expect(ZResolvedCustomizingEntry.safeParse(setting).success).toBe(true);
          }
        },
      ),
    );
  });

  it('always returns every option, whatever is stored (property)', () => {
    fc.assert(
      fc.property(
        levelRecord,
        fc.array(levelRecord, { maxLength: 3 }),
        levelRecord,
        (tenant, groups, user) => {
          const settings = resolveCustomizing({ tenant, groups, user });
          expect(Object.keys(settings).sort()).toEqual([...CUSTOMIZING_OPTION_NAMES].sort());
        },
      ),
    );
  });

  it('always lets a readable user value win where users may set the option (property)', () => {
    const userOptions = CUSTOMIZING_OPTIONS.filter((o) => o.levels.includes('benutzer'));
    fc.assert(
      fc.property(
        fc.constantFrom(...userOptions).chain((o) => fc.tuple(fc.constant(o), storedFor(o))),
        levelRecord,
        fc.array(levelRecord, { maxLength: 3 }),
        ([option, stored], tenant, groups) => {
          const settings = resolveCustomizing({ tenant, groups, user: { [option.name]: stored } });
          expect(settings[option.name]).toEqual({
            value: fromStoredValue(option, stored),
            source: 'benutzer',
          });
        },
      ),
    );
  });
});

describe('isUnchanged', () => {
  it.each<[string | undefined, string, boolean]>([
    ['15', '15', true],
    ['15', '30', false],
    [undefined, '15', false],
    ['', '', true],
  ])('previous %j and next %j: unchanged is %s', (prev, next, expected) => {
    expect(isUnchanged(prev, next)).toBe(expected);
  });
});

describe('levels and typed readers', () => {
  it('refuses to write a tenant-only rule at user level', () => {
    expect(errorCodeOf(() => assertLevel(findOption('FahrzeugCheckInAktiv'), 'benutzer'))).toBe(
      'customizing.level_not_allowed',
    );
    expect(() => assertLevel(findOption('FahrzeugCheckInAktiv'), 'mandant')).not.toThrow();
  });

  it('reads resolved values with their type', () => {
    const settings = resolveCustomizing({
      tenant: { FahrzeugMindestabstandStunden: '3' },
      groups: [],
      user: {},
    });
    expect(numberCustomizing(settings, 'FahrzeugMindestabstandStunden')).toBe(3);
    expect(booleanCustomizing(settings, 'FahrzeugCheckInAktiv')).toBe(true);
    expect(stringCustomizing(settings, 'FahrzeugBuchungszeitraumVon')).toBe('09:00');
    expect(arrayCustomizing(settings, 'FahrzeugLieblingsFahrzeuge')).toEqual([]);
    expect(() => numberCustomizing(settings, 'Sprache')).toThrow(DomainError);
    expect(numberCustomizing({}, 'Zoom')).toBe(100);
  });

  it('knows option names as a type: a misspelt name does not compile (the typecheck fails without the error)', () => {
    // @ts-expect-error 'Zooom' is not an option of the catalogue
    expect(() => numberCustomizing({}, 'Zooom')).toThrow(DomainError);
    // @ts-expect-error nor is a name of another case
    const settings: ResolvedCustomizing = { sprache: { value: 'de', source: 'default' } };
    expect(Object.keys(settings)).toEqual(['sprache']);
  });
});

describe('labels, help texts and groups', () => {
  it.each(CUSTOMIZING_OPTIONS.map((o) => [o.name, o] as const))(
    '%s has a German and an English label and help text and a known group',
    (_name, option) => {
      for (const language of ['de', 'en'] as const) {
        expect(option.label[language].trim().length).toBeGreaterThan(1);
        // never a raw key such as FahrzeugMindestabstandStunden
        expect(option.label[language]).not.toMatch(/^[A-Z][a-z]+[A-Z]\w*$/);
        expect(option.description[language].trim().length).toBeGreaterThan(option.label[language].length);
      }
      expect(CUSTOMIZING_GROUP_ORDER).toContain(option.group);
    },
  );

  it('every group has headings in both languages and holds at least one option', () => {
    for (const group of CUSTOMIZING_GROUP_ORDER) {
      expect(CUSTOMIZING_GROUPS[group].de.length).toBeGreaterThan(1);
      expect(CUSTOMIZING_GROUPS[group].en.length).toBeGreaterThan(1);
      expect(CUSTOMIZING_OPTIONS.some((o) => o.group === group)).toBe(true);
    }
  });

  it('labels are unique within a feature and group, so no two fields read the same', () => {
    for (const language of ['de', 'en'] as const) {
      const seen = new Set<string>();
      for (const o of CUSTOMIZING_OPTIONS) {
        const key = `${o.feature}/${o.group}/${o.label[language]}`;
        expect(seen.has(key), key).toBe(false);
        seen.add(key);
      }
    }
  });
});

describe('time spans: one stored unit, entered in minutes, hours or days', () => {
  it.each([
    ['minuten', ['minuten', 'stunden', 'tage']],
    ['stunden', ['stunden', 'tage']],
    ['tage', []],
    ['wochen', []],
    ['monate', []],
    ['prozent', []],
    [undefined, []],
  ] as const)('a value stored in %s is entered in %j', (unit, choices) => {
    expect(timeSpanUnitChoices(unit)).toEqual(choices);
  });

  it.each([
    [2, 'stunden', 'minuten', 120],
    [1, 'tage', 'minuten', 1440],
    [90, 'minuten', 'minuten', 90],
    [2, 'tage', 'stunden', 48],
    [0, 'tage', 'minuten', 0],
  ] as const)('%d %s is stored as %s %d', (amount, unit, stored, expected) => {
    expect(toStoredAmount(amount, unit, stored)).toBe(expected);
  });

  it('an amount that is no whole number of the stored unit is refused', () => {
    expect(() => toStoredAmount(30, 'minuten', 'stunden', 'FahrzeugMindestabstandStunden')).toThrow(
      'Der Wert für FahrzeugMindestabstandStunden muss eine ganze Zahl sein.',
    );
  });

  it.each([
    [120, 'minuten', { amount: 2, unit: 'stunden' }],
    [90, 'minuten', { amount: 90, unit: 'minuten' }],
    [2880, 'minuten', { amount: 2, unit: 'tage' }],
    [0, 'minuten', { amount: 0, unit: 'minuten' }],
    [48, 'stunden', { amount: 2, unit: 'tage' }],
    [5, 'stunden', { amount: 5, unit: 'stunden' }],
    [14, 'tage', { amount: 14, unit: 'tage' }],
  ] as const)('%d stored in %s reads as %j', (stored, unit, expected) => {
    expect(fromStoredAmount(stored, unit)).toEqual(expected);
  });

  it('every time span of the vehicle rules offers a unit choice or is a day count', () => {
    for (const o of CUSTOMIZING_OPTIONS.filter((x) => x.unit === 'minuten' || x.unit === 'stunden'))
      expect(timeSpanUnitChoices(o.unit).length, o.name).toBeGreaterThan(1);
  });
});

describe('report rhythm', () => {
  it('the tenant logbook report interval is one of monthly, quarterly, semi-annually, annually', () => {
    const option = findOption('FahrzeugReportIntervallMonate');
    expect(option.allowedNumbers).toEqual([1, 3, 6, 12]);
    expect(toStoredValue(option, 3)).toBe('3');
    expect(() => toStoredValue(option, 2)).toThrow(
      'Der Wert 2 ist für FahrzeugReportIntervallMonate nicht erlaubt.',
    );
  });
});

describe('report rhythms (spec §9)', () => {
  it('are the four of the spec, each a whole number of months the report periods divide a year by', () => {
    expect(REPORT_RHYTHMEN.map((r) => REPORT_RHYTHMUS_MONATE[r])).toEqual([1, 3, 6, 12]);
    for (const r of REPORT_RHYTHMEN) expect(isReportRhythmus(r)).toBe(true);
    for (const wert of ['woechentlich', 'Monatlich', '', '1']) expect(isReportRhythmus(wert)).toBe(false);
  });
  it('the personal report is off unless a user or the tenant switches it on (decision 078)', () => {
    expect(findOption('FahrzeugReportPersoenlich')).toMatchObject({
      typ: 'boolean',
      default: 'false',
      userEditable: true,
    });
  });
});

describe('list options that add up over the levels (favourite vehicles, decision 073)', () => {
  it.each([
    ['both levels', { user: '["a","b"]' }, { tenant: '["b","c"]' }, ['a', 'b', 'c']],
    ['only the tenant', {}, { tenant: '["c"]' }, ['c']],
    ['unreadable user value', { user: 'nicht json' }, { tenant: '["c"]' }, ['c']],
    ['not an array', { user: '{"a":1}' }, {}, []],
    ['strings only', { user: '["a",1,null]' }, {}, ['a']],
    ['nothing set', {}, {}, []],
  ])('%s', (_, u: { user?: string }, t: { tenant?: string }, expected) => {
    const ebene = (wert: string | undefined): Record<string, string> =>
      wert === undefined ? {} : { FahrzeugLieblingsFahrzeuge: wert };
    const user = ebene(u.user);
    const tenant = ebene(t.tenant);
    expect(addierteListe({ tenant, user }, 'FahrzeugLieblingsFahrzeuge')).toEqual(expected);
  });

  it('reads a missing value as an empty list', () => {
    expect(leseListe(undefined)).toEqual([]);
  });
});

describe('ebenenWerte: the tenant and group values beside the own one (R295)', () => {
  const gruppen: { name: string; values: Record<string, string> }[] = [
    { name: 'Alle', values: { Zoom: '120' } },
    { name: 'Bibliothek', values: { Zoom: '150', Tageszeit: 'nachmittags' } },
  ];
  it.each<[string, string, Record<string, string>, ReturnType<typeof ebenenWerte>]>([
    [
      'tenant and the first group',
      'Zoom',
      { Zoom: '90' },
      { mandant: 90, gruppe: { name: 'Alle', value: 120 } },
    ],
    [
      'a later group when the first sets none',
      'Tageszeit',
      {},
      { mandant: null, gruppe: { name: 'Bibliothek', value: 'nachmittags' } },
    ],
    ['nothing set', 'Filter', {}, { mandant: null, gruppe: null }],
    [
      'an unreadable tenant value counts as not set',
      'Ansicht',
      { Ansicht: 'tabelle' },
      { mandant: null, gruppe: null },
    ],
    [
      'a user-only option has no tenant or group value',
      'LeseraumLieblingsGrundriss',
      { LeseraumLieblingsGrundriss: 'x' },
      { mandant: null, gruppe: null },
    ],
  ])('%s', (_case, name, tenant, expected) => {
    expect(ebenenWerte({ option: findOption(name), tenant, groups: gruppen })).toEqual(expected);
  });
});

describe('url options', () => {
  it.each([
    ['http://127.0.0.1:8080/schloss', true],
    ['https://schloss.example/api?x=1', true],
    ['ftp://schloss.example/', false],
    ['javascript:alert(1)', false],
    ['http://nutzer:geheim@schloss.example/', false],
    ['schloss.example', false],
  ])('%s is an http address: %s', (wert, gut) => {
    expect(isHttpUrl(wert)).toBe(gut);
  });
});

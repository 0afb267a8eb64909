/**
 * Typed settings ("Customizing", spec §3, §5, §6, §9): the option catalogue, conversion between API
 * values and the stored string (`customizing.wert`), and the precedence user > group > tenant > default.
 *
 * Stored form: numbers as decimal text, booleans 'true'/'false', strings and times as-is, arrays as JSON.
 * `levels` says where an option may be set. Vehicle booking rules are tenant-only (spec §6).
 * `userEditable` marks personal preferences a user changes for themself; everything else is written by
 * administrators (tenant level with customizing_mandant_pflege, group/user level for a group or a user).
 *
 * Group precedence: when several of a user's groups set one option, the FIRST group in the `groups`
 * list passed to `resolveCustomizing` wins. The caller passes groups in a stable order (the server: by
 * group name, then id), so the outcome is deterministic and explainable in the admin UI.
 */
import { ASSISTENT_OPTIONEN } from '../assistent/assistent.optionen.ts';
import { DomainError } from '../errors.ts';
import { FAHRZEUGE_OPTIONEN } from '../fahrzeuge/fahrzeuge.optionen.ts';
import { LESERAUM_OPTIONEN } from '../leseraum/leseraum.optionen.ts';
import { isValidTime, WOCHENTAG_NAMEN, wochentagNameAus } from '../time.ts';
import { ALLGEMEINE_OPTIONEN } from './allgemein.optionen.ts';
import { AUSLASTUNG_OPTIONEN } from './auslastung/auslastung.optionen.ts';
import {
  type CustomizingItem,
  type CustomizingLevel,
  type CustomizingOption,
  type CustomizingSource,
  type CustomizingValue,
  katalog,
  MAX_ARRAY_ITEMS,
  MAX_STRING_LENGTH,
} from './customizing-option.ts';
import { DATENSCHUTZ_OPTIONEN } from './datenschutz/datenschutz.optionen.ts';

/** Every settings option, combined from the areas' option lists (each area declares its options next to its code). */
export const CUSTOMIZING_OPTIONS = katalog([
  ...ALLGEMEINE_OPTIONEN,
  ...LESERAUM_OPTIONEN,
  ...FAHRZEUGE_OPTIONEN,
  ...AUSLASTUNG_OPTIONEN,
  ...DATENSCHUTZ_OPTIONEN,
  ...ASSISTENT_OPTIONEN,
]);

/** The name of a catalogue option: a misspelt name does not compile. */
export type OptionName = (typeof CUSTOMIZING_OPTIONS)[number]['name'];

const OPTIONS_BY_NAME: ReadonlyMap<string, CustomizingOption> = new Map(
  CUSTOMIZING_OPTIONS.map((o) => [o.name, o]),
);

export const CUSTOMIZING_OPTION_NAMES: readonly OptionName[] = CUSTOMIZING_OPTIONS.map((o) => o.name);

export const isOptionName = (name: string): name is OptionName => OPTIONS_BY_NAME.has(name);

/** The option called `name`; throws 'keine CustomizingOption zu {name} gefunden!' when there is none. */
export const findOption = (name: string): CustomizingOption => {
  const option = OPTIONS_BY_NAME.get(name);
  if (!option) throw new DomainError('customizing.option_not_found', { name: name.slice(0, 100) });
  return option;
};

/** Whether the option may be written at `level`. */
export const canSetAtLevel = (option: CustomizingOption, level: CustomizingLevel): boolean =>
  option.levels.includes(level);

/** Throws 'customizing.level_not_allowed' when the option may not be written at `level`. */
export const assertLevel = (option: CustomizingOption, level: CustomizingLevel): void => {
  if (!canSetAtLevel(option, level))
    throw new DomainError('customizing.level_not_allowed', { name: option.name, schicht: level });
};

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const shown = (value: unknown): string => {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
};

const checkNumber = (option: CustomizingOption, n: number): number => {
  if (!Number.isInteger(n)) throw new DomainError('customizing.not_an_integer', { name: option.name });
  if (option.allowedNumbers && !option.allowedNumbers.includes(n))
    throw new DomainError('customizing.value_not_allowed', { name: option.name, wert: String(n) });
  if ((option.min !== undefined && n < option.min) || (option.max !== undefined && n > option.max))
    throw new DomainError('customizing.out_of_range', {
      name: option.name,
      min: option.min ?? Number.MIN_SAFE_INTEGER,
      max: option.max ?? Number.MAX_SAFE_INTEGER,
    });
  return n === 0 ? 0 : n; // no -0
};

/** An option whose values are the spec's weekday names (`sonntags` … `samstags`, and '' for none). */
const isWochentagOption = (option: CustomizingOption): boolean =>
  !!option.allowedValues?.includes(WOCHENTAG_NAMEN[1]);

const checkString = (option: CustomizingOption, s: string): string => {
  if (s.length > MAX_STRING_LENGTH)
    throw new DomainError('customizing.value_too_long', { name: option.name, max: MAX_STRING_LENGTH });
  // 'Montag', 'Mo' or 'monday' are read as 'montags'; an unknown name is refused with the names
  if (isWochentagOption(option) && s.trim() !== '') {
    const name = wochentagNameAus(s);
    if (!name)
      throw new DomainError('customizing.wochentag_unbekannt', {
        name: option.name,
        wert: shown(s),
        liste: WOCHENTAG_NAMEN.join(', '),
      });
    return name;
  }
  if (option.allowedValues && !option.allowedValues.includes(s))
    throw new DomainError('customizing.value_not_allowed', { name: option.name, wert: shown(s) });
  if (option.format === 'url' && s.trim() !== '' && !isHttpUrl(s.trim()))
    throw new DomainError('customizing.value_not_allowed', { name: option.name, wert: shown(s) });
  return s;
};

/** An absolute http or https address (no other scheme, no credentials in it). */
const HTTP_URL = /^https?:\/\/[a-z0-9.-]+(?::\d{1,5})?(?:[/?#][^\s]*)?$/i;
export const isHttpUrl = (s: string): boolean => s.length <= MAX_STRING_LENGTH && HTTP_URL.test(s);

const checkItem = (option: CustomizingOption, item: unknown): unknown => {
  switch (option.itemTyp) {
    case 'number':
      if (typeof item !== 'number' || !Number.isFinite(item))
        throw new DomainError('customizing.value_not_allowed', { name: option.name, wert: shown(item) });
      return checkNumber(option, item);
    case 'string':
      if (typeof item !== 'string')
        throw new DomainError('customizing.value_not_allowed', { name: option.name, wert: shown(item) });
      return checkString(option, item);
    case 'email':
      if (typeof item !== 'string' || !EMAIL_PATTERN.test(item) || item.length > 254)
        throw new DomainError('customizing.value_not_allowed', { name: option.name, wert: shown(item) });
      return item;
    default:
      return item;
  }
};

/**
 * The stored form (`customizing.wert`) of an API value, validated by the option's type (spec §5):
 * number must be a number ('Wert zum mappen muss vom Typ number sein!'), boolean a boolean, string a
 * string, time an `HH:mm` string ('Zeit zum setzen ist kein valider String.'); arrays are stored as JSON.
 */
export const toStoredValue = (option: CustomizingOption, raw: unknown): string => {
  switch (option.typ) {
    case 'number':
      if (typeof raw !== 'number' || !Number.isFinite(raw)) throw new DomainError('customizing.not_a_number');
      return String(checkNumber(option, raw));
    case 'boolean':
      if (typeof raw !== 'boolean') throw new DomainError('customizing.not_a_boolean');
      return raw ? 'true' : 'false';
    case 'string':
      if (typeof raw !== 'string') throw new DomainError('customizing.not_a_string');
      return checkString(option, raw);
    case 'time':
      if (!isValidTime(raw)) throw new DomainError('zeit.ungueltig');
      return raw;
    case 'array': {
      if (!Array.isArray(raw)) throw new DomainError('customizing.not_an_array');
      if (raw.length > MAX_ARRAY_ITEMS)
        throw new DomainError('customizing.value_too_long', { name: option.name, max: MAX_ARRAY_ITEMS });
      return JSON.stringify(raw.map((item) => checkItem(option, item)));
    }
  }
};

/**
 * The API value of a stored `wert`. Booleans read as true for 'true' or '1' (spec §5), false otherwise.
 * A stored number that is not a number, a stored time that is not `HH:mm` and stored JSON that is not
 * an array of strings, numbers and booleans throw; `resolveCustomizing` skips such rows.
 */
export const fromStoredValue = (option: CustomizingOption, wert: string): CustomizingValue => {
  switch (option.typ) {
    case 'number': {
      const n = wert.trim() === '' ? Number.NaN : Number(wert);
      if (!Number.isFinite(n)) throw new DomainError('customizing.not_a_number');
      return n;
    }
    case 'boolean':
      return wert === 'true' || wert === '1';
    case 'string':
      return wert;
    case 'time':
      if (!isValidTime(wert)) throw new DomainError('zeit.ungueltig');
      return wert;
    case 'array': {
      let parsed: unknown;
      try {
        parsed = JSON.parse(wert);
      } catch {
        throw new DomainError('customizing.not_an_array');
      }
      if (!Array.isArray(parsed) || !parsed.every(isItem)) throw new DomainError('customizing.not_an_array');
      return parsed;
    }
  }
};

const isItem = (item: unknown): item is CustomizingItem =>
  typeof item === 'string' ||
  typeof item === 'boolean' ||
  (typeof item === 'number' && Number.isFinite(item));

const tryFromStoredValue = (
  option: CustomizingOption,
  wert: string | undefined,
): CustomizingValue | undefined => {
  if (wert === undefined) return undefined;
  try {
    const value = fromStoredValue(option, wert);
    toStoredValue(option, value); // only values a write would accept count (type, bounds, allowed values, lengths)
    return value;
  } catch {
    return undefined;
  }
};

export type ResolvedCustomizingEntry = { value: CustomizingValue; source: CustomizingSource };
export type ResolvedCustomizing = Partial<Record<OptionName, ResolvedCustomizingEntry>>;

/** A user's stored values (option name → stored text) by level: the tenant's, each group's in order, their own. */
export type CustomizingLevels = {
  tenant: Readonly<Record<string, string>>;
  groups: readonly Readonly<Record<string, string>>[];
  user: Readonly<Record<string, string>>;
};

const own = (record: Readonly<Record<string, string>>, name: string): string | undefined =>
  Object.hasOwn(record, name) ? record[name] : undefined;

/**
 * The effective value of every catalogue option: user level first, then group, then tenant, then the
 * default (spec §6). A level counts only where the option may be set (`levels`), so a user row can never
 * override a tenant-only vehicle rule. Stored values that are unreadable or that `toStoredValue` would
 * refuse (wrong type, out of bounds, not allowed, too long) are skipped. Among groups the first in
 * `groups` that sets the option wins (see the file comment).
 */
export const resolveCustomizing = ({ tenant, groups, user }: CustomizingLevels): ResolvedCustomizing => {
  const resolved: ResolvedCustomizing = {};
  for (const option of CUSTOMIZING_OPTIONS) {
    const candidates: [CustomizingSource, string | undefined][] = [];
    if (canSetAtLevel(option, 'benutzer')) candidates.push(['benutzer', own(user, option.name)]);
    if (canSetAtLevel(option, 'gruppe'))
      for (const g of groups) candidates.push(['gruppe', own(g, option.name)]);
    if (canSetAtLevel(option, 'mandant')) candidates.push(['mandant', own(tenant, option.name)]);
    let setting: ResolvedCustomizingEntry | undefined;
    for (const [source, wert] of candidates) {
      const value = tryFromStoredValue(option, wert);
      if (value !== undefined) {
        setting = { value, source };
        break;
      }
    }
    resolved[option.name] = setting ?? { value: fromStoredValue(option, option.default), source: 'default' };
  }
  return resolved;
};

/** What the tenant and the user's groups set for one option, shown beside the user's own value (R295). */
export type EbenenWerte = {
  /** The tenant's value; null where it sets none (or may not). */
  mandant: CustomizingValue | null;
  /** The value of the first of the user's groups that sets one (the group that wins), with its name. */
  gruppe: { name: string; value: CustomizingValue } | null;
};

/**
 * The tenant's and the winning group's value of `option` (R295: a user's settings answer shows them beside the
 * user's own). `groups` in precedence order, as `resolveCustomizing` takes them; levels the option may not be set at
 * and unreadable values count as not set, as there.
 */
export const ebenenWerte = ({
  option,
  tenant,
  groups,
}: {
  option: CustomizingOption;
  tenant: Readonly<Record<string, string>>;
  groups: readonly { name: string; values: Readonly<Record<string, string>> }[];
}): EbenenWerte => {
  const mandant = canSetAtLevel(option, 'mandant')
    ? tryFromStoredValue(option, own(tenant, option.name))
    : undefined;
  let gruppe: EbenenWerte['gruppe'] = null;
  if (canSetAtLevel(option, 'gruppe'))
    for (const g of groups) {
      const value = tryFromStoredValue(option, own(g.values, option.name));
      if (value !== undefined) {
        gruppe = { name: g.name, value };
        break;
      }
    }
  return { mandant: mandant ?? null, gruppe };
};

/** The strings of a stored list value; [] when it is not a JSON array (unreadable values count as not set). */
export const leseListe = (wert: string | undefined): string[] => {
  if (wert === undefined) return [];
  try {
    const parsed: unknown = JSON.parse(wert);
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
};

/**
 * A list option whose entries add up over the levels instead of overriding each other (the favourite vehicles:
 * the user's own and those the tenant marks for everyone, decision 073). Group levels do not hold such lists.
 */
export const addierteListe = (
  { tenant, user }: { tenant: Readonly<Record<string, string>>; user: Readonly<Record<string, string>> },
  name: string,
): string[] => [...new Set([...leseListe(own(user, name)), ...leseListe(own(tenant, name))])];

/** An unchanged value is not saved (spec §5): true when the stored value already equals the new one. */
export const isUnchanged = (previousStored: string | undefined, nextStored: string): boolean =>
  previousStored !== undefined && previousStored === nextStored;

/** The default value of the catalogue option `name` (throws for an unknown name). */
export const defaultValueOf = (name: OptionName): CustomizingValue => {
  const option = findOption(name);
  return fromStoredValue(option, option.default);
};

/** The resolved number setting `name`; throws when the catalogue option is not a number. */
export const numberCustomizing = (settings: ResolvedCustomizing, name: OptionName): number => {
  const value = settings[name]?.value ?? defaultValueOf(name);
  if (typeof value !== 'number') throw new DomainError('customizing.not_a_number');
  return value;
};

/** The resolved boolean setting `name`. */
export const booleanCustomizing = (settings: ResolvedCustomizing, name: OptionName): boolean => {
  const value = settings[name]?.value ?? defaultValueOf(name);
  if (typeof value !== 'boolean') throw new DomainError('customizing.not_a_boolean');
  return value;
};

/** The resolved string or time setting `name`. */
export const stringCustomizing = (settings: ResolvedCustomizing, name: OptionName): string => {
  const value = settings[name]?.value ?? defaultValueOf(name);
  if (typeof value !== 'string') throw new DomainError('customizing.not_a_string');
  return value;
};

/** The resolved list setting `name`. */
export const arrayCustomizing = (settings: ResolvedCustomizing, name: OptionName): CustomizingItem[] => {
  const value = settings[name]?.value ?? defaultValueOf(name);
  if (!Array.isArray(value)) throw new DomainError('customizing.not_an_array');
  return value;
};

// --- time spans (spec §9 "Settings time units: minutes, hours, days") ---------------------------------

/** The units a time span is entered in, smallest first, with their length in minutes. */
export const TIME_SPAN_UNITS = ['minuten', 'stunden', 'tage'] as const;
export type TimeSpanUnit = (typeof TIME_SPAN_UNITS)[number];
const MINUTES_PER: Record<TimeSpanUnit, number> = { minuten: 1, stunden: 60, tage: 1440 };

const isTimeSpanUnit = (unit: string | null | undefined): unit is TimeSpanUnit =>
  (TIME_SPAN_UNITS as readonly string[]).includes(unit ?? '');

/**
 * The units an option's value may be entered in: a time span stored in minutes offers minutes, hours and
 * days; one stored in hours offers hours and days; one stored in days only days (a unit smaller than the
 * stored one could not be kept without rounding). Every value is stored in the option's one unit (`unit`).
 * Other options (counts, weeks, months, percent) have no choice: [].
 */
export const timeSpanUnitChoices = (storedUnit: string | null | undefined): TimeSpanUnit[] => {
  if (!isTimeSpanUnit(storedUnit)) return [];
  const choices = TIME_SPAN_UNITS.filter((u) => MINUTES_PER[u] >= MINUTES_PER[storedUnit]);
  return choices.length > 1 ? choices : [];
};

/**
 * An amount entered in `unit` as the stored amount in `storedUnit` (2 hours → 120 for a minute option).
 * Throws 'customizing.not_an_integer' when it is not a whole number of the stored unit.
 */
export const toStoredAmount = (
  amount: number,
  unit: TimeSpanUnit,
  storedUnit: TimeSpanUnit,
  name = '',
): number => {
  const stored = (amount * MINUTES_PER[unit]) / MINUTES_PER[storedUnit];
  if (!Number.isInteger(stored)) throw new DomainError('customizing.not_an_integer', { name });
  return stored;
};

/**
 * How a stored amount reads best: in the largest offered unit that divides it (120 minutes → 2 hours,
 * 90 minutes → 90 minutes, 2880 minutes → 2 days; 0 stays in the stored unit).
 */
export const fromStoredAmount = (
  stored: number,
  storedUnit: TimeSpanUnit,
): { amount: number; unit: TimeSpanUnit } => {
  const choices = timeSpanUnitChoices(storedUnit);
  if (stored !== 0)
    for (const unit of [...choices].reverse()) {
      const amount = (stored * MINUTES_PER[storedUnit]) / MINUTES_PER[unit];
      if (Number.isInteger(amount)) return { amount, unit };
    }
  return { amount: stored, unit: storedUnit };
};

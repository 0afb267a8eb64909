/**
 * Client logic of a typed setting (spec §5, §9): which control shows an option, how a value reads, and the
 * check before saving. The check is the domain's `toStoredValue`, the very rule the server applies, so the
 * field shows the catalogue's message ('Wert zum mappen muss vom Typ number sein!', 'Zeit zum setzen ist
 * kein valider String.') before a request is made.
 */

import { DomainError, formatError } from '@stellwerk/domain/errors';
import type { TCustomizingEintrag } from '@stellwerk/domain/verwaltung/admin-stammdaten.api';
import { timeSpanUnitChoices, toStoredValue } from '@stellwerk/domain/verwaltung/customizing';
import type { CustomizingOption, CustomizingValue } from '@stellwerk/domain/verwaltung/customizing-option';

/** The option's metadata as the API sends it (admin and personal settings). */
export type CustomizingMeta = Pick<
  TCustomizingEintrag,
  | 'name'
  | 'label'
  | 'group'
  | 'allowedNumbers'
  | 'feature'
  | 'typ'
  | 'unit'
  | 'levels'
  | 'default'
  | 'allowedValues'
  | 'min'
  | 'max'
  | 'itemTyp'
  | 'description'
  | 'userEditable'
>;

export type CustomizingControlKind =
  | 'switch'
  | 'number'
  | 'span'
  | 'numberSelect'
  | 'time'
  | 'select'
  | 'weekday'
  | 'text'
  | 'weekdays'
  | 'emails'
  | 'tags';

/** A value while it is edited: numbers may be empty, lists hold their items. */
export type CustomizingDraft = CustomizingValue;

const WEEKDAY_NAMES = [
  'sonntags',
  'montags',
  'dienstags',
  'mittwochs',
  'donnerstags',
  'freitags',
  'samstags',
];

/** The control for an option's type (and, for strings and lists, its allowed values and item type). */
export const controlKind = (
  option: Pick<CustomizingMeta, 'typ' | 'allowedValues' | 'itemTyp' | 'min' | 'max'> &
    Partial<Pick<CustomizingMeta, 'unit' | 'allowedNumbers'>>,
): CustomizingControlKind => {
  switch (option.typ) {
    case 'boolean':
      return 'switch';
    case 'number':
      if (option.allowedNumbers) return 'numberSelect';
      return timeSpanUnitChoices(option.unit).length > 0 ? 'span' : 'number';
    case 'time':
      return 'time';
    case 'string':
      if (!option.allowedValues) return 'text';
      return option.allowedValues.some((v) => WEEKDAY_NAMES.includes(v)) ? 'weekday' : 'select';
    case 'array':
      if (option.itemTyp === 'email') return 'emails';
      if (option.itemTyp === 'number' && option.min === 0 && option.max === 6) return 'weekdays';
      return 'tags';
  }
};

const toCatalogueOption = (meta: CustomizingMeta): CustomizingOption => ({
  name: meta.name,
  label: meta.label,
  group: meta.group,
  feature: meta.feature,
  typ: meta.typ,
  default: '',
  levels: meta.levels,
  userEditable: meta.userEditable,
  description: meta.description,
  ...(meta.unit ? { unit: meta.unit as CustomizingOption['unit'] } : {}),
  ...(meta.allowedValues ? { allowedValues: meta.allowedValues } : {}),
  ...(meta.allowedNumbers ? { allowedNumbers: meta.allowedNumbers } : {}),
  ...(meta.min !== null ? { min: meta.min } : {}),
  ...(meta.max !== null ? { max: meta.max } : {}),
  ...(meta.itemTyp ? { itemTyp: meta.itemTyp } : {}),
});

/**
 * The value to send for a draft (numbers typed as text become numbers, numeric list items numbers), or
 * the catalogue's message in `language` when the server would refuse it.
 */
export const checkCustomizingValue = (
  meta: CustomizingMeta,
  draft: unknown,
  language: 'de' | 'en',
): { value: CustomizingValue; error: null } | { value: null; error: string } => {
  let value: unknown = draft;
  if (meta.typ === 'number' && typeof draft === 'string')
    value = draft.trim() === '' ? draft : Number(draft.replace(',', '.'));
  if (meta.typ === 'array' && Array.isArray(draft) && meta.itemTyp === 'number')
    value = draft.map((item) => (typeof item === 'string' && item.trim() !== '' ? Number(item) : item));
  if (meta.typ === 'array' && Array.isArray(draft) && meta.itemTyp !== 'number')
    value = draft.map((item) => (typeof item === 'string' ? item.trim() : item));
  try {
    toStoredValue(toCatalogueOption(meta), value);
    return { value: value as CustomizingValue, error: null };
  } catch (error) {
    if (error instanceof DomainError)
      return { value: null, error: formatError(error.code, language, error.params) };
    throw error;
  }
};

/** Whether two values are the same setting value (lists compared item by item). */
export const sameValue = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The option's label in the UI language (never its technical name). */
export const optionLabel = (meta: Pick<CustomizingMeta, 'label'>, language: 'de' | 'en'): string =>
  meta.label[language];

/** The option's help text without its "Standard: …" / "Default: …" sentence (the default is shown apart). */
export const optionHelp = (meta: Pick<CustomizingMeta, 'description'>, language: 'de' | 'en'): string =>
  meta.description[language].replace(/\s*(Standard|Default):.*$/s, '').trim() || meta.description[language];

export const WEEKDAY_DISPLAY_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;
export { WEEKDAY_NAMES };

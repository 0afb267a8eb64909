import { MultiSelect, NumberInput, Select, Switch, TagsInput, TextInput } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  controlKind,
  type SettingDraft,
  type SettingMeta,
  WEEKDAY_DISPLAY_ORDER,
  WEEKDAY_NAMES,
} from './setting-value';

/** The word for a unit of spec §9 (minutes, hours, days, weeks, months, percent). */
export const unitLabel = (unit: string | null, t: TFunction): string | null => {
  switch (unit) {
    case 'minuten':
      return t('einstellungen.units.minuten');
    case 'stunden':
      return t('einstellungen.units.stunden');
    case 'tage':
      return t('einstellungen.units.tage');
    case 'wochen':
      return t('einstellungen.units.wochen');
    case 'monate':
      return t('einstellungen.units.monate');
    case 'prozent':
      return '%';
    default:
      return null;
  }
};

/** Weekday 0 (Sunday) … 6 (Saturday) in the UI language. */
export const weekdayLabel = (day: number, t: TFunction): string =>
  [
    t('einstellungen.weekdays.0'),
    t('einstellungen.weekdays.1'),
    t('einstellungen.weekdays.2'),
    t('einstellungen.weekdays.3'),
    t('einstellungen.weekdays.4'),
    t('einstellungen.weekdays.5'),
    t('einstellungen.weekdays.6'),
  ][day] ?? String(day);

/** A readable label for an allowed string value of the catalogue (the value itself when unknown). */
export const valueLabel = (value: string, t: TFunction): string => {
  const weekday = WEEKDAY_NAMES.indexOf(value);
  if (weekday >= 0) return weekdayLabel(weekday, t);
  switch (value) {
    case '':
      return t('einstellungen.values.none');
    case 'de':
      return 'Deutsch';
    case 'en':
      return 'English';
    case 'fahrzeuge':
      return t('einstellungen.values.fahrzeuge');
    case 'leseraum/karte':
      return t('einstellungen.values.leseraumKarte');
    case 'karte':
      return t('einstellungen.values.karte');
    case 'liste':
      return t('einstellungen.values.liste');
    case 'an':
      return t('einstellungen.values.an');
    case 'aus':
      return t('einstellungen.values.aus');
    case 'ganztags':
      return t('einstellungen.values.ganztags');
    case 'stuendlich':
      return t('einstellungen.values.stuendlich');
    case 'vormittags':
      return t('einstellungen.values.vormittags');
    case 'nachmittags':
      return t('einstellungen.values.nachmittags');
    case 'monatlich':
      return t('einstellungen.values.monatlich');
    case 'quartalsweise':
      return t('einstellungen.values.quartalsweise');
    case 'halbjaehrlich':
      return t('einstellungen.values.halbjaehrlich');
    case 'jaehrlich':
      return t('einstellungen.values.jaehrlich');
    default:
      return value;
  }
};

/** A value as text (defaults, read-only options, inherited values). */
export const formatSettingValue = (meta: SettingMeta, value: unknown, t: TFunction): string => {
  const kind = controlKind(meta);
  if (typeof value === 'boolean') return value ? t('einstellungen.values.on') : t('einstellungen.values.off');
  if (Array.isArray(value)) {
    if (value.length === 0) return t('einstellungen.values.none');
    if (kind === 'weekdays')
      return WEEKDAY_DISPLAY_ORDER.filter((d) => value.includes(d))
        .map((d) => weekdayLabel(d, t))
        .join(', ');
    return value.join(', ');
  }
  if (typeof value === 'number') {
    const unit = unitLabel(meta.unit, t);
    return unit ? `${value} ${unit}` : String(value);
  }
  if (typeof value === 'string') return meta.allowedValues || value === '' ? valueLabel(value, t) : value;
  return '–';
};

type SettingControlProps = {
  meta: SettingMeta;
  id: string;
  label: string;
  description?: string;
  value: SettingDraft;
  onChange: (value: SettingDraft) => void;
  error?: string | null;
  disabled?: boolean;
};

/** The type-appropriate control of a setting: switch, number with unit, `HH:mm`, select, weekdays, list. */
export function SettingControl({
  meta,
  id,
  label,
  description,
  value,
  onChange,
  error,
  disabled,
}: SettingControlProps) {
  const { t } = useTranslation();
  const common = { id, label, description, error: error ?? undefined, disabled };
  switch (controlKind(meta)) {
    case 'switch':
      return (
        <Switch
          id={id}
          label={label}
          description={description}
          error={error ?? undefined}
          disabled={disabled}
          checked={value === true}
          onChange={(event) => onChange(event.currentTarget.checked)}
        />
      );
    case 'number':
      return (
        <NumberInput
          {...common}
          value={typeof value === 'number' || typeof value === 'string' ? value : ''}
          onChange={(next) => onChange(next)}
          min={meta.min ?? undefined}
          max={meta.max ?? undefined}
          allowDecimal={false}
          clampBehavior="none"
          rightSection={unitLabel(meta.unit, t)}
          rightSectionWidth={unitLabel(meta.unit, t) ? 80 : undefined}
          rightSectionPointerEvents="none"
          styles={{ wrapper: { maxWidth: 260 } }}
        />
      );
    case 'time':
      return (
        <TextInput
          {...common}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.currentTarget.value)}
          placeholder="HH:mm"
          inputMode="numeric"
          maxLength={20}
          styles={{ wrapper: { maxWidth: 140 } }}
        />
      );
    case 'select':
    case 'weekday':
      return (
        <Select
          {...common}
          value={typeof value === 'string' ? value : null}
          onChange={(next) => onChange(next ?? '')}
          data={(meta.allowedValues ?? []).map((v) => ({ value: v, label: valueLabel(v, t) }))}
          allowDeselect={false}
          styles={{ wrapper: { maxWidth: 320 } }}
        />
      );
    case 'text':
      return (
        <TextInput
          {...common}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.currentTarget.value)}
          maxLength={500}
        />
      );
    case 'weekdays':
      return (
        <MultiSelect
          {...common}
          value={(Array.isArray(value) ? value : []).map(String)}
          onChange={(next) => onChange(next.map(Number).sort((a, b) => a - b))}
          data={WEEKDAY_DISPLAY_ORDER.map((d) => ({ value: String(d), label: weekdayLabel(d, t) }))}
        />
      );
    case 'emails':
    case 'tags':
      return (
        <TagsInput
          {...common}
          value={(Array.isArray(value) ? value : []).map(String)}
          onChange={(next) => onChange(next)}
          placeholder={
            controlKind(meta) === 'emails'
              ? t('einstellungen.emailsPlaceholder')
              : t('einstellungen.tagsPlaceholder')
          }
          splitChars={[',', ';', ' ']}
          clearable
          acceptValueOnBlur
        />
      );
  }
}

/** The heading of a feature's option group (spec §3: Systemeinstellungen, Einstellungen, Leseraum, …). */
export const featureLabel = (feature: string, t: TFunction): string => {
  switch (feature) {
    case 'Systemeinstellungen':
      return t('einstellungen.features.Systemeinstellungen');
    case 'Einstellungen':
      return t('einstellungen.features.Einstellungen');
    case 'Leseraum':
      return t('einstellungen.features.Leseraum');
    case 'FahrzeugBuchung':
      return t('einstellungen.features.FahrzeugBuchung');
    case 'Arbeitswelt':
      return t('einstellungen.features.Arbeitswelt');
    case 'Officelocker':
      return t('einstellungen.features.Officelocker');
    case 'Chatbot':
      return t('einstellungen.features.Chatbot');
    default:
      return feature;
  }
};

/** Feature groups in the order the settings pages show them. */
export const FEATURE_ORDER = [
  'Systemeinstellungen',
  'Einstellungen',
  'Leseraum',
  'FahrzeugBuchung',
  'Arbeitswelt',
  'Officelocker',
  'Chatbot',
] as const;

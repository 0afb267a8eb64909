import {
  Group,
  MultiSelect,
  NumberInput,
  Select,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { REPORT_RHYTHMUS_MONATE } from '@stellwerk/domain/fahrzeuge/fahrzeuge.optionen';
import {
  fromStoredAmount,
  type TimeSpanUnit,
  timeSpanUnitChoices,
  toStoredAmount,
} from '@stellwerk/domain/verwaltung/customizing';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type CustomizingDraft,
  type CustomizingMeta,
  controlKind,
  WEEKDAY_DISPLAY_ORDER,
  WEEKDAY_NAMES,
} from './customizing-value';

/** The word for a unit of spec §9 (minutes, hours, days, weeks, months, percent). */
export const unitLabel = (unit: string | null, t: TFunction): string | null => {
  switch (unit) {
    case 'minuten':
      return t('customizing.units.minuten');
    case 'stunden':
      return t('customizing.units.stunden');
    case 'tage':
      return t('customizing.units.tage');
    case 'wochen':
      return t('customizing.units.wochen');
    case 'monate':
      return t('customizing.units.monate');
    case 'prozent':
      return '%';
    default:
      return null;
  }
};

/** Weekday 0 (Sunday) … 6 (Saturday) in the UI language. */
export const weekdayLabel = (day: number, t: TFunction): string =>
  [
    t('customizing.weekdays.0'),
    t('customizing.weekdays.1'),
    t('customizing.weekdays.2'),
    t('customizing.weekdays.3'),
    t('customizing.weekdays.4'),
    t('customizing.weekdays.5'),
    t('customizing.weekdays.6'),
  ][day] ?? String(day);

/** The report rhythm of a number of months (1 monthly, 3 quarterly, 6 semi-annually, 12 annually). */
export const rhythmLabel = (months: number, t: TFunction): string => {
  const rhythm = Object.entries(REPORT_RHYTHMUS_MONATE).find(([, m]) => m === months)?.[0];
  return rhythm ? valueLabel(rhythm, t) : String(months);
};

/** Weekday names (sonntags … samstags) as they are stored, in the order shown: Monday first. */
const mondayFirst = (values: readonly string[]): string[] =>
  [...values].sort((a, b) => weekdayRank(a) - weekdayRank(b));
const weekdayRank = (value: string): number => {
  const day = WEEKDAY_NAMES.indexOf(value);
  return day < 0 ? -1 : (day + 6) % 7;
};

/** A readable label for an allowed string value of the catalogue (the value itself when unknown). */
export const valueLabel = (value: string, t: TFunction): string => {
  const weekday = WEEKDAY_NAMES.indexOf(value);
  if (weekday >= 0) return weekdayLabel(weekday, t);
  switch (value) {
    case '':
      return t('customizing.values.none');
    case 'de':
      return 'Deutsch';
    case 'en':
      return 'English';
    case 'fahrzeuge':
      return t('customizing.values.fahrzeuge');
    case 'leseraum/karte':
      return t('customizing.values.leseraumKarte');
    case 'karte':
      return t('customizing.values.karte');
    case 'liste':
      return t('customizing.values.liste');
    case 'an':
      return t('customizing.values.an');
    case 'aus':
      return t('customizing.values.aus');
    case 'ganztags':
      return t('customizing.values.ganztags');
    case 'stuendlich':
      return t('customizing.values.stuendlich');
    case 'vormittags':
      return t('customizing.values.vormittags');
    case 'nachmittags':
      return t('customizing.values.nachmittags');
    case 'optional':
      return t('sicherheit.pflicht.optional');
    case 'administratoren':
      return t('sicherheit.pflicht.administratoren');
    case 'alle':
      return t('sicherheit.pflicht.alle');
    case 'monatlich':
      return t('customizing.values.monatlich');
    case 'quartalsweise':
      return t('customizing.values.quartalsweise');
    case 'halbjaehrlich':
      return t('customizing.values.halbjaehrlich');
    case 'jaehrlich':
      return t('customizing.values.jaehrlich');
    default:
      return value;
  }
};

/** A value as text (defaults, read-only options, inherited values). */
export const formatCustomizingValue = (meta: CustomizingMeta, value: unknown, t: TFunction): string => {
  const kind = controlKind(meta);
  if (typeof value === 'boolean') return value ? t('customizing.values.on') : t('customizing.values.off');
  if (Array.isArray(value)) {
    if (value.length === 0) return t('customizing.values.none');
    if (kind === 'weekdays')
      return WEEKDAY_DISPLAY_ORDER.filter((d) => value.includes(d))
        .map((d) => weekdayLabel(d, t))
        .join(', ');
    return value.join(', ');
  }
  if (typeof value === 'number') {
    if (kind === 'numberSelect') return rhythmLabel(value, t);
    if (kind === 'span') {
      const { amount, unit } = fromStoredAmount(value, meta.unit as TimeSpanUnit);
      return `${amount} ${unitLabel(unit, t)}`;
    }
    const unit = unitLabel(meta.unit, t);
    return unit ? `${value} ${unit}` : String(value);
  }
  if (typeof value === 'string') return meta.allowedValues || value === '' ? valueLabel(value, t) : value;
  return '–';
};

type CustomizingControlProps = {
  meta: CustomizingMeta;
  id: string;
  label: string;
  description?: string;
  value: CustomizingDraft;
  onChange: (value: CustomizingDraft) => void;
  error?: string | null;
  disabled?: boolean;
};

/** The type-appropriate control of a setting: switch, number with unit, `HH:mm`, select, weekdays, list. */
export function CustomizingControl({
  meta,
  id,
  label,
  description,
  value,
  onChange,
  error,
  disabled,
}: CustomizingControlProps) {
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
    case 'span':
      return <SpanControl {...common} meta={meta} value={value} onChange={onChange} />;
    case 'numberSelect':
      return (
        <Select
          {...common}
          value={typeof value === 'number' ? String(value) : null}
          onChange={(next) => onChange(next === null ? '' : Number(next))}
          data={(meta.allowedNumbers ?? []).map((n) => ({ value: String(n), label: rhythmLabel(n, t) }))}
          allowDeselect={false}
          styles={{ wrapper: { maxWidth: 320 } }}
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
          data={mondayFirst(meta.allowedValues ?? []).map((v) => ({ value: v, label: valueLabel(v, t) }))}
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
              ? t('customizing.emailsPlaceholder')
              : t('customizing.tagsPlaceholder')
          }
          splitChars={[',', ';', ' ']}
          clearable
          acceptValueOnBlur
        />
      );
  }
}

/**
 * A time span (spec §9: minutes, hours, days): the amount in the chosen unit, stored in the option's one
 * unit. It starts in the largest unit that shows the stored value as a whole number.
 */
function SpanControl({
  meta,
  id,
  label,
  description,
  error,
  disabled,
  value,
  onChange,
}: {
  meta: CustomizingMeta;
  id: string;
  label: string;
  description?: string | undefined;
  error?: string | undefined;
  disabled?: boolean | undefined;
  value: CustomizingDraft;
  onChange: (value: CustomizingDraft) => void;
}) {
  const { t } = useTranslation();
  const storedUnit = meta.unit as TimeSpanUnit;
  const [unit, setUnit] = useState<TimeSpanUnit>(() =>
    typeof value === 'number' ? fromStoredAmount(value, storedUnit).unit : storedUnit,
  );
  const factor = toStoredAmount(1, unit, storedUnit);
  const amount = typeof value === 'number' ? value / factor : typeof value === 'string' ? value : '';
  const emit = (next: number | string, inUnit: TimeSpanUnit) => {
    const perUnit = toStoredAmount(1, inUnit, storedUnit);
    if (typeof next === 'number') onChange(next * perUnit);
    else if (next.trim() !== '' && Number.isFinite(Number(next))) onChange(Number(next) * perUnit);
    else onChange(next);
  };
  return (
    <Stack gap={4}>
      <Group gap="xs" align="flex-start" wrap="wrap">
        <NumberInput
          id={id}
          label={label}
          error={error}
          disabled={disabled}
          value={typeof amount === 'number' && !Number.isInteger(amount) ? Number(amount.toFixed(4)) : amount}
          onChange={(next) => emit(next, unit)}
          min={0}
          allowDecimal
          decimalScale={4}
          clampBehavior="none"
          styles={{ wrapper: { maxWidth: 160 } }}
        />
        <Select
          label={t('customizing.unit')}
          aria-label={t('customizing.unitOf', { label })}
          value={unit}
          disabled={disabled}
          onChange={(next) => {
            if (!next) return;
            const chosen = next as TimeSpanUnit;
            setUnit(chosen);
            if (typeof amount === 'number') emit(amount, chosen);
          }}
          data={timeSpanUnitChoices(storedUnit).map((u) => ({ value: u, label: unitLabel(u, t) ?? u }))}
          allowDeselect={false}
          w={130}
        />
      </Group>
      {description && (
        <Text size="xs" c="dimmed">
          {description}
        </Text>
      )}
    </Stack>
  );
}

/** The heading of a feature's option group (spec §3: Systemeinstellungen, Einstellungen, Leseraum, …). */
export const featureLabel = (feature: string, t: TFunction): string => {
  switch (feature) {
    case 'Systemeinstellungen':
      return t('customizing.features.Systemeinstellungen');
    case 'Einstellungen':
      return t('customizing.features.Einstellungen');
    case 'Leseraum':
      return t('customizing.features.Leseraum');
    case 'FahrzeugBuchung':
      return t('customizing.features.FahrzeugBuchung');
    case 'Arbeitswelt':
      return t('customizing.features.Arbeitswelt');
    case 'Officelocker':
      return t('customizing.features.Officelocker');
    case 'Chatbot':
      return t('customizing.features.Chatbot');
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

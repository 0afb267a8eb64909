import '@mantine/dates/styles.css';
import 'dayjs/locale/de';
import { Checkbox, Group, NumberInput, SegmentedControl, Select, Switch, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import type { TGrundrissKurz } from '@stellwerk/domain/leseraum/leseraum-buchung/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlatzAuswahl } from '../hooks/platz-suche';
import { LieblingsStern } from './LieblingsStern';

/**
 * What to show and book (spec §2 home screen): the plan, the day, full day or hourly (with the time of day
 * or the hours), and the filter (off by default). Every change goes to the URL.
 */
export function BuchungsAuswahl({
  grundrisse,
  grundrissId,
  auswahl,
  heute,
  onChange,
  lieblingsGrundriss,
  filterVorgabe = false,
  takt = 15,
}: {
  grundrisse: readonly TGrundrissKurz[];
  grundrissId: string | undefined;
  auswahl: PlatzAuswahl;
  heute: string;
  onChange: (next: Partial<PlatzAuswahl> & { grundriss?: string }) => void;
  lieblingsGrundriss: string;
  /** The user's `Filter` setting: the filter is shown from the start ('an'). */
  filterVorgabe?: boolean;
  /** The booking step in minutes (`LeseraumBuchungstakt`): the hours are offered on it. */
  takt?: number;
}) {
  const { t, i18n } = useTranslation();
  const [filter, setFilter] = useState(filterVorgabe || auswahl.nurFrei || auswahl.minPlaetze > 1);
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      {grundrisse.length > 1 && (
        <Select
          label={t('sitzplan.grundriss')}
          data={grundrisse.map((g) => ({
            value: g.id,
            label: g.standort ? `${g.bezeichnung} (${g.standort.name})` : g.bezeichnung,
          }))}
          value={grundrissId ?? null}
          onChange={(value) => value && onChange({ grundriss: value })}
          allowDeselect={false}
          w={{ base: '100%', sm: 260 }}
        />
      )}
      {grundrisse.length > 1 && grundrissId && (
        <LieblingsStern
          art="grundriss"
          id={grundrissId}
          name={grundrisse.find((g) => g.id === grundrissId)?.bezeichnung ?? ''}
          liebling={lieblingsGrundriss}
        />
      )}
      <DatePickerInput
        label={t('sitzplan.tag')}
        value={auswahl.tag}
        minDate={heute}
        locale={i18n.language === 'en' ? 'en' : 'de'}
        valueFormat="DD.MM.YYYY"
        firstDayOfWeek={1}
        // the calendar's month buttons have names (accessibility)
        ariaLabels={{
          previousMonth: t('sitzplan.monatZurueck'),
          nextMonth: t('sitzplan.monatVor'),
          monthLevelControl: t('sitzplan.monatWahl'),
        }}
        onChange={(value) => value && onChange({ tag: value })}
        // the focus goes back to the field once a day is chosen, not to the page
        popoverProps={{ returnFocus: true }}
        w={{ base: '100%', xs: 160 }}
      />
      <SegmentedControl
        aria-label={t('sitzplan.buchungsmodus')}
        value={auswahl.modus}
        onChange={(value) => onChange({ modus: value === 'stuendlich' ? 'stuendlich' : 'ganztags' })}
        data={[
          { value: 'ganztags', label: t('sitzplan.ganztags') },
          { value: 'stuendlich', label: t('sitzplan.stuendlich') },
        ]}
      />
      {auswahl.modus === 'ganztags' ? (
        <SegmentedControl
          aria-label={t('sitzplan.tageszeit')}
          value={auswahl.tageszeit}
          onChange={(value) =>
            onChange({ tageszeit: value === 'vormittags' || value === 'nachmittags' ? value : 'ganztags' })
          }
          data={[
            { value: 'ganztags', label: t('sitzplan.ganzerTag') },
            { value: 'vormittags', label: t('sitzplan.vormittags') },
            { value: 'nachmittags', label: t('sitzplan.nachmittags') },
          ]}
        />
      ) : (
        <Group gap="xs" wrap="nowrap">
          <TextInput
            type="time"
            step={takt * 60}
            label={t('sitzplan.von')}
            value={auswahl.von}
            onChange={(e) => e.currentTarget.value && onChange({ von: e.currentTarget.value })}
            w={120}
          />
          <TextInput
            type="time"
            step={takt * 60}
            label={t('sitzplan.bis')}
            value={auswahl.bis}
            onChange={(e) => e.currentTarget.value && onChange({ bis: e.currentTarget.value })}
            w={120}
          />
        </Group>
      )}
      <Switch
        label={t('sitzplan.filter')}
        checked={filter}
        onChange={(e) => {
          const on = e.currentTarget.checked;
          setFilter(on);
          if (!on) onChange({ nurFrei: false, minPlaetze: 1 });
        }}
        mb={8}
      />
      {filter && (
        <Group gap="sm" align="flex-end">
          <Checkbox
            label={t('sitzplan.nurFrei')}
            checked={auswahl.nurFrei}
            onChange={(e) => onChange({ nurFrei: e.currentTarget.checked })}
            mb={8}
          />
          <NumberInput
            label={t('sitzplan.minPlaetze')}
            min={1}
            max={1000}
            allowDecimal={false}
            value={auswahl.minPlaetze}
            onChange={(value) =>
              onChange({ minPlaetze: typeof value === 'number' && value >= 1 ? value : 1 })
            }
            w={150}
          />
        </Group>
      )}
    </Group>
  );
}

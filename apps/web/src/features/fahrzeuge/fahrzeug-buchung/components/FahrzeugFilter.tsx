import '@mantine/dates/styles.css';
import 'dayjs/locale/de';
import { Button, Checkbox, Group, NumberInput, Select, SimpleGrid, Stack } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { parseTagEingabe } from '@stellwerk/domain/date-input';
import type { TFahrzeug } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/api';
import { useTranslation } from 'react-i18next';
import {
  AUSSTATTUNG,
  type Ausstattung,
  ausstattungAus,
  auswahlWerte,
  type TFahrzeugSuche,
} from '../hooks/fahrzeug-suche';
import { instantAus, TAKT_ZEITEN, tagUndZeit } from '../hooks/zeit-felder';

type Props = {
  suche: TFahrzeugSuche;
  /** every vehicle (unfiltered): the choices of location, category and licence class */
  fahrzeuge: readonly TFahrzeug[];
  heute: string;
  /** the tenant's booking period, the times a newly chosen day starts with */
  standardVon: string;
  standardBis: string;
  onChange: (next: Partial<TFahrzeugSuche>) => void;
};

/**
 * The filters of /fahrzeuge: the period (day and time on the 15-minute step, `DD.MM.YYYY`),
 * location, category, seats, licence class, equipment and "only free". Every change goes to the URL.
 */
export function FahrzeugFilter({ suche, fahrzeuge, heute, standardVon, standardBis, onChange }: Props) {
  const { t, i18n } = useTranslation();
  const von = suche.von ? tagUndZeit(suche.von) : null;
  const bis = suche.bis ? tagUndZeit(suche.bis) : null;
  const ausstattung = ausstattungAus(suche);
  const standorte = [...new Map(fahrzeuge.map((f) => [f.standort.id, f.standort.name]))].map(
    ([value, label]) => ({ value, label }),
  );
  const ausstattungText: Record<Ausstattung, string> = {
    klimaanlage: t('fahrzeugBuchung.daten.klimaanlage'),
    navigation: t('fahrzeugBuchung.daten.navigation'),
    tempomat: t('fahrzeugBuchung.daten.tempomat'),
    sitzheizung: t('fahrzeugBuchung.daten.sitzheizung'),
  };

  /** A changed day or time: a day chosen alone brings the tenant's booking period as times. */
  const setzeZeitraum = (teil: {
    vonTag?: string | null;
    vonZeit?: string | null;
    bisTag?: string | null;
    bisZeit?: string | null;
  }) => {
    const vonTag = teil.vonTag !== undefined ? teil.vonTag : (von?.tag ?? null);
    if (!vonTag) {
      onChange({ von: undefined, bis: undefined, nurFrei: undefined });
      return;
    }
    const vonZeit = teil.vonZeit ?? von?.zeit ?? standardVon;
    let bisTag = teil.bisTag ?? (teil.vonTag ? vonTag : (bis?.tag ?? vonTag));
    if (bisTag < vonTag) bisTag = vonTag;
    const bisZeit = teil.bisZeit ?? bis?.zeit ?? standardBis;
    onChange({ von: instantAus(vonTag, vonZeit), bis: instantAus(bisTag, bisZeit) });
  };

  const dateProps = {
    locale: i18n.language === 'en' ? 'en' : 'de',
    valueFormat: 'DD.MM.YYYY',
    // a typed day is read as typed (DD.MM.YYYY) and kept on Tab; the calendar works beside it
    dateParser: parseTagEingabe,
    placeholder: i18n.language === 'en' ? 'DD.MM.YYYY' : 'TT.MM.JJJJ',
    minDate: heute,
    firstDayOfWeek: 1 as const,
  };

  return (
    <Stack gap="sm" component="section" aria-label={t('fahrzeugBuchung.filter.titel')}>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <DateInput
          {...dateProps}
          label={t('fahrzeugBuchung.filter.vonTag')}
          value={von?.tag ?? null}
          clearable
          clearButtonProps={{ 'aria-label': t('fahrzeugBuchung.filter.zeitraumLoeschen') }}
          onChange={(value) => setzeZeitraum({ vonTag: value })}
        />
        <Select
          label={t('fahrzeugBuchung.filter.vonZeit')}
          data={TAKT_ZEITEN}
          value={von?.zeit ?? null}
          disabled={!von}
          searchable
          allowDeselect={false}
          onChange={(value) => value && setzeZeitraum({ vonZeit: value })}
        />
        <DateInput
          {...dateProps}
          label={t('fahrzeugBuchung.filter.bisTag')}
          value={bis?.tag ?? null}
          disabled={!von}
          minDate={von?.tag ?? heute}
          onChange={(value) => value && setzeZeitraum({ bisTag: value })}
        />
        <Select
          label={t('fahrzeugBuchung.filter.bisZeit')}
          data={TAKT_ZEITEN}
          value={bis?.zeit ?? null}
          disabled={!von}
          searchable
          allowDeselect={false}
          onChange={(value) => value && setzeZeitraum({ bisZeit: value })}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        {standorte.length > 1 && (
          <Select
            label={t('fahrzeugBuchung.filter.standort')}
            placeholder={t('fahrzeugBuchung.filter.alle')}
            data={standorte}
            value={suche.standort ?? null}
            clearable
            onChange={(value) => onChange({ standort: value ?? undefined })}
          />
        )}
        <Select
          label={t('fahrzeugBuchung.filter.kategorie')}
          placeholder={t('fahrzeugBuchung.filter.alle')}
          data={auswahlWerte(fahrzeuge, (f) => f.kategorie)}
          value={suche.kategorie ?? null}
          clearable
          onChange={(value) => onChange({ kategorie: value ?? undefined })}
        />
        <NumberInput
          label={t('fahrzeugBuchung.filter.sitze')}
          min={1}
          max={100}
          allowDecimal={false}
          value={suche.sitze ?? ''}
          onChange={(value) =>
            onChange({ sitze: typeof value === 'number' && value >= 1 ? value : undefined })
          }
        />
        <Select
          label={t('fahrzeugBuchung.filter.klasse')}
          placeholder={t('fahrzeugBuchung.filter.alle')}
          data={auswahlWerte(fahrzeuge, (f) => f.fuehrerscheinklasse)}
          value={suche.klasse ?? null}
          clearable
          onChange={(value) => onChange({ klasse: value ?? undefined })}
        />
      </SimpleGrid>
      <Group gap="md" align="center" wrap="wrap">
        <Checkbox.Group
          label={t('fahrzeugBuchung.filter.ausstattung')}
          value={ausstattung}
          onChange={(values) => onChange({ ausstattung: values.length > 0 ? values.join(',') : undefined })}
        >
          <Group gap="md" mt={4}>
            {AUSSTATTUNG.map((a) => (
              <Checkbox key={a} value={a} label={ausstattungText[a]} />
            ))}
          </Group>
        </Checkbox.Group>
        <Checkbox
          label={t('fahrzeugBuchung.filter.nurFrei')}
          description={von ? undefined : t('fahrzeugBuchung.filter.nurFreiHinweis')}
          checked={suche.nurFrei === 1}
          disabled={!von}
          onChange={(e) => onChange({ nurFrei: e.currentTarget.checked ? 1 : undefined })}
          mt="md"
        />
        <Button
          variant="subtle"
          mt="md"
          onClick={() =>
            onChange({
              von: undefined,
              bis: undefined,
              standort: undefined,
              kategorie: undefined,
              sitze: undefined,
              klasse: undefined,
              ausstattung: undefined,
              nurFrei: undefined,
            })
          }
        >
          {t('fahrzeugBuchung.filter.zuruecksetzen')}
        </Button>
      </Group>
    </Stack>
  );
}

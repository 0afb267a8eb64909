import { Box, Button, Group, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { taktBeginn } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/rules';
import {
  type ZeitleisteAnsicht,
  zeitleistenZeitraum,
} from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/zeitleiste';
import { berlinDateKey } from '@stellwerk/domain/time';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { LoadingState } from '../../../../components/LoadingState';
import { useFahrzeugBelegung } from '../api/belegung-api';
import { blaettern, sucheMitDefaults, type UebersichtSuche } from '../hooks/uebersicht-suche';
import { tagText } from '../hooks/zeit-text';
import { zeitleistenModell } from '../hooks/zeitleiste-modell';
import { Legende } from './Legende';
import { type BuchenZiel, Zeitleiste } from './Zeitleiste';
import { ZeitleisteListe } from './ZeitleisteListe';

/** "Now" for the past shading, renewed every minute. */
const useJetzt = () => {
  const [jetzt, setJetzt] = useState(() => new Date());
  useEffect(() => {
    const id = setInterval(() => setJetzt(new Date()), 60_000);
    return () => clearInterval(id);
  }, []);
  return jetzt;
};

/**
 * /fahrzeuge/uebersicht (spec §2): the vehicles of a location over a day or a week with their
 * bookings, blocks and closed times. Location, day and view live in the URL; a selection opens the
 * booking dialog of /fahrzeuge (`onBuchen`). Wide screens get the timeline grid, narrow ones a list per
 * vehicle. Refreshes on the live event `fahrzeug_buchung`.
 */
export function FahrzeugUebersicht({
  suche,
  onSucheChange,
  onBuchen,
}: {
  suche: UebersichtSuche;
  onSucheChange: (next: UebersichtSuche) => void;
  onBuchen: (ziel: BuchenZiel) => void;
}) {
  const { t, i18n } = useTranslation();
  const jetzt = useJetzt();
  const { tag, ansicht, standort } = sucheMitDefaults(suche, jetzt);
  const zeitraum = zeitleistenZeitraum({ tag, ansicht });
  const query = useFahrzeugBelegung({ standortId: standort, von: zeitraum.von, bis: zeitraum.bis });
  const abMs = taktBeginn({ now: jetzt }).getTime();
  const modell = useMemo(
    () => (query.data ? zeitleistenModell({ daten: query.data, ansicht, ab: new Date(abMs) }) : null),
    [query.data, ansicht, abMs],
  );
  const setze = (next: Partial<UebersichtSuche>) => onSucheChange({ ...suche, ...next });
  const standortName = query.data?.standorte.find((s) => s.id === query.data?.standortId)?.name ?? '';
  const periodeText =
    ansicht === 'tag'
      ? tagText(tag, i18n.language)
      : `${tagText(zeitraum.startTag, i18n.language)} – ${tagText(berlinDateKey(new Date(zeitraum.bis.getTime() - 1)), i18n.language)}`;

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label={t('fahrzeugUebersicht.standort')}
          data={(query.data?.standorte ?? []).map((s) => ({ value: s.id, label: s.name }))}
          value={query.data?.standortId ?? null}
          onChange={(value) => value && setze({ standort: value })}
          allowDeselect={false}
          w={{ base: '100%', xs: 240 }}
        />
        <TextInput
          type="date"
          label={t('fahrzeugUebersicht.datum')}
          value={tag}
          onChange={(e) => e.currentTarget.value && setze({ tag: e.currentTarget.value })}
          w={{ base: '100%', xs: 170 }}
        />
        <SegmentedControl
          aria-label={t('fahrzeugUebersicht.ansicht')}
          value={ansicht}
          onChange={(value) => setze({ ansicht: value as ZeitleisteAnsicht })}
          data={[
            { value: 'tag', label: t('fahrzeugUebersicht.tag') },
            { value: 'woche', label: t('fahrzeugUebersicht.woche') },
          ]}
        />
        <Group gap={4}>
          <Button
            variant="default"
            onClick={() => setze({ tag: blaettern({ tag, ansicht, richtung: -1 }) })}
            aria-label={
              ansicht === 'tag'
                ? t('fahrzeugUebersicht.vorherigerTag')
                : t('fahrzeugUebersicht.vorherigeWoche')
            }
          >
            ‹
          </Button>
          <Button variant="default" onClick={() => setze({ tag: berlinDateKey(new Date()) })}>
            {t('fahrzeugUebersicht.heute')}
          </Button>
          <Button
            variant="default"
            onClick={() => setze({ tag: blaettern({ tag, ansicht, richtung: 1 }) })}
            aria-label={
              ansicht === 'tag' ? t('fahrzeugUebersicht.naechsterTag') : t('fahrzeugUebersicht.naechsteWoche')
            }
          >
            ›
          </Button>
        </Group>
      </Group>
      <Text fw={600} aria-live="polite">
        {standortName ? `${standortName} · ${periodeText}` : periodeText}
      </Text>
      {query.isPending ? (
        <LoadingState rows={6} />
      ) : query.isError ? (
        <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />
      ) : !modell || modell.zeilen.length === 0 ? (
        <Text c="dimmed">{t('fahrzeugUebersicht.keineFahrzeuge')}</Text>
      ) : (
        <>
          <Legende />
          <Box visibleFrom="sm">
            <Text size="sm" c="dimmed" mb="xs" id="zeitleiste-hilfe">
              {t('fahrzeugUebersicht.hilfe')}
            </Text>
            <Zeitleiste
              modell={modell}
              label={t('fahrzeugUebersicht.zeitleiste', { standort: standortName, zeitraum: periodeText })}
              onBuchen={onBuchen}
            />
          </Box>
          <Box hiddenFrom="sm">
            <ZeitleisteListe modell={modell} onBuchen={onBuchen} />
          </Box>
        </>
      )}
    </Stack>
  );
}

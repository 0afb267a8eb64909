import '@mantine/charts/styles.css';
import { Group, SegmentedControl, Select, Stack, Tabs, Text, TextInput } from '@mantine/core';
import type { TFahrzeugAuslastung, TLeseraumAuslastung } from '@stellwerk/domain/verwaltung/auslastung/api';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { LoadingState } from '../../../../components/LoadingState';
import type { TAuslastungSearch } from '../../../../lib/auslastung-search';
import { useFahrzeugAuslastung, useLeseraumAuslastung } from '../api/auslastung-api';
import { FahrzeugeAuslastung } from './FahrzeugeAuslastung';
import { PlaetzeAuslastung } from './PlaetzeAuslastung';

type Props = {
  search: TAuslastungSearch;
  onSearchChange: (next: TAuslastungSearch) => void;
  plaetze: boolean;
  fahrzeuge: boolean;
};

const tag = (d: string) => d.split('-').reverse().join('.');

/** /admin/auslastung: the period and filters in the URL, the figures of reading rooms and vehicles (decision 163). */
export function Auslastung({ search, onSearchChange, plaetze, fahrzeuge }: Props) {
  const { t } = useTranslation();
  const bereich =
    search.bereich === 'fahrzeuge' && fahrzeuge ? 'fahrzeuge' : plaetze ? 'plaetze' : 'fahrzeuge';
  const leseraum = useLeseraumAuslastung(search, bereich === 'plaetze');
  const fahrzeug = useFahrzeugAuslastung(search, bereich === 'fahrzeuge');
  const set = (patch: Partial<TAuslastungSearch>) => {
    const next = { ...search, ...patch };
    onSearchChange(
      Object.fromEntries(
        Object.entries(next).filter(([, v]) => v !== undefined && v !== ''),
      ) as TAuslastungSearch,
    );
  };
  const query = bereich === 'plaetze' ? leseraum : fahrzeug;
  const daten = query.data;
  const art = search.art ?? 'monat';
  return (
    <Stack gap="md">
      <Tabs
        value={bereich}
        onChange={(v) => set({ bereich: v === 'fahrzeuge' ? 'fahrzeuge' : 'plaetze', standort: undefined })}
      >
        <Tabs.List>
          {plaetze && <Tabs.Tab value="plaetze">{t('auslastung.bereichPlaetze')}</Tabs.Tab>}
          {fahrzeuge && <Tabs.Tab value="fahrzeuge">{t('auslastung.bereichFahrzeuge')}</Tabs.Tab>}
        </Tabs.List>
      </Tabs>
      <Stack gap="xs" component="section" aria-label={t('auslastung.filter')}>
        <SegmentedControl
          aria-label={t('auslastung.zeitraum')}
          value={art}
          onChange={(v) => set({ art: v as TAuslastungSearch['art'] })}
          data={[
            { value: 'woche', label: t('auslastung.art.woche') },
            { value: 'monat', label: t('auslastung.art.monat') },
            { value: 'quartal', label: t('auslastung.art.quartal') },
            { value: 'jahr', label: t('auslastung.art.jahr') },
            { value: 'frei', label: t('auslastung.art.frei') },
          ]}
          fullWidth
          size="xs"
          style={{ maxWidth: 560 }}
        />
        <Group gap="sm" align="flex-end" wrap="wrap">
          {art === 'frei' ? (
            <>
              <TextInput
                type="date"
                label={t('auslastung.von')}
                value={search.von ?? ''}
                onChange={(e) => set({ von: e.currentTarget.value || undefined })}
              />
              <TextInput
                type="date"
                label={t('auslastung.bis')}
                value={search.bis ?? ''}
                onChange={(e) => set({ bis: e.currentTarget.value || undefined })}
              />
            </>
          ) : (
            <TextInput
              type="date"
              label={t('auslastung.stichtag')}
              value={search.tag ?? ''}
              onChange={(e) => set({ tag: e.currentTarget.value || undefined })}
            />
          )}
          <Select
            label={t('auslastung.standort')}
            placeholder={t('auslastung.alle')}
            clearable
            value={search.standort ?? null}
            onChange={(v) => set({ standort: v ?? undefined })}
            data={(daten?.auswahl.standorte ?? []).map((s) => ({ value: s.id, label: s.name }))}
          />
          {bereich === 'plaetze' ? (
            <>
              <Select
                label={t('auslastung.grundriss')}
                placeholder={t('auslastung.alle')}
                clearable
                value={search.grundriss ?? null}
                onChange={(v) => set({ grundriss: v ?? undefined })}
                data={((daten as TLeseraumAuslastung | undefined)?.auswahl.grundrisse ?? []).map((g) => ({
                  value: g.id,
                  label: g.name,
                }))}
              />
              <Select
                label={t('auslastung.raumtyp')}
                placeholder={t('auslastung.alle')}
                clearable
                value={search.raumtyp ?? null}
                onChange={(v) => set({ raumtyp: (v ?? undefined) as TAuslastungSearch['raumtyp'] })}
                data={[
                  { value: 'leseraum', label: t('auslastung.raumtypLeseraum') },
                  { value: 'arbeitswelt', label: t('auslastung.raumtypArbeitswelt') },
                ]}
              />
              <Select
                label={t('auslastung.raumart')}
                placeholder={t('auslastung.alle')}
                clearable
                value={search.raumart ?? null}
                onChange={(v) => set({ raumart: (v ?? undefined) as TAuslastungSearch['raumart'] })}
                data={[
                  { value: 'platz', label: t('auslastung.raumartPlatz') },
                  { value: 'gruppenraum', label: t('auslastung.raumartGruppenraum') },
                ]}
              />
              <Select
                label={t('auslastung.modus')}
                value={(daten as TLeseraumAuslastung | undefined)?.modus ?? search.modus ?? null}
                onChange={(v) => set({ modus: (v ?? undefined) as TAuslastungSearch['modus'] })}
                data={[
                  { value: 'ganztags', label: t('auslastung.modusGanztags') },
                  { value: 'stuendlich', label: t('auslastung.modusStuendlich') },
                ]}
              />
            </>
          ) : (
            <Select
              label={t('auslastung.kategorie')}
              placeholder={t('auslastung.alle')}
              clearable
              value={search.kategorie ?? null}
              onChange={(v) => set({ kategorie: v ?? undefined })}
              data={((daten as TFahrzeugAuslastung | undefined)?.auswahl.kategorien ?? []).map((k) => ({
                value: k,
                label: k,
              }))}
            />
          )}
        </Group>
      </Stack>
      {query.isError ? (
        <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />
      ) : !daten ? (
        <LoadingState rows={6} />
      ) : (
        <Stack gap="md" aria-busy={query.isFetching}>
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('auslastung.zeitraumText', {
              von: tag(daten.zeitraum.vonTag),
              bis: tag(daten.zeitraum.bisTag),
              vorVon: tag(daten.vorperiode.vonTag),
              vorBis: tag(daten.vorperiode.bisTag),
              k: daten.k,
            })}
          </Text>
          {bereich === 'plaetze' ? (
            (daten as TLeseraumAuslastung).plaetze === 0 ? (
              <Text c="dimmed">{t('auslastung.keinePlaetze')}</Text>
            ) : (
              <PlaetzeAuslastung daten={daten as TLeseraumAuslastung} />
            )
          ) : (daten as TFahrzeugAuslastung).fahrzeuge === 0 ? (
            <Text c="dimmed">{t('auslastung.keineFahrzeuge')}</Text>
          ) : (
            <FahrzeugeAuslastung daten={daten as TFahrzeugAuslastung} />
          )}
        </Stack>
      )}
    </Stack>
  );
}

import '@mantine/charts/styles.css';
import {
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { TAuswertung } from '@stellwerk/domain/verwaltung/auswertung/api';
import { kennzahlenDer } from '@stellwerk/domain/verwaltung/auswertung/kennzahlen';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { AnzahlBalken, useProzent, useSprache, useZahl } from '../../../../components/KennzahlBausteine';
import { LoadingState } from '../../../../components/LoadingState';
import type { TAuslastungSearch } from '../../../../lib/auslastung-search';
import { toAuswertungParams, useAuswertung } from '../api/auswertung-api';
import { AuswertungVersand } from './AuswertungVersand';

type Props = {
  search: TAuslastungSearch;
  onSearchChange: (next: TAuslastungSearch) => void;
  /** the tenant-settings administrator may set the mailed evaluation (decision 247) */
  versandPflegen?: boolean;
};

const tag = (d: string) => d.split('-').reverse().join('.');

/** /admin/auswertung: the period in the URL, every figure with its comparison and denominator, export (decision 195). */
export function Auswertung({ search, onSearchChange, versandPflegen = false }: Props) {
  const { t } = useTranslation();
  const query = useAuswertung(search);
  const daten = query.data;
  const art = search.art ?? 'monat';
  const set = (patch: Partial<TAuslastungSearch>) =>
    onSearchChange(
      Object.fromEntries(
        Object.entries({ ...search, ...patch }).filter(([, v]) => v !== undefined && v !== ''),
      ) as TAuslastungSearch,
    );
  const params = toAuswertungParams(search).toString();
  return (
    <Stack gap="md">
      <Stack gap="xs" component="section" aria-label={t('auslastung.filter')}>
        <SegmentedControl
          aria-label={t('auslastung.zeitraum')}
          value={art}
          onChange={(v) => set({ art: v as TAuslastungSearch['art'] })}
          data={(['woche', 'monat', 'quartal', 'jahr', 'frei'] as const).map((a) => ({
            value: a,
            label: t(`auslastung.art.${a}`),
          }))}
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
          <Button
            component="a"
            variant="default"
            href={`/api/auswertung/export?${params}&format=xlsx`}
            download
          >
            {t('auswertung.exportXlsx')}
          </Button>
          <Button
            component="a"
            variant="default"
            href={`/api/auswertung/export?${params}&format=csv`}
            download
          >
            {t('auswertung.exportCsv')}
          </Button>
          {versandPflegen && <AuswertungVersand />}
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
          <FahrtenJeStandort daten={daten} />
          <Kennzahlen daten={daten} />
        </Stack>
      )}
    </Stack>
  );
}

/** Every figure as a table row: period, previous period, what it counts over. */
function Kennzahlen({ daten }: { daten: TAuswertung }) {
  const { t } = useTranslation();
  const sprache = useSprache();
  const prozent = useProzent();
  const zahl = useZahl();
  const format = (wert: number | null, einheit: string) =>
    wert === null ? t('auswertung.keinWert') : einheit === 'prozent' ? prozent(wert) : zahl(wert);
  // the figures of the booking areas switched on for the tenant (decision 280)
  const kennzahlen = kennzahlenDer(daten);
  if (kennzahlen.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('auswertung.keineKennzahlen')}
      </Text>
    );
  return (
    <Paper withBorder p="md">
      <Title order={3} size="h4" mb="xs">
        {t('auswertung.kennzahlen')}
      </Title>
      <Table.ScrollContainer minWidth={300}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('auswertung.kennzahl')}</Table.Th>
              <Table.Th>{t('auswertung.zeitraum')}</Table.Th>
              <Table.Th>{t('auswertung.vorperiode')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {kennzahlen.map((k) => (
              <Table.Tr key={`${k.bereich.de}|${k.name.de}`}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {k.bereich[sprache]}: {k.name[sprache]}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {k.nenner[sprache]}
                  </Text>
                </Table.Td>
                <Table.Td>{format(k.wert(daten.aktuell), k.einheit)}</Table.Td>
                <Table.Td>{format(k.wert(daten.vorher), k.einheit)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

/** Kilometres by purpose per location (k-checked cells) as a chart, its summary and the same figures as a table. */
function FahrtenJeStandort({ daten }: { daten: TAuswertung }) {
  const { t } = useTranslation();
  const zahl = useZahl();
  const f = daten.aktuell.fahrten;
  if (!f) return null;
  const zeilen = [
    ...f.standorte.zellen.map((z) => ({ name: z.bezeichnung || t('auswertung.ohneStandort'), w: z.werte })),
    ...(f.standorte.sonstige ? [{ name: t('auswertung.sonstige'), w: f.standorte.sonstige.werte }] : []),
  ];
  const zusammenfassung = f.verborgen
    ? t('auswertung.verborgen', { k: daten.k })
    : t('auswertung.fahrtenText', {
        fahrten: zahl(f.gesamt?.gesamt.fahrten ?? 0),
        km: zahl(f.gesamt?.gesamt.km ?? 0),
        dienstlich: zahl(f.gesamt?.dienstlich.km ?? 0),
        privat: zahl(f.gesamt?.privat.km ?? 0),
        arbeitsweg: zahl(f.gesamt?.arbeitsweg.km ?? 0),
        verborgen: f.standorte.verborgen,
      });
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Title order={3} size="h4">
          {t('auswertung.fahrtenTitel')}
        </Title>
        <Text size="sm">{zusammenfassung}</Text>
        {zeilen.length > 0 && (
          <>
            <div role="img" aria-label={zusammenfassung}>
              <AnzahlBalken
                schluessel="name"
                daten={zeilen.map((z) => ({
                  name: z.name,
                  dienstlich: z.w.dienstlich.km,
                  privat: z.w.privat.km,
                  arbeitsweg: z.w.arbeitsweg.km,
                }))}
                serien={[
                  { name: 'dienstlich', label: t('auswertung.dienstlich'), color: 'blue.7' },
                  { name: 'privat', label: t('auswertung.privat'), color: 'orange.6' },
                  { name: 'arbeitsweg', label: t('auswertung.arbeitsweg'), color: 'teal.6' },
                ]}
              />
            </div>
            <Table.ScrollContainer minWidth={300}>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('auslastung.standort')}</Table.Th>
                    <Table.Th>{t('auswertung.fahrten')}</Table.Th>
                    <Table.Th>{t('auswertung.dienstlich')} (km)</Table.Th>
                    <Table.Th>{t('auswertung.privat')} (km)</Table.Th>
                    <Table.Th>{t('auswertung.arbeitsweg')} (km)</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {zeilen.map((z) => (
                    <Table.Tr key={z.name}>
                      <Table.Td>{z.name}</Table.Td>
                      <Table.Td>{zahl(z.w.gesamt.fahrten)}</Table.Td>
                      <Table.Td>{zahl(z.w.dienstlich.km)}</Table.Td>
                      <Table.Td>{zahl(z.w.privat.km)}</Table.Td>
                      <Table.Td>{zahl(z.w.arbeitsweg.km)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
        )}
      </Stack>
    </Paper>
  );
}

import {
  Badge,
  Button,
  Card,
  Drawer,
  Group,
  Image,
  List,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type {
  TFahrzeugBuchung,
  TFahrzeugDetail,
  TFahrzeugTermin,
} from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/api';
import { formatDateDE } from '@stellwerk/domain/time';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { LoadingState } from '../../../../components/LoadingState';
import { type FahrtSchrittArt, useEigeneFahrzeugBuchungen, useFahrzeug } from '../api/fahrzeug-buchung-api';
import { zeitraumText } from '../hooks/zeit-felder';
import { FahrtDialog } from './FahrtDialog';
import { FahrtenbuchTab } from './FahrtenbuchTab';
import { FremdeBuchungen } from './FremdeBuchungen';
import { HistorieTab } from './HistorieTab';
import { OffeneSchaeden } from './OffeneSchaeden';
import { Serviceheft } from './Serviceheft';

function Termine({ termine }: { termine: readonly TFahrzeugTermin[] }) {
  const { t, i18n } = useTranslation();
  const typText: Record<TFahrzeugTermin['typ'], string> = {
    BUCHUNG: t('fahrzeugBuchung.typ.BUCHUNG'),
    WARTUNG: t('fahrzeugBuchung.typ.WARTUNG'),
    SERVICE: t('fahrzeugBuchung.typ.SERVICE'),
    DEFEKT: t('fahrzeugBuchung.typ.DEFEKT'),
  };
  const offen = termine.filter((x) => x.status !== 'storniert');
  if (offen.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('fahrzeugBuchung.detail.keineTermine')}
      </Text>
    );
  return (
    <List size="sm" spacing={4}>
      {offen.map((x) => (
        <List.Item key={x.id}>
          {zeitraumText(x.von, x.bis, i18n.language)} · {typText[x.typ]}
          {x.eigene && (
            <Badge ml={6} size="xs" variant="light" tt="none">
              {t('fahrzeugBuchung.detail.eigene')}
            </Badge>
          )}
        </List.Item>
      ))}
    </List>
  );
}

function Daten({ f }: { f: TFahrzeugDetail }) {
  const { t } = useTranslation();
  const ja = (b: boolean) => (b ? t('fahrzeugBuchung.daten.ja') : t('fahrzeugBuchung.daten.nein'));
  const zeilen: [string, string | number | null][] = [
    [t('fahrzeugBuchung.daten.kennzeichen'), f.kennzeichen],
    [t('fahrzeugBuchung.filter.standort'), f.standort.name],
    [t('fahrzeugBuchung.filter.kategorie'), f.kategorie],
    [t('fahrzeugBuchung.daten.kraftstoff'), f.kraftstoff],
    [t('fahrzeugBuchung.daten.leistung'), f.leistung !== null ? `${f.leistung} kW` : null],
    [t('fahrzeugBuchung.daten.getriebe'), f.getriebe],
    [t('fahrzeugBuchung.daten.sitze'), f.sitze],
    [t('fahrzeugBuchung.daten.tueren'), f.tueren],
    [t('fahrzeugBuchung.daten.kofferraum'), f.kofferraum],
    [t('fahrzeugBuchung.daten.farbe'), f.farbe],
    [t('fahrzeugBuchung.filter.klasse'), f.fuehrerscheinklasse],
    [t('fahrzeugBuchung.daten.klimaanlage'), ja(f.klimaanlage)],
    [t('fahrzeugBuchung.daten.navigation'), ja(f.navigation)],
    [t('fahrzeugBuchung.daten.tempomat'), ja(f.tempomat)],
    [t('fahrzeugBuchung.daten.sitzheizung'), ja(f.sitzheizung)],
    [
      t('fahrzeugBuchung.daten.gueltig'),
      f.gueltigVon || f.gueltigBis
        ? `${f.gueltigVon ? formatDateDE(new Date(`${f.gueltigVon}T12:00:00Z`)) : '…'} – ${
            f.gueltigBis ? formatDateDE(new Date(`${f.gueltigBis}T12:00:00Z`)) : '…'
          }`
        : null,
    ],
  ];
  return (
    <Table variant="vertical" layout="fixed" withTableBorder>
      <Table.Tbody>
        {zeilen
          .filter(([, v]) => v !== null && v !== '')
          .map(([k, v]) => (
            <Table.Tr key={k}>
              <Table.Th w="45%">{k}</Table.Th>
              <Table.Td>{v}</Table.Td>
            </Table.Tr>
          ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * The user's own trip with this vehicle that can be checked in or out now (from the vehicle page as
 * from "Meine Buchungen"), with its button and the same dialog; nothing when there is none.
 */
function EigeneFahrt({ fahrzeugId }: { fahrzeugId: string }) {
  const { t, i18n } = useTranslation();
  const eigene = useEigeneFahrzeugBuchungen();
  const [fahrt, setFahrt] = useState<{ buchung: TFahrzeugBuchung; art: FahrtSchrittArt } | null>(null);
  const buchung = eigene.data?.find(
    (b) => b.fahrzeug.id === fahrzeugId && (b.aktionen.kannEinchecken || b.aktionen.kannAuschecken),
  );
  if (!buchung) return null;
  const art: FahrtSchrittArt = buchung.aktionen.kannAuschecken ? 'check-out' : 'check-in';
  return (
    <Card withBorder padding="sm" radius="md" aria-label={t('fahrzeugBuchung.detail.eigeneFahrt')}>
      <Group justify="space-between" gap="xs">
        <div>
          <Text fw={700} size="sm">
            {t('fahrzeugBuchung.detail.eigeneFahrt')}
          </Text>
          <Text size="sm">{zeitraumText(buchung.von, buchung.bis, i18n.language)}</Text>
        </div>
        <Button size="xs" onClick={() => setFahrt({ buchung, art })}>
          {art === 'check-in' ? t('fahrzeugBuchung.fahrt.checkIn') : t('fahrzeugBuchung.fahrt.checkOut')}
        </Button>
      </Group>
      <FahrtDialog buchung={fahrt?.buchung ?? null} art={fahrt?.art ?? art} onClose={() => setFahrt(null)} />
    </Card>
  );
}

/** What the user may see beyond the vehicle's data (rights as the server enforces them, fahrt.routes.ts). */
export type FahrzeugDetailRechte = {
  benutzerId: string;
  /** fahrzeug_pflege: history, logbook, the "new entry" dialog */
  pflege: boolean;
  /** fahrzeug_logbuch_report: history, logbook, the exports */
  report: boolean;
  /** buchung_pflege or fahrzeug_pflege: other people's trips, cancellable with a reason (R196) */
  verwalten?: boolean;
};

/**
 * A vehicle's detail (spec §2 "vehicle detail": data, photo, bookings, history, logbook): the booking window per
 * weekday and the bookings and blocks still to come, times only; for fleet managers and holders of the logbook
 * report right the tabs History and Logbook.
 */
export function FahrzeugDetail({
  fahrzeugId,
  onClose,
  onBuchen,
  rechte,
}: {
  fahrzeugId: string | undefined;
  onClose: () => void;
  onBuchen: () => void;
  rechte?: FahrzeugDetailRechte;
}) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<string | null>('daten');
  const mitTabs = rechte !== undefined && (rechte.pflege || rechte.report);
  const isPhone = useMediaQuery('(max-width: 36em)');
  const detail = useFahrzeug(fahrzeugId);
  const f = detail.data;
  // Monday first, as a German week reads (0 = Sunday)
  const woche: [number, string][] = [
    [1, t('fahrzeugBuchung.wochentag.mo')],
    [2, t('fahrzeugBuchung.wochentag.di')],
    [3, t('fahrzeugBuchung.wochentag.mi')],
    [4, t('fahrzeugBuchung.wochentag.do')],
    [5, t('fahrzeugBuchung.wochentag.fr')],
    [6, t('fahrzeugBuchung.wochentag.sa')],
    [0, t('fahrzeugBuchung.wochentag.so')],
  ];
  return (
    <Drawer
      opened={fahrzeugId !== undefined}
      onClose={onClose}
      position="right"
      size={isPhone ? '100%' : 'lg'}
      title={f ? `${f.marke} ${f.modell}` : t('fahrzeugBuchung.detail.titel')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {detail.isPending && <LoadingState rows={6} />}
      {detail.error && <ErrorAlert error={detail.error} onRetry={() => void detail.refetch()} />}
      {f && (
        <Stack gap="md">
          {f.bildUrl && tab === 'daten' && (
            <Image
              src={f.bildUrl}
              alt={t('fahrzeugBuchung.liste.foto', { name: `${f.marke} ${f.modell}` })}
              radius="sm"
              mah={220}
              fit="contain"
              bg="gray.0"
            />
          )}
          <EigeneFahrt fahrzeugId={f.id} />
          <Group justify="flex-end">
            <Button onClick={onBuchen}>{t('fahrzeugBuchung.liste.buchen')}</Button>
          </Group>
          {mitTabs && (
            <Tabs value={tab} onChange={setTab} keepMounted={false}>
              <Tabs.List grow>
                <Tabs.Tab value="daten">{t('fahrzeugBuchung.detail.tabDaten')}</Tabs.Tab>
                <Tabs.Tab value="historie">{t('historie.tab')}</Tabs.Tab>
                <Tabs.Tab value="fahrtenbuch">{t('fahrtenbuch.tab')}</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="historie" pt="sm">
                <HistorieTab fahrzeugId={f.id} />
              </Tabs.Panel>
              <Tabs.Panel value="fahrtenbuch" pt="sm">
                <FahrtenbuchTab
                  fahrzeugId={f.id}
                  benutzerId={rechte.benutzerId}
                  darfPflege={rechte.pflege}
                  darfReport={rechte.report}
                />
              </Tabs.Panel>
            </Tabs>
          )}
          {(!mitTabs || tab === 'daten') && (
            <>
              <FahrzeugDaten f={f} woche={woche} />
              {rechte?.verwalten && <FremdeBuchungen fahrzeugId={f.id} benutzerId={rechte.benutzerId} />}
              {rechte?.pflege && <OffeneSchaeden fahrzeugId={f.id} />}
              <Serviceheft fahrzeugId={f.id} />
            </>
          )}
        </Stack>
      )}
    </Drawer>
  );
}

function FahrzeugDaten({ f, woche }: { f: TFahrzeugDetail; woche: [number, string][] }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Daten f={f} />
      <section>
        <Title order={3} fz="md" mb={6}>
          {t('fahrzeugBuchung.detail.buchungszeiten')}
        </Title>
        <List size="sm" spacing={2}>
          {woche.map(([tag, name]) => {
            const zeile = f.buchungsfenster.find((z) => z.wochentag === tag);
            return (
              <List.Item key={tag}>
                {name}:{' '}
                {zeile?.geoeffnet ? `${zeile.von}–${zeile.bis}` : t('fahrzeugBuchung.detail.geschlossen')}
              </List.Item>
            );
          })}
        </List>
        {f.buchungAusserhalbMoeglich && (
          <Text size="xs" c="dimmed" mt={4}>
            {t('fahrzeugBuchung.detail.ausserhalbMoeglich')}
          </Text>
        )}
      </section>
      <section>
        <Title order={3} fz="md" mb={6}>
          {t('fahrzeugBuchung.detail.termine')}
        </Title>
        <Termine termine={f.termine} />
      </section>
    </Stack>
  );
}

import { SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import type { TFahrzeugBuchung } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/api';
import { berlinDateKey } from '@stellwerk/domain/time';
import { type ResolvedCustomizing, stringCustomizing } from '@stellwerk/domain/verwaltung/customizing';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { LoadingState } from '../../../../components/LoadingState';
import {
  useEigeneFahrzeugBuchungen,
  useFahrzeuge,
  useSetzeLieblingsFahrzeuge,
} from '../api/fahrzeug-buchung-api';
import { filterFahrzeuge, type TFahrzeugSuche, zeitraumAus } from '../hooks/fahrzeug-suche';
import { BuchungsDialog } from './BuchungsDialog';
import { FahrzeugDetail } from './FahrzeugDetail';
import { FahrzeugFilter } from './FahrzeugFilter';
import { FahrzeugKarte } from './FahrzeugKarte';
import { MeineBuchungen } from './MeineBuchungen';

type Props = {
  suche: TFahrzeugSuche;
  /** writes the search to the URL (`replace` for filter changes, a new history entry for dialogs) */
  onSucheChange: (next: TFahrzeugSuche, options?: { replace?: boolean }) => void;
  settings: ResolvedCustomizing;
  benutzerId: string;
  /** the user holds fahrzeug_fremdbuchung */
  darfFuerAndere: boolean;
  /** the user's own favourites (FahrzeugLieblingsFahrzeuge, user level) */
  lieblingsFahrzeuge: readonly string[];
  /** reads /api/me again after the favourites changed */
  onMeChanged: () => void;
  /** fahrzeug_pflege and fahrzeug_logbuch_report: the history and logbook tabs of the vehicle detail */
  rechte?: { pflege: boolean; report: boolean; verwalten?: boolean };
};

/**
 * /fahrzeuge for the booker: the vehicles with photo and key data, the filters, favourites first,
 * free or not for the period with the reason; the detail drawer; the booking dialog; and "Meine Buchungen".
 */
export function FahrzeugBuchungSeite({
  suche,
  onSucheChange,
  settings,
  benutzerId,
  darfFuerAndere,
  lieblingsFahrzeuge,
  onMeChanged,
  rechte,
}: Props) {
  const { t } = useTranslation();
  const zeitraum = zeitraumAus(suche);
  const liste = useFahrzeuge(zeitraum);
  const eigene = useEigeneFahrzeugBuchungen();
  const favoriten = useSetzeLieblingsFahrzeuge(onMeChanged);
  const [favoritPending, setFavoritPending] = useState<string | null>(null);
  const heute = berlinDateKey(new Date());
  const ansicht = suche.ansicht ?? 'fahrzeuge';
  const update = (next: Partial<TFahrzeugSuche>, replace = true) =>
    onSucheChange({ ...suche, ...next }, { replace });
  const aenderung: TFahrzeugBuchung | null =
    (suche.buchung && eigene.data?.find((b) => b.id === suche.buchung)) || null;

  const toggleFavorit = (id: string) => {
    const eigeneIds = new Set(lieblingsFahrzeuge);
    if (eigeneIds.has(id)) eigeneIds.delete(id);
    else eigeneIds.add(id);
    setFavoritPending(id);
    favoriten.mutate([...eigeneIds], { onSettled: () => setFavoritPending(null) });
  };

  const gefiltert = liste.data ? filterFahrzeuge(liste.data, suche) : [];
  const schliessen = () => update({ fahrzeug: undefined, buchen: undefined, buchung: undefined }, false);

  return (
    <>
      <Tabs
        value={ansicht}
        onChange={(v) => update({ ansicht: v === 'buchungen' ? 'buchungen' : undefined }, false)}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="fahrzeuge">{t('fahrzeugBuchung.tabs.fahrzeuge')}</Tabs.Tab>
          <Tabs.Tab value="buchungen">
            {t('fahrzeugBuchung.tabs.meine')}
            {eigene.data && eigene.data.filter((b) => b.status !== 'storniert').length > 0
              ? ` (${eigene.data.filter((b) => b.status !== 'storniert').length})`
              : ''}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="fahrzeuge">
          <Stack gap="md">
            <FahrzeugFilter
              suche={suche}
              fahrzeuge={liste.data ?? []}
              heute={heute}
              standardVon={stringCustomizing(settings, 'FahrzeugBuchungszeitraumVon')}
              standardBis={stringCustomizing(settings, 'FahrzeugBuchungszeitraumBis')}
              onChange={(next) => update(next)}
            />
            {!zeitraum && (
              <Text size="sm" c="dimmed">
                {t('fahrzeugBuchung.liste.zeitraumHinweis')}
              </Text>
            )}
            {favoriten.error && <ErrorAlert error={favoriten.error} />}
            {liste.isPending ? (
              <LoadingState rows={6} />
            ) : liste.error ? (
              <ErrorAlert error={liste.error} onRetry={() => void liste.refetch()} />
            ) : gefiltert.length === 0 ? (
              <Text role="status" size="sm" c="dimmed" py="lg" ta="center">
                {t('fahrzeugBuchung.liste.leer')}
              </Text>
            ) : (
              <SimpleGrid
                cols={{ base: 1, sm: 2, lg: 3 }}
                spacing="md"
                aria-busy={liste.isFetching}
                data-testid="fahrzeug-liste"
              >
                {gefiltert.map((f) => (
                  <FahrzeugKarte
                    key={f.id}
                    fahrzeug={f}
                    eigenerFavorit={lieblingsFahrzeuge.includes(f.id)}
                    favoritPending={favoritPending === f.id}
                    onFavorit={() => toggleFavorit(f.id)}
                    onDetails={() => update({ fahrzeug: f.id, buchen: undefined }, false)}
                    onBuchen={() => update({ fahrzeug: f.id, buchen: 1 }, false)}
                  />
                ))}
              </SimpleGrid>
            )}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="buchungen">
          <MeineBuchungen
            benutzerId={benutzerId}
            onAendern={(b) => update({ fahrzeug: b.fahrzeug.id, buchung: b.id, buchen: 1 }, false)}
          />
        </Tabs.Panel>
      </Tabs>
      <FahrzeugDetail
        fahrzeugId={suche.fahrzeug && suche.buchen !== 1 ? suche.fahrzeug : undefined}
        onClose={schliessen}
        onBuchen={() => update({ buchen: 1 }, false)}
        rechte={rechte ? { ...rechte, benutzerId } : undefined}
      />
      <BuchungsDialog
        key={`${suche.fahrzeug}-${suche.buchung ?? ''}-${aenderung ? 'b' : ''}`}
        fahrzeugId={
          suche.fahrzeug && suche.buchen === 1 && (!suche.buchung || aenderung) ? suche.fahrzeug : undefined
        }
        von={zeitraum?.von}
        bis={zeitraum?.bis}
        buchung={aenderung}
        settings={settings}
        benutzerId={benutzerId}
        darfFuerAndere={darfFuerAndere}
        onClose={schliessen}
      />
    </>
  );
}

import { Alert, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import type { Bereich, TPlatzBelegung } from '@stellwerk/domain/leseraum/leseraum-buchung/api';
import type { SpindGroesse } from '@stellwerk/domain/leseraum/spind/regeln';
import { berlinDateKey } from '@stellwerk/domain/time';
import { useCallback, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { LoadingState } from '../../../../components/LoadingState';
import { useBelegung, useGrundrisse } from '../api/leseraum-api';
import { useSpindbankenAufPlan } from '../api/spindbanken-api';
import {
  auswahlAus,
  type PlatzAuswahl,
  type PlatzVorgaben,
  STANDARD_VORGABEN,
  type TPlatzSuche,
} from '../hooks/platz-suche';
import { useSperrgrundText } from '../hooks/sperrgrund-text';
import { BuchungsAuswahl } from './BuchungsAuswahl';
import { PlanKarte } from './PlanKarte';
import { PlatzDialog } from './PlatzDialog';
import { PlatzListe } from './PlatzListe';
import { SpindbankListe } from './SpindbankAufPlan';

export type Ansicht = 'karte' | 'liste';

/**
 * The seat-planning screen (spec §2 home / floor plan) for the reading room or the workspace: choose plan,
 * day and period; see every place's state on the map or in the list; open a place to hold it.
 */
export function Sitzplan({
  bereich,
  ansicht,
  suche,
  onSucheChange,
  onAnsichtChange,
  lieblingsGrundriss,
  lieblingsPlaetze,
  zoomProzent,
  vorgaben = STANDARD_VORGABEN,
  spindGroesse = null,
  zeigeSpinde = false,
}: {
  bereich: Bereich;
  ansicht: Ansicht;
  suche: TPlatzSuche;
  onSucheChange: (next: TPlatzSuche) => void;
  onAnsichtChange: (ansicht: Ansicht) => void;
  lieblingsGrundriss: string;
  lieblingsPlaetze: readonly string[];
  zoomProzent: number;
  /** The user's preselection (Buchungsmodus, Tageszeit, LeseraumZeitVon/-Bis) where the URL says nothing. */
  vorgaben?: PlatzVorgaben;
  /** The preferred office locker size (SpindGroesse) when the tenant offers lockers with places; null: none. */
  spindGroesse?: SpindGroesse | null;
  /** Officelocker is on: the locker banks drawn on the plan show with their counts (decision 230). */
  zeigeSpinde?: boolean;
}) {
  const { t } = useTranslation();
  const sperrgrundText = useSperrgrundText();
  const heute = berlinDateKey(new Date());
  const auswahl = auswahlAus(suche, heute, vorgaben);
  const grundrisse = useGrundrisse(bereich);
  // the favourite plan first (LeseraumLieblingsGrundriss), then the server's order
  const plaene = useMemo(() => {
    const alle = grundrisse.data ?? [];
    return [
      ...alle.filter((g) => g.id === lieblingsGrundriss),
      ...alle.filter((g) => g.id !== lieblingsGrundriss),
    ];
  }, [grundrisse.data, lieblingsGrundriss]);
  const grundrissId =
    plaene.find((g) => g.id === suche.grundriss)?.id ??
    plaene.find((g) => g.id === lieblingsGrundriss)?.id ??
    plaene[0]?.id;
  const belegung = useBelegung(grundrissId, auswahl);
  const spindbanken = useSpindbankenAufPlan(grundrissId, auswahl.tag, zeigeSpinde);
  // the open place lives in the URL (?platz=), so a favourite in the sidebar or a place's QR code (decision 058)
  // can open it; the dialog offers check-in when allowed
  const offenId = suche.platz ?? null;
  // one function for the page's life: every place on the plan gets it, and a new one would redraw all of them
  // when a place is opened (a click answers within 200 ms of the data on a plan of 1,000 places)
  const aktuell = useRef({ suche, onSucheChange });
  aktuell.current = { suche, onSucheChange };
  const setOffenId = useCallback((id: string | null) => {
    const { suche: jetzt, onSucheChange: aendere } = aktuell.current;
    aendere({ ...jetzt, platz: id ?? undefined, checkin: id ? jetzt.checkin : undefined });
  }, []);

  const passt = useCallback(
    (p: TPlatzBelegung) =>
      p.kapazitaet >= auswahl.minPlaetze &&
      (!auswahl.nurFrei || p.zustand === 'frei' || p.zustand === 'stundenweise_belegt'),
    [auswahl.minPlaetze, auswahl.nurFrei],
  );
  const plaetze = belegung.data?.plaetze;
  const gefiltert = useMemo(() => (plaetze ?? []).filter(passt), [plaetze, passt]);
  const offen = plaetze?.find((p) => p.id === offenId) ?? null;

  const change = (next: Partial<PlatzAuswahl> & { grundriss?: string }) => {
    const merged = { ...auswahl, ...next };
    onSucheChange({
      grundriss: next.grundriss ?? suche.grundriss,
      tag: merged.tag === heute ? undefined : merged.tag,
      // what equals the preselection stays out of the URL
      modus: merged.modus === vorgaben.modus ? undefined : merged.modus,
      tageszeit: merged.tageszeit === vorgaben.tageszeit ? undefined : merged.tageszeit,
      von: merged.modus === 'stuendlich' && merged.von !== vorgaben.von ? merged.von : undefined,
      bis: merged.modus === 'stuendlich' && merged.bis !== vorgaben.bis ? merged.bis : undefined,
      nurFrei: merged.nurFrei ? '1' : undefined,
      minPlaetze: merged.minPlaetze > 1 ? merged.minPlaetze : undefined,
    });
  };

  if (grundrisse.isPending) return <LoadingState />;
  if (grundrisse.error)
    return <ErrorAlert error={grundrisse.error} onRetry={() => void grundrisse.refetch()} />;
  if (plaene.length === 0) return <Alert color="gray">{t('sitzplan.keinGrundriss')}</Alert>;

  return (
    <Stack gap="md">
      <BuchungsAuswahl
        grundrisse={plaene}
        grundrissId={grundrissId}
        auswahl={auswahl}
        heute={heute}
        onChange={change}
        lieblingsGrundriss={lieblingsGrundriss}
        filterVorgabe={vorgaben.filter}
        takt={vorgaben.takt}
      />
      <Group justify="space-between" gap="xs">
        <SegmentedControl
          aria-label={t('sitzplan.ansicht')}
          value={ansicht}
          onChange={(value) => onAnsichtChange(value === 'liste' ? 'liste' : 'karte')}
          data={[
            { value: 'karte', label: t('sitzplan.karte') },
            { value: 'liste', label: t('sitzplan.liste') },
          ]}
        />
        {belegung.data && (
          <Text size="sm" c="dimmed" aria-live="polite">
            {belegung.data.oeffnung
              ? t('sitzplan.oeffnung', { von: belegung.data.oeffnung.von, bis: belegung.data.oeffnung.bis })
              : t('sitzplan.geschlossen')}
            {' · '}
            {t('sitzplan.freiAnzahl', {
              count: belegung.data.plaetze.filter((p) => p.zustand === 'frei').length,
            })}
          </Text>
        )}
      </Group>
      {belegung.data?.sperrgrund && (
        <Alert color="gray" role="status" data-testid="tag-nicht-buchbar" title={t('buchbarkeit.titel')}>
          {sperrgrundText(belegung.data.sperrgrund, belegung.data.letzterTag)}
        </Alert>
      )}
      {belegung.error && <ErrorAlert error={belegung.error} onRetry={() => void belegung.refetch()} />}
      {belegung.isPending && grundrissId ? (
        <LoadingState />
      ) : belegung.data ? (
        ansicht === 'karte' ? (
          <PlanKarte
            planUrl={belegung.data.grundriss.planUrl}
            plaetze={belegung.data.plaetze}
            passt={passt}
            zoomProzent={zoomProzent}
            onOpen={setOffenId}
            spindbanken={spindbanken.data}
          />
        ) : (
          <>
            <PlatzListe plaetze={gefiltert} onOpen={setOffenId} lieblinge={lieblingsPlaetze} />
            <SpindbankListe banken={spindbanken.data ?? []} />
          </>
        )
      ) : null}
      <PlatzDialog
        bereich={bereich}
        platz={offen}
        belegung={belegung.data}
        auswahl={auswahl}
        lieblinge={lieblingsPlaetze}
        spindGroesse={spindGroesse}
        onClose={() => setOffenId(null)}
      />
    </Stack>
  );
}

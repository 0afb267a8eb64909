import { Alert, Badge, Button, Card, Collapse, Group, Stack, Text, TextInput } from '@mantine/core';
import type {
  TFahrtenbuch,
  TFahrtenbuchEintrag,
  TFahrtenbuchFassung,
} from '@stellwerk/domain/fahrten/fahrtenbuch/api';
import type { FahrtArt } from '@stellwerk/domain/fahrten/fahrtenbuch/eintrag';
import { addCalendarDays, berlinDateKey, berlinInstant } from '@stellwerk/domain/time';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { LoadingState } from '../../../../components/LoadingState';
import { errorMessage } from '../../../../lib/error-message';
import { formatDate, formatDateTime } from '../../../../lib/format-date';
import { ladeExport, useFahrtenbuch, usePruefeKette } from '../api/fahrtenbuch-api';
import { BelegLinks } from './BelegLinks';
import { artText, FassungDialog, HandEintragDialog, type HandVorschlag } from './FahrtenbuchDialoge';

const FELDER = ['kmBeginn', 'kmEnde', 'art', 'ziel', 'zweck', 'partner', 'umweg', 'notiz'] as const;
type Feld = (typeof FELDER)[number];

/** What a later version changed against the one it replaced (a corrected reading too, decision 092). */
const aenderungen = (alt: TFahrtenbuchFassung, neu: TFahrtenbuchFassung) =>
  FELDER.filter((f) => alt[f] !== neu[f]).map((f) => ({ feld: f, alt: alt[f], neu: neu[f] }));

function Versionen({ eintrag }: { eintrag: TFahrtenbuchEintrag }) {
  const { t, i18n } = useTranslation();
  const [offen, setOffen] = useState(false);
  const kette = [...eintrag.fruehere, eintrag.aktuell];
  const wert = (feld: Feld, v: string | number | null) =>
    v === null || v === ''
      ? '—'
      : typeof v === 'number'
        ? `${v.toLocaleString(i18n.language)} km`
        : feld === 'art'
          ? artText(t, v as FahrtArt)
          : v;
  const feldName = (feld: Feld) =>
    feld === 'kmBeginn'
      ? t('fahrtenbuch.kmBeginn')
      : feld === 'kmEnde'
        ? t('fahrtenbuch.kmEnde')
        : t(`fahrtenbuch.feld.${feld}`);
  return (
    <div>
      <Button variant="subtle" size="compact-sm" onClick={() => setOffen((o) => !o)} aria-expanded={offen}>
        {offen
          ? t('fahrtenbuch.versionenAus', { anzahl: eintrag.fruehere.length })
          : t('fahrtenbuch.versionenAn', { anzahl: eintrag.fruehere.length })}
      </Button>
      <Collapse expanded={offen}>
        <Stack gap={6} mt={4}>
          {kette.slice(1).map((neu, i) => {
            const alt = kette[i]!;
            return (
              <Card key={neu.id} withBorder padding="xs" bg="gray.0" data-testid="fassung">
                <Text size="xs" fw={600}>
                  {(() => {
                    const werte = {
                      nr: neu.laufnummer,
                      alt: alt.laufnummer,
                      wann: formatDateTime(neu.erfasstAm, i18n.language),
                      wer: neu.erfasstVon.name,
                    };
                    return neu.grund
                      ? t('fahrtenbuch.korrekturVon', werte)
                      : t('fahrtenbuch.nachtragVon', werte);
                  })()}
                </Text>
                {neu.grund && (
                  <Text size="xs">
                    {t('fahrtenbuch.grund')}: {neu.grund}
                  </Text>
                )}
                {aenderungen(alt, neu).map((a) => (
                  <Text size="xs" key={a.feld}>
                    {feldName(a.feld)}:{' '}
                    <Text span size="xs" td="line-through" c="dimmed" data-testid="alt">
                      {wert(a.feld, a.alt)}
                    </Text>{' '}
                    →{' '}
                    <Text span size="xs" fw={600} data-testid="neu">
                      {wert(a.feld, a.neu)}
                    </Text>
                  </Text>
                ))}
              </Card>
            );
          })}
          <Text size="xs" c="dimmed">
            {t('fahrtenbuch.ersteFassung', {
              nr: kette[0]!.laufnummer,
              wann: formatDateTime(kette[0]!.erfasstAm, i18n.language),
              wer: kette[0]!.erfasstVon.name,
            })}
          </Text>
        </Stack>
      </Collapse>
    </div>
  );
}

function EintragKarte({
  eintrag,
  benutzerId,
  onErgaenzen,
}: {
  eintrag: TFahrtenbuchEintrag;
  benutzerId: string;
  onErgaenzen: () => void;
}) {
  const { t, i18n } = useTranslation();
  const e = eintrag.aktuell;
  const korrigiert = eintrag.fruehere.length > 0;
  const hatKorrektur = [...eintrag.fruehere.slice(1), e].some((f) => f.korrigiertId && f.grund);
  const privatVerborgen = e.art === 'privat' && e.fahrer.id !== benutzerId;
  const zeilen: [string, string | null][] = [
    [t('fahrtenbuch.feld.fahrer'), e.fahrer.name],
    [t('fahrtenbuch.feld.ziel'), e.ziel],
    [t('fahrtenbuch.feld.zweck'), e.zweck],
    [t('fahrtenbuch.feld.partner'), e.partner],
    [t('fahrtenbuch.feld.umweg'), e.umweg],
    [t('fahrtenbuch.feld.notiz'), e.notiz],
  ];
  return (
    <Card withBorder padding="sm" data-testid="fahrtenbuch-eintrag">
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={600} size="sm">
            {formatDateTime(e.beginn, i18n.language)} – {formatDateTime(e.ende, i18n.language)}
          </Text>
          <Text size="sm" fw={600}>
            {t('fahrtenbuch.km', {
              von: e.kmBeginn.toLocaleString(i18n.language),
              bis: e.kmEnde.toLocaleString(i18n.language),
              strecke: e.strecke.toLocaleString(i18n.language),
            })}
          </Text>
        </Group>
        <Group gap={6}>
          <Badge variant="light" tt="none">
            {artText(t, e.art)}
          </Badge>
          {e.quelle === 'hand' && (
            <Badge variant="light" color="grape" tt="none">
              {t('fahrtenbuch.vonHand')}
            </Badge>
          )}
          {korrigiert && (
            <Badge variant="light" color="orange" tt="none">
              {hatKorrektur ? t('fahrtenbuch.korrigiert') : t('fahrtenbuch.ergaenzt')}
            </Badge>
          )}
          {eintrag.fehlend.length > 0 && (
            <Badge variant="filled" color="red" tt="none">
              {t('fahrtenbuch.unvollstaendig', {
                felder: eintrag.fehlend.map((f) => t(`fahrtenbuch.feld.${f}`)).join(', '),
              })}
            </Badge>
          )}
        </Group>
        {privatVerborgen ? (
          <Text size="sm" c="dimmed">
            {t('fahrtenbuch.privatVerborgen', { fahrer: e.fahrer.name })}
          </Text>
        ) : (
          zeilen
            .filter(([, v]) => v)
            .map(([k, v]) => (
              <Text size="sm" key={k}>
                <Text span fw={500} size="sm">
                  {k}:
                </Text>{' '}
                {v}
              </Text>
            ))
        )}
        {e.quelle === 'hand' && e.grund && !e.korrigiertId && (
          <Text size="xs">
            {t('fahrtenbuch.grund')}: {e.grund}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {t('fahrtenbuch.erfasst', {
            wann: formatDateTime(e.erfasstAm, i18n.language),
            wer: e.erfasstVon.name,
          })}
        </Text>
        <BelegLinks belege={eintrag.belege} />
        {korrigiert && <Versionen eintrag={eintrag} />}
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            {new Date(eintrag.ergaenzbarBis).getTime() > Date.now()
              ? t('fahrtenbuch.ergaenzbarBis', { bis: formatDateTime(eintrag.ergaenzbarBis, i18n.language) })
              : t('fahrtenbuch.gesperrt')}
          </Text>
          {eintrag.kannErgaenzen && (
            <Button size="xs" variant="light" onClick={onErgaenzen}>
              {t('fahrtenbuch.ergaenzen')}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

function Luecke({
  luecke,
  darfPflege,
  onErfassen,
}: {
  luecke: TFahrtenbuch['luecken'][number];
  darfPflege: boolean;
  onErfassen: () => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Alert color="yellow" variant="light" p="xs" data-testid="km-luecke">
      <Group justify="space-between" gap="xs">
        <Text size="sm">
          {t('fahrtenbuch.luecke', {
            von: luecke.vonKm.toLocaleString(i18n.language),
            bis: luecke.bisKm.toLocaleString(i18n.language),
            km: (luecke.bisKm - luecke.vonKm).toLocaleString(i18n.language),
          })}
        </Text>
        {darfPflege && (
          <Button size="xs" variant="light" onClick={onErfassen}>
            {t('fahrtenbuch.lueckeErfassen')}
          </Button>
        )}
      </Group>
    </Alert>
  );
}

function ExportKnoepfe({ fahrzeugId, von, bis }: { fahrzeugId: string; von: string; bis: string }) {
  const { t, i18n } = useTranslation();
  const [laufend, setLaufend] = useState<{ format: 'xlsx' | 'pdf'; bytes: number } | null>(null);
  const [fehler, setFehler] = useState<string | null>(null);
  const start = async (format: 'xlsx' | 'pdf') => {
    setFehler(null);
    setLaufend({ format, bytes: 0 });
    try {
      const { blob, dateiname } = await ladeExport({
        fahrzeugId,
        format,
        von,
        bis,
        onFortschritt: (bytes) => setLaufend({ format, bytes }),
      });
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = dateiname;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      setFehler(errorMessage(error, t, i18n.language));
    } finally {
      setLaufend(null);
    }
  };
  return (
    <Stack gap={4}>
      <Group gap="xs">
        {(['xlsx', 'pdf'] as const).map((format) => (
          <Button
            key={format}
            size="xs"
            variant="default"
            loading={laufend?.format === format}
            disabled={laufend !== null && laufend.format !== format}
            onClick={() => void start(format)}
          >
            {format === 'xlsx' ? t('fahrtenbuch.export.xlsx') : t('fahrtenbuch.export.pdf')}
          </Button>
        ))}
      </Group>
      {laufend && (
        <Text size="xs" c="dimmed" role="status">
          {t('fahrtenbuch.export.laeuft', {
            kb: Math.round(laufend.bytes / 1024).toLocaleString(i18n.language),
          })}
        </Text>
      )}
      {fehler && (
        <Alert color="red" variant="light" p="xs" role="alert">
          {t('fahrtenbuch.export.fehler', { fehler })}
        </Alert>
      )}
    </Stack>
  );
}

function KettenPruefung({ fahrzeugId }: { fahrzeugId: string }) {
  const { t, i18n } = useTranslation();
  const pruefung = usePruefeKette(fahrzeugId);
  const r = pruefung.data;
  return (
    <Stack gap={4}>
      <Group>
        <Button size="xs" variant="default" loading={pruefung.isPending} onClick={() => pruefung.mutate()}>
          {t('fahrtenbuch.pruefen')}
        </Button>
      </Group>
      {pruefung.error && (
        <Alert color="red" variant="light" p="xs">
          {errorMessage(pruefung.error, t, i18n.language)}
        </Alert>
      )}
      {r && (
        <Alert color={r.ok ? 'green' : 'red'} variant="light" p="xs" data-testid="ketten-pruefung">
          <Text size="sm">
            {r.ok
              ? t('fahrtenbuch.ketteOk', { anzahl: r.anzahl })
              : r.fehler?.grund === 'fehlt'
                ? t('fahrtenbuch.ketteFehlt', {
                    nr: r.fehler.laufnummer,
                    bis: r.fehler.bisLaufnummer,
                    count: r.fehler.bisLaufnummer - r.fehler.laufnummer + 1,
                  })
                : t('fahrtenbuch.ketteFehler', {
                    nr: r.fehler?.laufnummer ?? 0,
                    grund:
                      r.fehler?.grund === 'verkettung'
                        ? t('fahrtenbuch.ketteGrund.verkettung')
                        : r.fehler?.grund === 'kopf'
                          ? t('fahrtenbuch.ketteGrund.kopf')
                          : t('fahrtenbuch.ketteGrund.inhalt'),
                  })}
          </Text>
          {r.kopf && (
            <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
              {t('fahrtenbuch.ketteKopf', { nr: r.kopf.laufnummer, hash: r.kopf.hash })}
            </Text>
          )}
          {r.letzterHash && (
            <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
              {t('fahrtenbuch.letzterHash')}: {r.letzterHash}
            </Text>
          )}
          {r.anker && (
            <Text size="xs" c="dimmed">
              {t('fahrtenbuch.aufbewahrungGeloescht', {
                datum: formatDate(r.anker.bisEnde, i18n.language),
                anzahl: r.anker.anzahl,
              })}
            </Text>
          )}
        </Alert>
      )}
    </Stack>
  );
}

/**
 * The logbook tab of the vehicle detail (decision 062): the trips of a period (default this calendar
 * year) with their current version and, on request, the earlier ones (old and new, who, when, why); additions,
 * corrections and trips recorded by hand labelled; mileage gaps and incomplete business trips marked; the
 * "complete/correct" dialog within the 7-day period, the "new entry" dialog (fleet managers), the chain check
 * and the exports (fahrzeug_logbuch_report). Private trips show their details only to their driver.
 */
export function FahrtenbuchTab({
  fahrzeugId,
  benutzerId,
  darfPflege,
  darfReport,
}: {
  fahrzeugId: string;
  benutzerId: string;
  darfPflege: boolean;
  darfReport: boolean;
}) {
  const { t, i18n } = useTranslation();
  const jahr = berlinDateKey(new Date()).slice(0, 4);
  const [vonTag, setVonTag] = useState(`${jahr}-01-01`);
  const [bisTag, setBisTag] = useState(`${jahr}-12-31`);
  const gueltig =
    /^\d{4}-\d{2}-\d{2}$/.test(vonTag) && /^\d{4}-\d{2}-\d{2}$/.test(bisTag) && vonTag <= bisTag;
  const von = gueltig ? berlinInstant(vonTag, '00:00').toISOString() : '';
  const bis = gueltig ? berlinInstant(addCalendarDays(bisTag, 1), '00:00').toISOString() : '';
  const buch = useFahrtenbuch(fahrzeugId, von || 'x', bis || 'x');
  const [ergaenzen, setErgaenzen] = useState<TFahrtenbuchEintrag | null>(null);
  const [hand, setHand] = useState<HandVorschlag | null>(null);
  const daten = gueltig ? buch.data : undefined;
  return (
    <Stack gap="sm">
      <Group gap="xs" align="flex-end" wrap="wrap">
        <TextInput
          type="date"
          size="xs"
          label={t('fahrtenbuch.von')}
          value={vonTag}
          onChange={(ev) => setVonTag(ev.currentTarget.value)}
        />
        <TextInput
          type="date"
          size="xs"
          label={t('fahrtenbuch.bis')}
          value={bisTag}
          onChange={(ev) => setBisTag(ev.currentTarget.value)}
          error={gueltig ? undefined : t('fahrtenbuch.zeitraumUngueltig')}
        />
        {darfPflege && (
          <Button size="xs" onClick={() => setHand({})}>
            {t('fahrtenbuch.neu')}
          </Button>
        )}
      </Group>
      {gueltig && darfReport && <ExportKnoepfe fahrzeugId={fahrzeugId} von={von} bis={bis} />}
      <KettenPruefung fahrzeugId={fahrzeugId} />
      {gueltig && buch.isPending && <LoadingState rows={4} />}
      {gueltig && buch.error && <ErrorAlert error={buch.error} onRetry={() => void buch.refetch()} />}
      {daten && (
        <>
          <Text size="sm" fw={600}>
            {t('fahrtenbuch.summe', {
              count: daten.eintraege.length,
              km: daten.summeKm.toLocaleString(i18n.language),
            })}
          </Text>
          {daten.anker && (
            <Text size="sm" c="dimmed" data-testid="fahrtenbuch-aufbewahrung">
              {t('fahrtenbuch.aufbewahrungGeloescht', {
                datum: formatDate(daten.anker.bisEnde, i18n.language),
                anzahl: daten.anker.anzahl,
              })}
            </Text>
          )}
          {daten.eintraege.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('fahrtenbuch.leer')}
            </Text>
          )}
          {daten.eintraege.map((eintrag) => {
            const luecke = daten.luecken.find((l) => l.nachId === eintrag.aktuell.id);
            return (
              <Stack gap={6} key={eintrag.aktuell.id}>
                {luecke && (
                  <Luecke
                    luecke={luecke}
                    darfPflege={darfPflege}
                    onErfassen={() =>
                      setHand({
                        // above the last reading, as at check-in (decision 092)
                        kmBeginn: luecke.vonKm + 1,
                        kmEnde: luecke.bisKm,
                        beginn: luecke.vonZeit,
                        ende: luecke.bisZeit,
                      })
                    }
                  />
                )}
                <EintragKarte
                  eintrag={eintrag}
                  benutzerId={benutzerId}
                  onErgaenzen={() => setErgaenzen(eintrag)}
                />
              </Stack>
            );
          })}
        </>
      )}
      {ergaenzen && (
        <FassungDialog fahrzeugId={fahrzeugId} eintrag={ergaenzen} onClose={() => setErgaenzen(null)} />
      )}
      {hand && (
        <HandEintragDialog
          fahrzeugId={fahrzeugId}
          benutzerId={benutzerId}
          vorschlag={hand}
          fahrten={(daten?.eintraege ?? []).map(({ aktuell }) => ({
            id: aktuell.id,
            beginn: new Date(aktuell.beginn),
            ende: new Date(aktuell.ende),
            kmBeginn: aktuell.kmBeginn,
            kmEnde: aktuell.kmEnde,
          }))}
          onClose={() => setHand(null)}
        />
      )}
    </Stack>
  );
}

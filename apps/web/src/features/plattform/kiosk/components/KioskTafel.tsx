import { Alert, Box, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type {
  TKioskTafel,
  TKioskTafelFahrzeug,
  TKioskTafelPlan,
} from '@stellwerk/domain/plattform/kiosk/api';
import { KIOSK_PLATZ_ZUSTAENDE, KIOSK_TAFEL } from '@stellwerk/domain/plattform/kiosk/tafel';
import { TIME_ZONE } from '@stellwerk/domain/time';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SymbolIcon } from '../../../../components/PlatzSymbol';
import { applyLanguage } from '../../../../i18n/i18n';
import { ApiError } from '../../../../lib/api-client';
import { ladeTafel } from '../api/kiosk-api';
import { KioskPlan, SYMBOL, zustandText } from './KioskPlan';
import classes from './KioskTafel.module.css';
import { QrBild } from './QrBild';

const uhrzeit = (iso: string | Date, sprache: string) =>
  new Intl.DateTimeFormat(sprache === 'en' ? 'en-GB' : 'de-DE', {
    timeZone: TIME_ZONE,
    hour: '2-digit',
    minute: '2-digit',
  }).format(typeof iso === 'string' ? new Date(iso) : iso);

const datum = (tag: string, sprache: string) =>
  new Intl.DateTimeFormat(sprache === 'en' ? 'en-GB' : 'de-DE', {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
  }).format(new Date(`${tag}T12:00:00Z`));

const kurzDatum = (tag: string, sprache: string) =>
  new Intl.DateTimeFormat(sprache === 'en' ? 'en-GB' : 'de-DE', {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'short',
  }).format(new Date(`${tag}T12:00:00Z`));

/** The plan shown now: the next one every `wechselMs` when there are several. */
const useRotation = (anzahl: number) => {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (anzahl < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % anzahl), KIOSK_TAFEL.wechselMs);
    return () => clearInterval(timer);
  }, [anzahl]);
  return anzahl === 0 ? 0 : index % anzahl;
};

function Legende({ plan, t }: { plan: TKioskTafelPlan; t: TFunction }) {
  return (
    <Stack gap={12} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {KIOSK_PLATZ_ZUSTAENDE.map((z) => (
        <Group key={z} component="li" gap={16} wrap="nowrap">
          <SymbolIcon zustand={SYMBOL[z]} size={40} />
          <Text fz={30}>
            {zustandText(t, z)}: {plan.plaetze.filter((p) => p.zustand === z).length}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

function Fahrzeugleiste({
  fahrzeuge,
  sprache,
  t,
}: {
  fahrzeuge: TKioskTafelFahrzeug[];
  sprache: string;
  t: TFunction;
}) {
  return (
    <Box
      component="section"
      aria-label={t('kiosk.tafel.fahrzeuge')}
      px={40}
      py={20}
      style={{
        borderTop: '3px solid var(--mantine-color-gray-3)',
        background: 'var(--mantine-color-gray-0)',
      }}
    >
      <Group gap={40} wrap="nowrap" style={{ overflow: 'hidden' }}>
        <Text fz={32} fw={700} style={{ flex: 'none' }}>
          {t('kiosk.tafel.fahrzeuge')}
        </Text>
        {fahrzeuge.length === 0 && <Text fz={28}>{t('kiosk.tafel.keineFahrzeuge')}</Text>}
        {fahrzeuge.map((f) => (
          <Group
            key={f.id}
            gap={12}
            wrap="nowrap"
            data-kiosk-fahrzeug={f.kennzeichen}
            style={{ flex: 'none' }}
          >
            <SymbolIcon zustand={f.frei ? 'frei' : 'belegt'} size={36} />
            <Stack gap={0}>
              <Text fz={28} fw={700}>
                {f.kennzeichen}
              </Text>
              <Text fz={24}>
                {f.frei
                  ? t('kiosk.tafel.fahrzeugFrei')
                  : f.zurueckAm
                    ? t('kiosk.tafel.fahrzeugZurueck', { zeit: uhrzeit(f.zurueckAm, sprache) })
                    : t('kiosk.tafel.fahrzeugUnterwegs')}
              </Text>
            </Stack>
          </Group>
        ))}
      </Group>
    </Box>
  );
}

function Seitenleiste({
  tafel,
  plan,
  t,
}: {
  tafel: TKioskTafel;
  plan: TKioskTafelPlan | undefined;
  t: TFunction;
}) {
  const sprache = tafel.kiosk.sprache;
  const schliessungen = plan?.schliessungen ?? [];
  return (
    <Stack component="aside" gap={28} p={32} className={classes.seite}>
      {plan && (
        <>
          <Text fz="clamp(36px, 3.4vw, 64px)" fw={800} lh={1.1} data-testid="kiosk-zaehlung">
            {t('kiosk.tafel.zaehlung', { frei: plan.frei, gesamt: plan.gesamt })}
          </Text>
          <Legende plan={plan} t={t} />
          <Box>
            <Text fz={30} fw={700}>
              {t('kiosk.tafel.oeffnungHeute')}
            </Text>
            <Text fz={30}>
              {plan.oeffnung
                ? t('kiosk.tafel.oeffnung', { von: plan.oeffnung.von, bis: plan.oeffnung.bis })
                : t('kiosk.tafel.heuteGeschlossen')}
            </Text>
          </Box>
          {schliessungen.length > 0 && (
            <Box>
              <Text fz={30} fw={700}>
                {t('kiosk.tafel.schliessungen')}
              </Text>
              {schliessungen.slice(0, 3).map((s) => (
                <Text key={`${s.von}-${s.bis}`} fz={26}>
                  {s.von === s.bis
                    ? kurzDatum(s.von, sprache)
                    : `${kurzDatum(s.von, sprache)} – ${kurzDatum(s.bis, sprache)}`}
                  {s.beschreibung ? `: ${s.beschreibung}` : ''}
                </Text>
              ))}
            </Box>
          )}
        </>
      )}
      <Stack gap={8} align="center" mt="auto">
        <QrBild text={tafel.eincheckUrl} size={240} label={t('kiosk.tafel.eincheckenQr')} />
        <Text fz={26} ta="center" fw={600}>
          {t('kiosk.tafel.einchecken')}
        </Text>
      </Stack>
    </Stack>
  );
}

/**
 * The board of a paired screen (decision 207), full screen for 1920 × 1080 and read from three metres: the location,
 * date and time; the current plan (rotating when several) with each place's state as a shape and a name; the free
 * count, legend, today's hours and closures; the check-in QR; the pool cars. Asks again every 20 s (a device token
 * cannot subscribe to the live events); a 401 (revoked) returns to pairing.
 */
export function KioskTafel({
  token,
  onToken,
  onEntkoppelt,
}: {
  token: string;
  onToken: (token: string) => void;
  onEntkoppelt: () => void;
}) {
  const { t, i18n } = useTranslation();
  const abfrage = useQuery({
    queryKey: ['kiosk', 'tafel', token],
    queryFn: () => ladeTafel(token),
    refetchInterval: KIOSK_TAFEL.abfrageMs,
    refetchIntervalInBackground: true,
    retry: (n, error) => !(error instanceof ApiError && error.status === 401) && n < 2,
  });
  const tafel = abfrage.data;
  const verloren = abfrage.error instanceof ApiError && abfrage.error.status === 401;
  useEffect(() => {
    if (verloren) onEntkoppelt();
  }, [verloren, onEntkoppelt]);
  useEffect(() => {
    if (tafel?.neuerToken) onToken(tafel.neuerToken);
  }, [tafel?.neuerToken, onToken]);
  const sprache = tafel?.kiosk.sprache;
  useEffect(() => {
    if (sprache && i18n.language !== sprache) void applyLanguage(sprache);
  }, [sprache, i18n]);
  const index = useRotation(tafel?.plaene.length ?? 0);
  // the time shown is the server's (a screen's own clock may be wrong), carried on between answers
  const [takt, setTakt] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setTakt(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);
  const jetzt = new Date(tafel ? Date.parse(tafel.jetzt) + Math.max(0, takt - abfrage.dataUpdatedAt) : takt);

  if (!tafel)
    return (
      <Stack align="center" justify="center" mih="100vh" gap="lg">
        {abfrage.isError ? (
          <Alert color="red" fz={28} role="alert">
            {t('kiosk.verbindungFehlt')}
          </Alert>
        ) : (
          <Loader size="xl" aria-label={t('kiosk.laedt')} />
        )}
      </Stack>
    );
  const plan = tafel.plaene[index];
  return (
    <Box className={classes.tafel} data-testid="kiosk-tafel">
      <Group
        component="header"
        justify="space-between"
        px={40}
        py={16}
        wrap="nowrap"
        style={{ borderBottom: '3px solid var(--mantine-color-gray-3)' }}
      >
        <Stack gap={0}>
          <Title order={1} fz="clamp(28px, 2.8vw, 52px)" lh={1.1}>
            {tafel.standort.name}
          </Title>
          <Text fz={30} c="dimmed">
            {plan ? plan.bezeichnung : tafel.kiosk.bezeichnung}
            {tafel.plaene.length > 1 ? ` (${index + 1}/${tafel.plaene.length})` : ''}
          </Text>
        </Stack>
        <Stack gap={0} align="flex-end">
          <Text fz={56} fw={700} lh={1.1}>
            {uhrzeit(jetzt, tafel.kiosk.sprache)}
          </Text>
          <Text fz={30}>{datum(tafel.tag, tafel.kiosk.sprache)}</Text>
        </Stack>
      </Group>
      {abfrage.isError && (
        <Alert color="orange" fz={24} role="status" radius={0}>
          {t('kiosk.veraltet')}
        </Alert>
      )}
      <Box className={classes.mitte}>
        <Box component="main" id="main-content" p={24} style={{ flex: 1, minWidth: 0 }}>
          {plan ? (
            <KioskPlan key={plan.id} plan={plan} token={token} />
          ) : (
            <Stack align="center" justify="center" h="100%">
              <Text fz={40}>{t('kiosk.tafel.keinePlaene')}</Text>
            </Stack>
          )}
        </Box>
        <Seitenleiste tafel={tafel} plan={plan} t={t} />
      </Box>
      {tafel.fahrzeuge && <Fahrzeugleiste fahrzeuge={tafel.fahrzeuge} sprache={tafel.kiosk.sprache} t={t} />}
    </Box>
  );
}

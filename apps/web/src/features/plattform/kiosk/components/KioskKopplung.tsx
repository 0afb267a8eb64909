import { Alert, Loader, Stack, Text, Title } from '@mantine/core';
import type { TKioskKopplung } from '@stellwerk/domain/plattform/kiosk/api';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../lib/api-client';
import { ladeGeraet, neueKopplung } from '../api/kiosk-api';
import { QrBild } from './QrBild';

/** How often an unpaired screen asks whether it was paired. */
const ABFRAGE_MS = 3_000;
/** A new code is fetched this long before the shown one expires. */
const VORLAUF_MS = 30_000;

/**
 * An unpaired screen (decision 182): shows a pairing code large, as `ABCD-EFGH`, and a QR of the admin page with
 * the code; fetches a new code before it expires and asks every few seconds whether an administrator entered it.
 * Once paired, the code's secret is this device's token.
 */
export function KioskKopplung({ onGekoppelt }: { onGekoppelt: (token: string) => void }) {
  const { t } = useTranslation();
  const [kopplung, setKopplung] = useState<TKioskKopplung | null>(null);
  const [fehler, setFehler] = useState(false);

  // a code, and the next one shortly before it expires
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const hole = async () => {
      try {
        const k = await neueKopplung();
        if (!live) return;
        setKopplung(k);
        setFehler(false);
        const bis = new Date(k.gueltigBis).getTime() - Date.now() - VORLAUF_MS;
        timer = setTimeout(() => void hole(), Math.max(10_000, bis));
      } catch {
        if (!live) return;
        setFehler(true);
        timer = setTimeout(() => void hole(), 15_000);
      }
    };
    void hole();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, []);

  // whether the code was entered
  const geheimnis = kopplung?.geheimnis ?? null;
  useEffect(() => {
    if (!geheimnis) return;
    let live = true;
    const timer = setInterval(() => {
      void ladeGeraet(geheimnis).then(
        (g) => {
          if (live) onGekoppelt(g.neuerToken ?? geheimnis);
        },
        (error: unknown) => {
          if (!(error instanceof ApiError) || error.status !== 401) setFehler(true);
        },
      );
    }, ABFRAGE_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [geheimnis, onGekoppelt]);

  const adminUrl = kopplung
    ? `${window.location.origin}/admin/kiosks?code=${encodeURIComponent(kopplung.code)}`
    : null;
  return (
    <Stack
      component="main"
      id="main-content"
      align="center"
      justify="center"
      mih="100vh"
      gap={40}
      p={{ base: 16, md: 48 }}
      ta="center"
    >
      <Title order={1} fz="clamp(28px, 3vw, 56px)">
        {t('kiosk.kopplung.titel')}
      </Title>
      <Text fz="clamp(18px, 1.7vw, 32px)" maw={1200}>
        {t('kiosk.kopplung.hilfe')}
      </Text>
      {kopplung && adminUrl ? (
        <>
          <Text
            component="output"
            aria-label={t('kiosk.kopplung.code')}
            data-testid="kiosk-kopplungscode"
            fz="clamp(40px, 11vw, 140px)"
            fw={800}
            ff="monospace"
            lh={1}
            style={{ letterSpacing: '0.08em' }}
          >
            {kopplung.code}
          </Text>
          <QrBild text={adminUrl} size={280} label={t('kiosk.kopplung.qr')} />
          <Text fz={28} c="dimmed">
            {t('kiosk.kopplung.gueltigBis', {
              zeit: new Date(kopplung.gueltigBis).toLocaleTimeString(undefined, {
                hour: '2-digit',
                minute: '2-digit',
              }),
            })}
          </Text>
        </>
      ) : (
        !fehler && <Loader size="xl" aria-label={t('kiosk.laedt')} />
      )}
      {fehler && (
        <Alert color="red" fz={28} role="alert">
          {t('kiosk.verbindungFehlt')}
        </Alert>
      )}
    </Stack>
  );
}

import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { TGrundrissAdmin, TPlatzAdmin } from '@stellwerk/domain/leseraum/admin-raeume.api';
import qrcode from 'qrcode-generator';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { checkInUrl } from '../hooks/qr-bogen';
import classes from './QrBogen.module.css';

/** The QR code of `text` as an SVG path (one unit per module, with the standard quiet zone of 4). */
function QrCode({ text, label }: { text: string; label: string }) {
  const { size, path } = useMemo(() => {
    const qr = qrcode(0, 'M');
    qr.addData(text);
    qr.make();
    const n = qr.getModuleCount();
    let d = '';
    for (let row = 0; row < n; row++)
      for (let col = 0; col < n; col++) if (qr.isDark(row, col)) d += `M${col} ${row}h1v1h-1z`;
    return { size: n, path: d };
  }, [text]);
  return (
    <svg
      className={classes.code}
      viewBox={`-4 -4 ${size + 8} ${size + 8}`}
      role="img"
      aria-label={label}
      data-qr-url={text}
      shapeRendering="crispEdges"
    >
      <rect x={-4} y={-4} width={size + 8} height={size + 8} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}

/**
 * A printable sheet with one QR code per active place of the plan (decision 058); each opens the place on
 * the booking map of its area on a phone, where the place's dialog offers check-in.
 */
export function QrBogen({
  grundriss,
  plaetze,
  onClose,
}: {
  grundriss: TGrundrissAdmin;
  plaetze: readonly TPlatzAdmin[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const aktive = plaetze.filter((p) => p.aktiv);
  const origin = window.location.origin;
  return (
    <section className={classes.bogen} aria-labelledby="qr-bogen-titel">
      <Stack gap="md">
        <Group justify="space-between" className={classes.keinDruck}>
          <Text size="sm" c="dimmed" maw={560}>
            {t('adminRaeume.qr.hilfe')}
          </Text>
          <Group gap="xs">
            <Button variant="default" onClick={onClose}>
              {t('adminRaeume.qr.zurueck')}
            </Button>
            <Button onClick={() => window.print()} disabled={aktive.length === 0}>
              {t('adminRaeume.qr.drucken')}
            </Button>
          </Group>
        </Group>
        <Title order={2} fz="lg" id="qr-bogen-titel">
          {t('adminRaeume.qr.titel', { name: grundriss.bezeichnung })}
        </Title>
        {aktive.length === 0 ? (
          <Alert color="gray" role="note">
            {t('adminRaeume.qr.leer')}
          </Alert>
        ) : (
          <div className={classes.raster}>
            {aktive.map((p) => {
              const url = checkInUrl({
                origin,
                bereich: grundriss.bereich,
                grundrissId: grundriss.id,
                platzId: p.id,
              });
              return (
                <div key={p.id} className={classes.karte} data-testid="qr-karte">
                  <QrCode text={url} label={t('adminRaeume.qr.codeFuer', { name: p.bezeichnung })} />
                  <Text fw={700} size="lg">
                    {p.bezeichnung}
                  </Text>
                  <Text size="xs">{grundriss.bezeichnung}</Text>
                  <Text size="xs">{t('adminRaeume.qr.scannen')}</Text>
                  <div className={classes.url}>{url}</div>
                </div>
              );
            })}
          </div>
        )}
      </Stack>
    </section>
  );
}

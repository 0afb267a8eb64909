import { Alert, Button, Card, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { TIME_ZONE } from '@stellwerk/domain/time';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../../lib/error-message';
import { formatDate } from '../../../../lib/format-date';
import { useEinchecken } from '../api/einchecken';

const uhrzeit = (value: string, language: string) =>
  new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'de-DE', {
    timeZone: TIME_ZONE,
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(value));

/**
 * /kiosk/einchecken?c=…: the page a phone opens after scanning a kiosk's QR. The code is redeemed once on opening
 * (a second request would count as a second use), and the result is shown: the place and room checked in to, or
 * the catalogue's message.
 */
export function KioskEinchecken({ code }: { code: string | undefined }) {
  const { t, i18n } = useTranslation();
  const einchecken = useEinchecken();
  const gesendet = useRef(false);
  const { mutate } = einchecken;

  useEffect(() => {
    if (!code || gesendet.current) return;
    gesendet.current = true;
    mutate(code);
  }, [code, mutate]);

  const bereichStart = (bereich: 'leseraum' | 'arbeitswelt') =>
    bereich === 'arbeitswelt' ? '/arbeitswelt' : '/leseraum/karte';

  if (!code)
    return (
      <Alert color="orange" role="alert" title={t('kioskEinchecken.fehlerTitel')}>
        {t('kioskEinchecken.ohneCode')}
      </Alert>
    );

  if (einchecken.isIdle || einchecken.isPending)
    return (
      <Group gap="sm" role="status" py="lg">
        <Loader size="sm" />
        <Text>{t('kioskEinchecken.laeuft')}</Text>
      </Group>
    );

  if (einchecken.isError)
    return (
      <Stack gap="md">
        <Alert color="red" role="alert" title={t('kioskEinchecken.fehlerTitel')}>
          {errorMessage(einchecken.error, t, i18n.language)}
        </Alert>
        <Text size="sm" c="dimmed">
          {t('kioskEinchecken.fehlerHinweis')}
        </Text>
      </Stack>
    );

  const { buchung, standortName } = einchecken.data;
  return (
    <Card withBorder radius="md" padding="lg" role="status" aria-live="polite">
      <Stack gap="sm" align="flex-start">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon color="green" radius="xl" size="lg" aria-hidden>
            <Text fw={700} c="white" lh={1}>
              ✓
            </Text>
          </ThemeIcon>
          <Title order={2} fz={22}>
            {t('kioskEinchecken.erfolg', {
              platz: buchung.leseraum.bezeichnung,
              raum: buchung.grundriss.bezeichnung,
            })}
          </Title>
        </Group>
        <Text>{standortName}</Text>
        <Text c="dimmed" size="sm">
          {t('kioskEinchecken.zeitraum', {
            tag: formatDate(buchung.von, i18n.language),
            von: uhrzeit(buchung.von, i18n.language),
            bis: uhrzeit(buchung.bis, i18n.language),
          })}
        </Text>
        <Button component={Link} to={bereichStart(buchung.grundriss.bereich)} variant="light" mt="xs">
          {t('kioskEinchecken.zurBuchung')}
        </Button>
      </Stack>
    </Card>
  );
}

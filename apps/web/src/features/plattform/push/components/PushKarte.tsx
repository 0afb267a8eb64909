import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { parseLanguage } from '@stellwerk/domain/language';
import { PUSH_ART_NAMEN, PUSH_ARTEN, type PushArt } from '@stellwerk/domain/plattform/push/push';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { LoadingState } from '../../../../components/LoadingState';
import { formatDateTime } from '../../../../lib/format-date';
import {
  ladeVapidSchluessel,
  useAbonnierePush,
  useEntfernePushGeraet,
  useMeldePushAb,
  usePushGeraete,
} from '../api/push-api';
import {
  abonniereImBrowser,
  aktuellesAbo,
  type BrowserAbo,
  geraetName,
  meldeImBrowserAb,
  pushMoeglich,
} from '../hooks/browser-push';

/**
 * Web push on the settings page (decision 245): this device opts in for the kinds the user picks ('Check-in
 * möglich', 'Vormerkung läuft ab', 'Fahrt nicht ausgecheckt', approvals), and the list of the user's devices.
 * Each push follows the same switches as its mail.
 */
export function PushKarte() {
  const { t, i18n } = useTranslation();
  const sprache = parseLanguage(i18n.language);
  const geraete = usePushGeraete();
  const abonniere = useAbonnierePush();
  const melde = useMeldePushAb();
  const entferne = useEntfernePushGeraet();
  const moeglich = pushMoeglich();
  const [hier, setHier] = useState<BrowserAbo | null | undefined>(undefined);
  const [arten, setArten] = useState<PushArt[]>([...PUSH_ARTEN]);
  const [abgelehnt, setAbgelehnt] = useState(false);
  const [fehler, setFehler] = useState<unknown>(null);

  useEffect(() => {
    if (!moeglich) return;
    void aktuellesAbo()
      .then(setHier)
      .catch(() => setHier(null));
  }, [moeglich]);
  const diesesGeraet = hier ? geraete.data?.find((g) => g.endpoint === hier.endpoint) : undefined;
  useEffect(() => {
    if (diesesGeraet) setArten(diesesGeraet.arten);
  }, [diesesGeraet]);

  const einschalten = async () => {
    setFehler(null);
    setAbgelehnt(false);
    try {
      const abo = await abonniereImBrowser(await ladeVapidSchluessel());
      if (!abo) {
        setAbgelehnt(true);
        return;
      }
      await abonniere.mutateAsync({ ...abo, arten, geraet: geraetName() });
      setHier(abo);
    } catch (err) {
      setFehler(err);
    }
  };
  const ausschalten = async () => {
    setFehler(null);
    try {
      if (hier) await melde.mutateAsync(hier.endpoint);
      await meldeImBrowserAb();
      setHier(null);
    } catch (err) {
      setFehler(err);
    }
  };
  const busy = abonniere.isPending || melde.isPending;

  return (
    <Card withBorder padding="md" radius="md" component="section" aria-labelledby="push-titel">
      <Stack gap="sm">
        <Title order={2} size="h4" id="push-titel">
          {t('push.titel')}
        </Title>
        <Text size="sm">{t('push.beschreibung')}</Text>
        {!moeglich ? (
          <Alert color="gray" variant="light" role="note">
            {t('push.nichtMoeglich')}
          </Alert>
        ) : (
          <>
            <Checkbox.Group
              label={t('push.arten')}
              value={arten}
              onChange={(v) =>
                setArten(v.filter((a): a is PushArt => (PUSH_ARTEN as readonly string[]).includes(a)))
              }
            >
              <Stack gap={6} mt={6}>
                {PUSH_ARTEN.map((art) => (
                  <Checkbox key={art} value={art} label={PUSH_ART_NAMEN[art][sprache]} />
                ))}
              </Stack>
            </Checkbox.Group>
            <Text size="sm" c="dimmed">
              {diesesGeraet ? t('push.diesesGeraetAn') : t('push.diesesGeraetAus')}
            </Text>
            <Group gap="xs">
              <Button onClick={() => void einschalten()} loading={busy} disabled={hier === undefined}>
                {diesesGeraet ? t('push.speichern') : t('push.einschalten')}
              </Button>
              {diesesGeraet && (
                <Button variant="default" onClick={() => void ausschalten()} loading={busy}>
                  {t('push.ausschalten')}
                </Button>
              )}
            </Group>
            {abgelehnt && (
              <Alert color="yellow" variant="light" role="alert">
                {t('push.abgelehnt')}
              </Alert>
            )}
          </>
        )}
        {fehler !== null && <ErrorAlert error={fehler} />}
        {geraete.isPending ? (
          <LoadingState />
        ) : geraete.error ? (
          <ErrorAlert error={geraete.error} onRetry={() => void geraete.refetch()} />
        ) : geraete.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('push.keineGeraete')}
          </Text>
        ) : (
          <Table aria-label={t('push.titel')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('push.geraet')}</Table.Th>
                <Table.Th>{t('push.arten')}</Table.Th>
                <Table.Th>{t('push.seit')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('push.entfernen')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {geraete.data.map((g) => (
                <Table.Tr key={g.id}>
                  <Table.Td>
                    {g.geraet ?? g.dienst}
                    {g.id === diesesGeraet?.id && ` (${t('push.diesesGeraet')})`}
                  </Table.Td>
                  <Table.Td>{g.arten.map((a) => PUSH_ART_NAMEN[a][sprache]).join(', ') || '–'}</Table.Td>
                  <Table.Td>{formatDateTime(g.erstelltAt, i18n.language)}</Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      color="red"
                      onClick={() => entferne.mutate(g.id)}
                      loading={entferne.isPending && entferne.variables === g.id}
                      aria-label={`${t('push.entfernen')}: ${g.geraet ?? g.dienst}`}
                    >
                      {t('push.entfernen')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  );
}

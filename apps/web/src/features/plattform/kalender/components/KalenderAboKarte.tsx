import {
  Alert,
  Button,
  Card,
  Checkbox,
  CopyButton,
  Fieldset,
  Group,
  List,
  Modal,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { TKalenderAboLinks, TKalenderFilter } from '@stellwerk/domain/plattform/kalender/api';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { LoadingState } from '../../../../components/LoadingState';
import { errorMessage } from '../../../../lib/error-message';
import { formatDateTime } from '../../../../lib/format-date';
import {
  useAendereKalenderFilter,
  useErstelleKalenderAbo,
  useKalenderAbo,
  useWiderrufeKalenderAbo,
} from '../api/kalender-abo';

/** The yellow alert's own title colour is too pale on its background (axe): dark text instead. */
const READABLE_TITLE = { title: { color: 'var(--mantine-color-dark-7)' } };

/** The links of a new or rotated subscription, shown once, with how to subscribe in the common calendars. */
function AboLinksDialog({ links, onClose }: { links: TKalenderAboLinks | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={links !== null} onClose={onClose} title={t('kalender.dialog.titel')} size="lg">
      {links && (
        <Stack gap="sm">
          <Alert color="yellow" title={t('kalender.dialog.einmalTitel')} styles={READABLE_TITLE}>
            {t('kalender.dialog.einmal')}
          </Alert>
          <TextInput
            label={t('kalender.dialog.link')}
            value={links.httpsUrl}
            readOnly
            onFocus={(e) => e.currentTarget.select()}
            data-testid="kalender-link"
          />
          <Group gap="xs" wrap="wrap">
            <CopyButton value={links.httpsUrl}>
              {({ copied, copy }) => (
                <Button variant="default" onClick={copy}>
                  {copied ? t('kalender.dialog.kopiert') : t('kalender.dialog.kopieren')}
                </Button>
              )}
            </CopyButton>
            <Button component="a" href={links.webcalUrl} variant="light">
              {t('kalender.dialog.webcal')}
            </Button>
          </Group>
          <Text fw={500} size="sm">
            {t('kalender.dialog.soGehts')}
          </Text>
          <List size="sm" spacing={4}>
            <List.Item>{t('kalender.dialog.outlook')}</List.Item>
            <List.Item>{t('kalender.dialog.google')}</List.Item>
            <List.Item>{t('kalender.dialog.apple')}</List.Item>
          </List>
          <Text size="xs" c="dimmed">
            {t('kalender.dialog.aktualisierung')}
          </Text>
          <Group justify="flex-end">
            <Button onClick={onClose}>{t('kalender.dialog.fertig')}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/**
 * Personal settings: the calendar subscription (decision 168). A link with a secret token that calendar apps
 * subscribe to, shown once when made; what it holds (vehicle and place bookings), a new link (the old one stops),
 * and ending it.
 */
export function KalenderAboKarte() {
  const { t, i18n } = useTranslation();
  const abo = useKalenderAbo();
  const erstellen = useErstelleKalenderAbo();
  const filterAendern = useAendereKalenderFilter();
  const widerrufen = useWiderrufeKalenderAbo();
  const [filter, setFilter] = useState<TKalenderFilter>({ fahrzeuge: true, plaetze: true });
  const [links, setLinks] = useState<TKalenderAboLinks | null>(null);
  const [frage, setFrage] = useState<'erneuern' | 'beenden' | null>(null);
  const stand = abo.data?.abo ?? null;

  useEffect(() => {
    if (stand) setFilter({ fahrzeuge: stand.fahrzeuge, plaetze: stand.plaetze });
  }, [stand]);

  const setze = (next: TKalenderFilter) => {
    setFilter(next);
    if (stand && (next.fahrzeuge || next.plaetze)) filterAendern.mutate(next);
  };
  const erzeuge = () =>
    erstellen.mutate(filter, {
      onSuccess: (result) => {
        setFrage(null);
        setLinks(result);
      },
    });
  const keinFilter = !filter.fahrzeuge && !filter.plaetze;

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="kalender-titel">
      <Stack gap="md">
        <Title order={2} fz="lg" id="kalender-titel">
          {t('kalender.titel')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('kalender.beschreibung')}
        </Text>
        {abo.isPending && <LoadingState rows={2} />}
        {abo.error && <ErrorAlert error={abo.error} onRetry={() => void abo.refetch()} />}
        {abo.isSuccess && (
          <>
            <Fieldset legend={t('kalender.filter')} variant="unstyled">
              <Stack gap={6} mt={6}>
                <Checkbox
                  label={t('kalender.fahrzeuge')}
                  checked={filter.fahrzeuge}
                  onChange={(e) => setze({ ...filter, fahrzeuge: e.currentTarget.checked })}
                />
                <Checkbox
                  label={t('kalender.plaetze')}
                  checked={filter.plaetze}
                  onChange={(e) => setze({ ...filter, plaetze: e.currentTarget.checked })}
                />
              </Stack>
            </Fieldset>
            {keinFilter && (
              <Text size="sm" c="red" role="alert">
                {t('kalender.keinFilter')}
              </Text>
            )}
            {filterAendern.error && <ErrorAlert error={filterAendern.error} />}
            {stand ? (
              <Text size="sm" role="status" data-testid="kalender-stand">
                {t('kalender.aktiv', {
                  datum: formatDateTime(stand.erneuertAt ?? stand.erstelltAt, i18n.language),
                  anfang: stand.anfang,
                })}
              </Text>
            ) : (
              <Text size="sm">{t('kalender.keines')}</Text>
            )}
            {erstellen.error && !frage && <ErrorAlert error={erstellen.error} />}
            <Group gap="xs" wrap="wrap">
              {stand ? (
                <>
                  <Button variant="default" onClick={() => setFrage('erneuern')} disabled={keinFilter}>
                    {t('kalender.erneuern')}
                  </Button>
                  <Button color="red" variant="light" onClick={() => setFrage('beenden')}>
                    {t('kalender.beenden')}
                  </Button>
                </>
              ) : (
                <Button onClick={erzeuge} loading={erstellen.isPending} disabled={keinFilter}>
                  {t('kalender.einrichten')}
                </Button>
              )}
            </Group>
          </>
        )}
      </Stack>
      <AboLinksDialog links={links} onClose={() => setLinks(null)} />
      <ConfirmDialog
        opened={frage !== null}
        title={frage === 'beenden' ? t('kalender.beenden') : t('kalender.erneuern')}
        message={frage === 'beenden' ? t('kalender.beendenHinweis') : t('kalender.erneuernHinweis')}
        confirmLabel={frage === 'beenden' ? t('kalender.beenden') : t('kalender.erneuern')}
        cancelLabel={t('kalender.abbrechen')}
        color={frage === 'beenden' ? 'red' : undefined}
        loading={erstellen.isPending || widerrufen.isPending}
        error={
          frage === 'beenden'
            ? widerrufen.error
              ? errorMessage(widerrufen.error, t, i18n.language)
              : null
            : erstellen.error
              ? errorMessage(erstellen.error, t, i18n.language)
              : null
        }
        onConfirm={() =>
          frage === 'beenden' ? widerrufen.mutate(undefined, { onSuccess: () => setFrage(null) }) : erzeuge()
        }
        onClose={() => {
          erstellen.reset();
          widerrufen.reset();
          setFrage(null);
        }}
      />
    </Card>
  );
}

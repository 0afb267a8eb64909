import { Alert, Badge, Button, Card, Group, Modal, Stack, Text } from '@mantine/core';
import type { TKiosk } from '@stellwerk/domain/plattform/kiosk/api';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../../components/ConfirmModal';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { LoadingState } from '../../../../components/LoadingState';
import { apiFieldError } from '../../../../lib/form-errors';
import { formatDateTime } from '../../../../lib/format-date';
import { useKioskGrundrisse, useKiosks, useWiderrufeKiosk } from '../api/kiosks';
import { KioskForm } from './KioskForm';

/** The dialog open: pairing a new screen, or changing a paired one. */
type Offen = { art: 'koppeln'; code?: string } | { art: 'aendern'; kiosk: TKiosk };

function Zustand({ kiosk }: { kiosk: TKiosk }) {
  const { t } = useTranslation();
  if (kiosk.widerrufenAt)
    return (
      <Badge color="gray" variant="light">
        {t('adminKiosks.zustand.widerrufen')}
      </Badge>
    );
  return kiosk.online ? (
    <Badge color="green" variant="light">
      {t('adminKiosks.zustand.online')}
    </Badge>
  ) : (
    <Badge color="orange" variant="light">
      {t('adminKiosks.zustand.offline')}
    </Badge>
  );
}

function Angabe({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" align="baseline">
      <Text size="sm" c="dimmed" style={{ flex: '0 0 auto' }}>
        {label}:
      </Text>
      <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

/**
 * /admin/kiosks: the wall screens of the tenant with location, floor plans, last contact, version and state; pair a
 * screen with the code it shows, change what one shows, revoke one (its screen then asks to be paired again).
 */
/**
 * `code`: the pairing code from the address (`/admin/kiosks?code=…`, the QR a waiting screen shows): the pairing
 * dialog opens with it filled in.
 */
export function KioskList({ code }: { code?: string } = {}) {
  const { t, i18n } = useTranslation();
  const query = useKiosks();
  const grundrisse = useKioskGrundrisse();
  const widerrufen = useWiderrufeKiosk();
  const [offen, setOffen] = useState<Offen | null>(code ? { art: 'koppeln', code } : null);
  const [widerruf, setWiderruf] = useState<TKiosk | null>(null);

  const planName = (id: string) => grundrisse.data?.find((g) => g.id === id)?.bezeichnung;
  const plaeneText = (kiosk: TKiosk) =>
    kiosk.grundrissIds.length === 0
      ? t('adminKiosks.alleGrundrisse')
      : kiosk.grundrissIds.map((id) => planName(id) ?? t('adminKiosks.grundrissUnbekannt')).join(', ');

  const closeWiderruf = () => {
    setWiderruf(null);
    widerrufen.reset();
  };

  let body: ReactNode;
  if (query.isPending) body = <LoadingState rows={3} />;
  else if (query.isError) body = <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />;
  else if (query.data.length === 0)
    body = (
      <Alert color="gray" variant="light" role="note" title={t('adminKiosks.emptyTitle')}>
        {t('adminKiosks.empty')}
      </Alert>
    );
  else
    body = (
      <Stack
        gap="sm"
        component="ul"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label={t('adminKiosks.title')}
      >
        {query.data.map((kiosk) => (
          <Card
            key={kiosk.id}
            withBorder
            radius="md"
            padding="md"
            component="li"
            aria-label={kiosk.bezeichnung}
            style={kiosk.widerrufenAt ? { opacity: 0.75 } : undefined}
          >
            <Group justify="space-between" align="flex-start" gap="sm">
              <Stack gap={4} style={{ flex: '1 1 240px', minWidth: 0 }}>
                <Group gap="xs">
                  <Text fw={600}>{kiosk.bezeichnung}</Text>
                  <Zustand kiosk={kiosk} />
                </Group>
                <Angabe label={t('adminKiosks.standort')}>{kiosk.standortName}</Angabe>
                <Angabe label={t('adminKiosks.grundrisse')}>{plaeneText(kiosk)}</Angabe>
                <Angabe label={t('adminKiosks.letzterKontakt')}>
                  {kiosk.letzterKontaktAt
                    ? formatDateTime(kiosk.letzterKontaktAt, i18n.language)
                    : t('adminKiosks.keinKontakt')}
                </Angabe>
                <Angabe label={t('adminKiosks.version')}>{kiosk.version ?? '–'}</Angabe>
                {kiosk.widerrufenAt && (
                  <Text size="xs" c="dimmed">
                    {t('adminKiosks.widerrufenAm', {
                      zeit: formatDateTime(kiosk.widerrufenAt, i18n.language),
                    })}
                  </Text>
                )}
              </Stack>
              {!kiosk.widerrufenAt && (
                <Group gap="xs">
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => setOffen({ art: 'aendern', kiosk })}
                    aria-label={t('adminKiosks.editNamed', { name: kiosk.bezeichnung })}
                  >
                    {t('adminKiosks.edit')}
                  </Button>
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    onClick={() => setWiderruf(kiosk)}
                    aria-label={t('adminKiosks.widerrufenNamed', { name: kiosk.bezeichnung })}
                  >
                    {t('adminKiosks.widerrufen')}
                  </Button>
                </Group>
              )}
            </Group>
          </Card>
        ))}
      </Stack>
    );

  return (
    <Stack gap="md" maw={900}>
      <Group justify="flex-end">
        <Button onClick={() => setOffen({ art: 'koppeln' })}>{t('adminKiosks.koppeln')}</Button>
      </Group>
      {body}
      <Modal
        opened={offen !== null}
        onClose={() => setOffen(null)}
        title={offen?.art === 'aendern' ? t('adminKiosks.editTitle') : t('adminKiosks.koppelnTitle')}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {offen && (
          <KioskForm
            key={offen.art === 'aendern' ? offen.kiosk.id : 'neu'}
            kiosk={offen.art === 'aendern' ? offen.kiosk : null}
            code={offen.art === 'koppeln' ? offen.code : undefined}
            onClose={() => setOffen(null)}
          />
        )}
      </Modal>
      <ConfirmModal
        opened={widerruf !== null}
        title={t('adminKiosks.widerrufenTitle')}
        confirmLabel={t('adminKiosks.widerrufen')}
        onClose={closeWiderruf}
        loading={widerrufen.isPending}
        error={widerrufen.error ? apiFieldError(widerrufen.error, t, i18n.language).message : null}
        onConfirm={() => widerruf && widerrufen.mutate(widerruf.id, { onSuccess: closeWiderruf })}
      >
        {t('adminKiosks.widerrufenText', { name: widerruf?.bezeichnung ?? '' })}
      </ConfirmModal>
    </Stack>
  );
}

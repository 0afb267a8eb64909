import { Alert, Badge, Button, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { TGrundrissAdmin, TPlatzAdmin } from '@stellwerk/domain/leseraum/admin-raeume.api';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../../components/ConfirmModal';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { LoadingState } from '../../../../components/LoadingState';
import { apiFieldError } from '../../../../lib/form-errors';
import { useDeleteGrundriss, useGrundrisseAdmin, usePlaetze } from '../api/raeume-api';
import { startPosition } from '../hooks/platz-verschieben';
import type { TRaeumeSuche } from '../hooks/qr-bogen';
import { GrundrissFormModal } from './GrundrissFormModal';
import { PlatzEditor } from './PlatzEditor';
import { PlatzFormModal } from './PlatzFormModal';
import { QrBogen } from './QrBogen';

type PlatzDialog = { platz: TPlatzAdmin | null } | null;

/** The places of the chosen plan: the editor, the list (the keyboard and screen-reader alternative), QR sheet. */
function PlaetzeDesGrundrisses({
  grundriss,
  ansicht,
  onAnsicht,
}: {
  grundriss: TGrundrissAdmin;
  ansicht: 'plan' | 'qr';
  onAnsicht: (ansicht: 'plan' | 'qr') => void;
}) {
  const { t } = useTranslation();
  const plaetze = usePlaetze(grundriss.id);
  const [dialog, setDialog] = useState<PlatzDialog>(null);
  const [groesse, setGroesse] = useState({ width: 800, height: 500 });

  if (plaetze.isPending) return <LoadingState rows={4} />;
  if (plaetze.isError) return <ErrorAlert error={plaetze.error} onRetry={() => void plaetze.refetch()} />;
  const liste = plaetze.data;
  if (ansicht === 'qr')
    return <QrBogen grundriss={grundriss} plaetze={liste} onClose={() => onAnsicht('plan')} />;

  return (
    <Stack gap="md" component="section" aria-labelledby="plaetze-titel">
      <Group justify="space-between" gap="sm">
        <Title order={2} fz="lg" id="plaetze-titel">
          {t('adminRaeume.plaetzeTitel', { name: grundriss.bezeichnung })}
        </Title>
        <Group gap="xs">
          <Button variant="default" onClick={() => onAnsicht('qr')} disabled={liste.length === 0}>
            {t('adminRaeume.qr.oeffnen')}
          </Button>
          <Button onClick={() => setDialog({ platz: null })}>{t('adminRaeume.platz.neu')}</Button>
        </Group>
      </Group>
      {!grundriss.planUrl && (
        <Alert color="gray" role="note">
          {t('adminRaeume.editor.keinSvg')}
        </Alert>
      )}
      <PlatzEditor
        grundriss={grundriss}
        plaetze={liste}
        onEdit={(platz) => setDialog({ platz })}
        onGroesse={setGroesse}
      />
      {liste.length === 0 ? (
        <Alert color="gray" role="note">
          {t('adminRaeume.platz.leer')}
        </Alert>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="xs" highlightOnHover aria-labelledby="plaetze-titel">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('adminRaeume.platz.bezeichnung')}</Table.Th>
                <Table.Th>{t('adminRaeume.platz.kapazitaet')}</Table.Th>
                <Table.Th>{t('adminRaeume.platz.ausstattung')}</Table.Th>
                <Table.Th>{t('adminRaeume.platz.position')}</Table.Th>
                <Table.Th>{t('adminRaeume.status')}</Table.Th>
                <Table.Th w={1}>
                  <VisuallyHidden>{t('adminRaeume.aktionen')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {liste.map((p) => (
                <Table.Tr key={p.id} data-testid="platz-zeile">
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {p.bezeichnung}
                    </Text>
                    <Group gap={4}>
                      {p.brandschutzhelfer && (
                        <Badge size="xs" color="red.9" variant="filled">
                          {t('adminRaeume.platz.brandschutzhelfer')}
                        </Badge>
                      )}
                      {p.ersthelfer && (
                        <Badge size="xs" color="#237032" variant="filled">
                          {t('adminRaeume.platz.ersthelfer')}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>{p.kapazitaet}</Table.Td>
                  <Table.Td>
                    <Text size="xs">
                      {p.ausstattung.map((a) => `${a.anzahl} × ${a.name}`).join(', ') || '–'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs">
                      {p.position
                        ? `${Math.round(p.position.x)}, ${Math.round(p.position.y)}`
                        : t('adminRaeume.editor.nichtPlatziert')}
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Badge miw="fit-content" color={p.aktiv ? 'teal.9' : 'gray.7'} variant="filled">
                      {p.aktiv ? t('adminRaeume.aktiv') : t('adminRaeume.inaktiv')}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      onClick={() => setDialog({ platz: p })}
                      aria-label={t('adminRaeume.platz.bearbeitenTitel', { name: p.bezeichnung })}
                    >
                      {t('adminRaeume.bearbeiten')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <PlatzFormModal
        opened={dialog !== null}
        grundrissId={grundriss.id}
        platz={dialog?.platz ?? null}
        neuePosition={startPosition(groesse, liste.length % 10)}
        onClose={() => setDialog(null)}
      />
    </Stack>
  );
}

/**
 * /admin/raeume (right ausstattungs_pflege): the floor plans with their location, each editable, switchable
 * and (when never booked) deletable; the chosen plan's places in the plan editor and its QR sheet.
 */
export function RaeumeAdmin({
  suche,
  onSucheChange,
}: {
  suche: TRaeumeSuche;
  onSucheChange: (next: TRaeumeSuche) => void;
}) {
  const { t, i18n } = useTranslation();
  const grundrisse = useGrundrisseAdmin();
  const remove = useDeleteGrundriss();
  const [formular, setFormular] = useState<{ grundriss: TGrundrissAdmin | null } | null>(null);
  const [loeschen, setLoeschen] = useState<TGrundrissAdmin | null>(null);
  const gewaehlt = grundrisse.data?.find((g) => g.id === suche.grundriss) ?? null;
  const ansicht = suche.ansicht ?? 'plan';

  const closeDelete = () => {
    setLoeschen(null);
    remove.reset();
  };

  let body: ReactNode;
  if (grundrisse.isPending) body = <LoadingState rows={4} />;
  else if (grundrisse.isError)
    body = <ErrorAlert error={grundrisse.error} onRetry={() => void grundrisse.refetch()} />;
  else if (grundrisse.data.length === 0)
    body = (
      <Alert color="gray" variant="light" role="note" title={t('adminRaeume.leerTitel')}>
        {t('adminRaeume.leer')}
      </Alert>
    );
  else
    body = (
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="sm" highlightOnHover aria-label={t('adminRaeume.grundrisseTitel')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('adminRaeume.grundriss.bezeichnung')}</Table.Th>
              <Table.Th>{t('adminRaeume.grundriss.standort')}</Table.Th>
              <Table.Th>{t('adminRaeume.grundriss.bereich')}</Table.Th>
              <Table.Th>{t('adminRaeume.grundriss.plaetze')}</Table.Th>
              <Table.Th>{t('adminRaeume.status')}</Table.Th>
              <Table.Th w={1}>
                <VisuallyHidden>{t('adminRaeume.aktionen')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {grundrisse.data.map((g) => (
              <Table.Tr
                key={g.id}
                aria-current={g.id === gewaehlt?.id ? 'true' : undefined}
                data-testid="grundriss-zeile"
              >
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {g.bezeichnung}
                  </Text>
                  {g.beschreibung && (
                    <Text size="xs" c="dimmed" lineClamp={2}>
                      {g.beschreibung}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{g.standort?.name ?? '–'}</Table.Td>
                <Table.Td>
                  {t(
                    g.bereich === 'arbeitswelt'
                      ? 'adminRaeume.bereich.arbeitswelt'
                      : 'adminRaeume.bereich.leseraum',
                  )}
                </Table.Td>
                <Table.Td>
                  {t('adminRaeume.grundriss.plaetzeAnzahl', { aktiv: g.aktivePlaetze, gesamt: g.plaetze })}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Badge miw="fit-content" color={g.aktiv ? 'teal.9' : 'gray.7'} variant="filled">
                    {g.aktiv ? t('adminRaeume.aktiv') : t('adminRaeume.inaktiv')}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap" justify="flex-end">
                    <Button
                      size="compact-sm"
                      variant={g.id === gewaehlt?.id ? 'filled' : 'subtle'}
                      onClick={() => onSucheChange({ grundriss: g.id })}
                      aria-label={t('adminRaeume.plaetzeNamed', { name: g.bezeichnung })}
                    >
                      {t('adminRaeume.plaetze')}
                    </Button>
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      onClick={() => setFormular({ grundriss: g })}
                      aria-label={t('adminRaeume.grundriss.bearbeitenTitel', { name: g.bezeichnung })}
                    >
                      {t('adminRaeume.bearbeiten')}
                    </Button>
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      color="red"
                      onClick={() => setLoeschen(g)}
                      aria-label={t('adminRaeume.grundriss.loeschenNamed', { name: g.bezeichnung })}
                    >
                      {t('adminRaeume.loeschen')}
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );

  return (
    <Stack gap="xl">
      {ansicht !== 'qr' || !gewaehlt ? (
        <Stack gap="md">
          <Group justify="flex-end">
            <Button onClick={() => setFormular({ grundriss: null })}>{t('adminRaeume.grundriss.neu')}</Button>
          </Group>
          {body}
        </Stack>
      ) : null}
      {gewaehlt && (
        <PlaetzeDesGrundrisses
          key={gewaehlt.id}
          grundriss={gewaehlt}
          ansicht={ansicht}
          onAnsicht={(next) =>
            onSucheChange({ grundriss: gewaehlt.id, ansicht: next === 'qr' ? 'qr' : undefined })
          }
        />
      )}
      <GrundrissFormModal
        opened={formular !== null}
        grundriss={formular?.grundriss ?? null}
        onClose={() => setFormular(null)}
        onSaved={(saved) => {
          setFormular((f) => (f ? { grundriss: saved } : f));
          onSucheChange({ grundriss: saved.id });
        }}
      />
      <ConfirmModal
        opened={loeschen !== null}
        title={t('adminRaeume.grundriss.loeschenTitel')}
        confirmLabel={t('adminRaeume.loeschen')}
        onClose={closeDelete}
        loading={remove.isPending}
        error={remove.error ? apiFieldError(remove.error, t, i18n.language).message : null}
        onConfirm={() =>
          loeschen &&
          remove.mutate(loeschen.id, {
            onSuccess: () => {
              if (suche.grundriss === loeschen.id) onSucheChange({});
              closeDelete();
            },
          })
        }
      >
        {t('adminRaeume.grundriss.loeschenText', { name: loeschen?.bezeichnung ?? '' })}
      </ConfirmModal>
    </Stack>
  );
}

import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { MAX_KAPAZITAET, type TPlatzAdmin, ZPlatzInput } from '@stellwerk/domain/leseraum/admin-raeume.api';
import type { TBetroffeneBuchung } from '@stellwerk/domain/verwaltung/admin-stammdaten.api';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../../components/ConfirmModal';
import { MissingFieldsAlert } from '../../../../components/MissingFieldsAlert';
import { apiFieldError, type FieldErrors, zodFieldErrors } from '../../../../lib/form-errors';
import { fetchBetroffene, useAusstattungKatalog, useDeletePlatz, useSavePlatz } from '../api/raeume-api';
import { BetroffeneBuchungen } from './BetroffeneBuchungen';

type Werte = {
  bezeichnung: string;
  kapazitaet: number;
  beschreibung: string;
  bedingungen: string;
  aktiv: boolean;
  brandschutzhelfer: boolean;
  ersthelfer: boolean;
  bestaetigungDurchPersonal: boolean;
  anzahl: Record<string, number>;
};

const werteAus = (p: TPlatzAdmin | null): Werte => ({
  bezeichnung: p?.bezeichnung ?? '',
  kapazitaet: p?.kapazitaet ?? 1,
  beschreibung: p?.beschreibung ?? '',
  bedingungen: p?.bedingungen ?? '',
  aktiv: p?.aktiv ?? true,
  brandschutzhelfer: p?.brandschutzhelfer ?? false,
  ersthelfer: p?.ersthelfer ?? false,
  bestaetigungDurchPersonal: p?.bestaetigungDurchPersonal ?? false,
  anzahl: Object.fromEntries((p?.ausstattung ?? []).map((a) => [a.id, a.anzahl])),
});

/**
 * The seat dialog of /admin/raeume (spec §2 "admin seat"): name, capacity (1 = a seat, more = a room),
 * description, conditions, active, the fire-safety and first-aid markers, confirmation by staff and the
 * equipment counts (saved as the place's equipment rows). Switching a booked place off first lists the
 * bookings that will be cancelled. A place never booked can be deleted here.
 */
export function PlatzFormModal({
  opened,
  grundrissId,
  platz,
  neuePosition,
  onClose,
}: {
  opened: boolean;
  grundrissId: string;
  /** null: a new place. */
  platz: TPlatzAdmin | null;
  /** Where a new place goes on the plan. */
  neuePosition: { x: number; y: number } | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const katalog = useAusstattungKatalog();
  const save = useSavePlatz();
  const remove = useDeletePlatz();
  const [werte, setWerte] = useState<Werte>(() => werteAus(platz));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [betroffen, setBetroffen] = useState<TBetroffeneBuchung[] | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [checking, setChecking] = useState(false);

  useEffect(() => {
    if (!opened) return;
    setWerte(werteAus(platz));
    setErrors({});
    setFailure(null);
    setBetroffen(null);
  }, [opened, platz]);

  const set = <K extends keyof Werte>(key: K, value: Werte[K]) => setWerte((w) => ({ ...w, [key]: value }));

  const input = (confirmCancel: boolean) => ({
    bezeichnung: werte.bezeichnung,
    kapazitaet: werte.kapazitaet,
    beschreibung: werte.beschreibung,
    bedingungen: werte.bedingungen,
    aktiv: werte.aktiv,
    brandschutzhelfer: werte.brandschutzhelfer,
    ersthelfer: werte.ersthelfer,
    bestaetigungDurchPersonal: werte.bestaetigungDurchPersonal,
    ausstattung: Object.entries(werte.anzahl)
      .filter(([, anzahl]) => anzahl > 0)
      .map(([ausstattungId, anzahl]) => ({ ausstattungId, anzahl })),
    ...(platz ? {} : { position: neuePosition }),
    ...(confirmCancel ? { confirmCancel: true } : {}),
  });

  const senden = async (confirmCancel: boolean) => {
    setFailure(null);
    try {
      await save.mutateAsync({ id: platz?.id ?? null, grundrissId, input: input(confirmCancel) });
      onClose();
    } catch (error) {
      setFailure(apiFieldError(error, t, i18n.language).message);
    }
  };

  const submit = async () => {
    const checked = zodFieldErrors(ZPlatzInput, input(false), t);
    if (checked.errors) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    // Switching a place off cancels its future bookings: show them first.
    if (platz?.aktiv && !werte.aktiv) {
      setChecking(true);
      try {
        const list = await fetchBetroffene('plaetze', platz.id);
        if (list.length > 0) {
          setBetroffen(list);
          return;
        }
      } catch (error) {
        setFailure(apiFieldError(error, t, i18n.language).message);
        return;
      } finally {
        setChecking(false);
      }
    }
    await senden(false);
  };

  const titel = platz
    ? t('adminRaeume.platz.bearbeitenTitel', { name: platz.bezeichnung })
    : t('adminRaeume.platz.neuTitel');
  return (
    <>
      <Modal
        opened={opened && !deleting}
        onClose={onClose}
        title={titel}
        size="lg"
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {betroffen ? (
          <BetroffeneBuchungen
            name={platz?.bezeichnung ?? ''}
            buchungen={betroffen}
            loading={save.isPending}
            onConfirm={() => void senden(true)}
            onBack={() => setBetroffen(null)}
          />
        ) : (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void submit();
            }}
          >
            <Stack gap="sm">
              <MissingFieldsAlert errors={errors} />
              {failure && (
                <Alert color="red" role="alert">
                  {failure}
                </Alert>
              )}
              <SimpleGrid cols={{ base: 1, xs: 2 }}>
                <TextInput
                  label={t('adminRaeume.platz.bezeichnung')}
                  required
                  maxLength={200}
                  value={werte.bezeichnung}
                  onChange={(e) => set('bezeichnung', e.currentTarget.value)}
                  error={errors.bezeichnung}
                  data-autofocus
                />
                <NumberInput
                  label={t('adminRaeume.platz.kapazitaet')}
                  description={t('adminRaeume.platz.kapazitaetHilfe')}
                  min={1}
                  max={MAX_KAPAZITAET}
                  allowDecimal={false}
                  value={werte.kapazitaet}
                  onChange={(v) => set('kapazitaet', typeof v === 'number' ? v : Number.parseInt(v, 10) || 0)}
                  error={errors.kapazitaet}
                />
              </SimpleGrid>
              <Textarea
                label={t('adminRaeume.platz.beschreibung')}
                autosize
                minRows={2}
                maxLength={2000}
                value={werte.beschreibung}
                onChange={(e) => set('beschreibung', e.currentTarget.value)}
                error={errors.beschreibung}
              />
              <Textarea
                label={t('adminRaeume.platz.bedingungen')}
                description={t('adminRaeume.platz.bedingungenHilfe')}
                autosize
                minRows={2}
                maxLength={2000}
                value={werte.bedingungen}
                onChange={(e) => set('bedingungen', e.currentTarget.value)}
                error={errors.bedingungen}
              />
              <Switch
                label={t('adminRaeume.platz.aktiv')}
                description={t('adminRaeume.platz.aktivHilfe')}
                checked={werte.aktiv}
                onChange={(e) => set('aktiv', e.currentTarget.checked)}
              />
              <Checkbox
                label={t('adminRaeume.platz.brandschutzhelfer')}
                checked={werte.brandschutzhelfer}
                onChange={(e) => set('brandschutzhelfer', e.currentTarget.checked)}
              />
              <Checkbox
                label={t('adminRaeume.platz.ersthelfer')}
                checked={werte.ersthelfer}
                onChange={(e) => set('ersthelfer', e.currentTarget.checked)}
              />
              <Checkbox
                label={t('adminRaeume.platz.bestaetigungDurchPersonal')}
                checked={werte.bestaetigungDurchPersonal}
                onChange={(e) => set('bestaetigungDurchPersonal', e.currentTarget.checked)}
              />
              <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
                <Text component="legend" size="sm" fw={500} mb={4}>
                  {t('adminRaeume.platz.ausstattung')}
                </Text>
                {katalog.data && katalog.data.length === 0 && (
                  <Text size="sm" c="dimmed">
                    {t('adminRaeume.platz.keineAusstattung')}
                  </Text>
                )}
                <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="xs">
                  {(katalog.data ?? []).map((a) => (
                    <NumberInput
                      key={a.id}
                      label={a.name}
                      min={0}
                      max={999}
                      allowDecimal={false}
                      value={werte.anzahl[a.id] ?? 0}
                      onChange={(v) =>
                        set('anzahl', {
                          ...werte.anzahl,
                          [a.id]: typeof v === 'number' ? v : Number.parseInt(v, 10) || 0,
                        })
                      }
                    />
                  ))}
                </SimpleGrid>
              </fieldset>
              <Group justify="space-between" mt="sm">
                {platz ? (
                  <Button variant="subtle" color="red" onClick={() => setDeleting(true)}>
                    {t('adminRaeume.platz.loeschen')}
                  </Button>
                ) : (
                  <span />
                )}
                <Group gap="sm">
                  <Button variant="default" onClick={onClose}>
                    {t('customizing.cancel')}
                  </Button>
                  <Button type="submit" loading={save.isPending || checking}>
                    {t('customizing.save')}
                  </Button>
                </Group>
              </Group>
            </Stack>
          </form>
        )}
      </Modal>
      <ConfirmModal
        opened={opened && deleting}
        title={t('adminRaeume.platz.loeschenTitel')}
        confirmLabel={t('adminRaeume.platz.loeschen')}
        onClose={() => {
          setDeleting(false);
          remove.reset();
        }}
        loading={remove.isPending}
        error={remove.error ? apiFieldError(remove.error, t, i18n.language).message : null}
        onConfirm={() =>
          platz &&
          remove.mutate(platz.id, {
            onSuccess: () => {
              setDeleting(false);
              onClose();
            },
          })
        }
      >
        {t('adminRaeume.platz.loeschenText', { name: platz?.bezeichnung ?? '' })}
      </ConfirmModal>
    </>
  );
}

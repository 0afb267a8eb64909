import {
  Alert,
  Button,
  FileInput,
  Group,
  Modal,
  Select,
  Stack,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import { formatError } from '@stellwerk/domain/errors';
import { type TGrundrissAdmin, ZGrundrissInput } from '@stellwerk/domain/leseraum/admin-raeume.api';
import type { TBetroffeneBuchung } from '@stellwerk/domain/verwaltung/admin-stammdaten.api';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MissingFieldsAlert } from '../../../../components/MissingFieldsAlert';
import { apiFieldError, type FieldErrors, zodFieldErrors } from '../../../../lib/form-errors';
import { fetchBetroffene, useSaveGrundriss, useStandorte } from '../api/raeume-api';
import { BetroffeneBuchungen } from './BetroffeneBuchungen';

const MAX_SVG_BYTES = 5 * 1024 * 1024;

type Werte = {
  bezeichnung: string;
  beschreibung: string;
  link: string;
  aktiv: boolean;
  bereich: 'leseraum' | 'arbeitswelt';
  standortId: string | null;
};

const werteAus = (g: TGrundrissAdmin | null): Werte => ({
  bezeichnung: g?.bezeichnung ?? '',
  beschreibung: g?.beschreibung ?? '',
  link: g?.link ?? '',
  aktiv: g?.aktiv ?? true,
  bereich: g?.bereich ?? 'leseraum',
  standortId: g?.standort?.id ?? null,
});

/**
 * The floor-plan dialog of /admin/raeume (spec §2 "admin floor plans"): name, description, link, location,
 * area, active and the plan's SVG (sanitised by the server). Switching a plan off first lists the bookings
 * of its places that will be cancelled.
 */
export function GrundrissFormModal({
  opened,
  grundriss,
  onClose,
  onSaved,
}: {
  opened: boolean;
  /** null: a new plan. */
  grundriss: TGrundrissAdmin | null;
  onClose: () => void;
  onSaved: (saved: TGrundrissAdmin) => void;
}) {
  const { t, i18n } = useTranslation();
  const standorte = useStandorte();
  const save = useSaveGrundriss();
  const [werte, setWerte] = useState<Werte>(() => werteAus(grundriss));
  const [datei, setDatei] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [betroffen, setBetroffen] = useState<TBetroffeneBuchung[] | null>(null);
  const [checking, setChecking] = useState(false);

  // Reset on opening only: after a refused SVG the dialog stays open on the plan just saved.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the plan's values when the dialog opens
  useEffect(() => {
    if (!opened) return;
    setWerte(werteAus(grundriss));
    setDatei(null);
    setErrors({});
    setFailure(null);
    setBetroffen(null);
  }, [opened]);

  const set = <K extends keyof Werte>(key: K, value: Werte[K]) => setWerte((w) => ({ ...w, [key]: value }));
  const language = i18n.language === 'en' ? 'en' : 'de';

  const senden = async (confirmCancel: boolean) => {
    setFailure(null);
    try {
      const result = await save.mutateAsync({
        id: grundriss?.id ?? null,
        input: { ...werte, ...(confirmCancel ? { confirmCancel: true } : {}) },
        datei,
      });
      onSaved(result.grundriss);
      if (result.uploadError) {
        setFailure(apiFieldError(result.uploadError, t, i18n.language).message);
        return;
      }
      onClose();
    } catch (error) {
      setBetroffen(null);
      setFailure(apiFieldError(error, t, i18n.language).message);
    }
  };

  const submit = async () => {
    const checked = zodFieldErrors(ZGrundrissInput, werte, t);
    const fileError =
      datei && !/\.svg$/i.test(datei.name) && datei.type !== 'image/svg+xml'
        ? formatError('upload.type_not_allowed', language, { erlaubt: 'SVG' })
        : datei && datei.size > MAX_SVG_BYTES
          ? formatError('upload.too_large', language, { maxMb: 5 })
          : null;
    if (checked.errors || fileError) {
      setErrors({ ...(checked.errors ?? {}), ...(fileError ? { datei: fileError } : {}) });
      return;
    }
    setErrors({});
    if (grundriss?.aktiv && !werte.aktiv) {
      setChecking(true);
      try {
        const list = await fetchBetroffene('grundrisse', grundriss.id);
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

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={
        grundriss
          ? t('adminRaeume.grundriss.bearbeitenTitel', { name: grundriss.bezeichnung })
          : t('adminRaeume.grundriss.neuTitel')
      }
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {betroffen ? (
        <BetroffeneBuchungen
          name={grundriss?.bezeichnung ?? ''}
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
            <TextInput
              label={t('adminRaeume.grundriss.bezeichnung')}
              required
              maxLength={200}
              value={werte.bezeichnung}
              onChange={(e) => set('bezeichnung', e.currentTarget.value)}
              error={errors.bezeichnung}
              data-autofocus
            />
            <Textarea
              label={t('adminRaeume.grundriss.beschreibung')}
              autosize
              minRows={2}
              maxLength={2000}
              value={werte.beschreibung}
              onChange={(e) => set('beschreibung', e.currentTarget.value)}
              error={errors.beschreibung}
            />
            <TextInput
              label={t('adminRaeume.grundriss.link')}
              description={t('adminRaeume.grundriss.linkHilfe')}
              maxLength={2048}
              value={werte.link}
              onChange={(e) => set('link', e.currentTarget.value)}
              error={errors.link}
            />
            <Select
              label={t('adminRaeume.grundriss.standort')}
              placeholder={t('adminRaeume.grundriss.keinStandort')}
              clearable
              data={(standorte.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
              value={werte.standortId}
              onChange={(v) => set('standortId', v)}
              error={errors.standortId}
            />
            <Select
              label={t('adminRaeume.grundriss.bereich')}
              allowDeselect={false}
              data={[
                { value: 'leseraum', label: t('adminRaeume.bereich.leseraum') },
                { value: 'arbeitswelt', label: t('adminRaeume.bereich.arbeitswelt') },
              ]}
              value={werte.bereich}
              onChange={(v) => set('bereich', v === 'arbeitswelt' ? 'arbeitswelt' : 'leseraum')}
            />
            <Switch
              label={t('adminRaeume.grundriss.aktiv')}
              description={t('adminRaeume.grundriss.aktivHilfe')}
              checked={werte.aktiv}
              onChange={(e) => set('aktiv', e.currentTarget.checked)}
            />
            <FileInput
              label={
                grundriss?.planUrl ? t('adminRaeume.grundriss.svgErsetzen') : t('adminRaeume.grundriss.svg')
              }
              description={t('adminRaeume.grundriss.svgHilfe')}
              accept="image/svg+xml,.svg"
              clearable
              clearButtonProps={{ 'aria-label': t('adminRaeume.grundriss.svgEntfernen') }}
              value={datei}
              onChange={setDatei}
              error={errors.datei}
            />
            <Group justify="flex-end" gap="sm" mt="sm">
              <Button variant="default" onClick={onClose}>
                {t('customizing.cancel')}
              </Button>
              <Button type="submit" loading={save.isPending || checking}>
                {t('customizing.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

import { Alert, Button, Group, MultiSelect, Radio, Select, Stack, Switch, TextInput } from '@mantine/core';
import { type TKiosk, ZKioskEinstellung } from '@stellwerk/domain/plattform/kiosk/api';
import {
  KIOSK_NAMENSANZEIGE,
  type KioskNamensanzeige,
  normalisiereKopplungsCode,
} from '@stellwerk/domain/plattform/kiosk/kopplung';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { LoadingState } from '../../../../components/LoadingState';
import { MissingFieldsAlert } from '../../../../components/MissingFieldsAlert';
import { apiFieldError, type FieldErrors, zodFieldErrors } from '../../../../lib/form-errors';
import { useAendereKiosk, useKioskGrundrisse, useKioskStandorte, useKoppleKiosk } from '../api/kiosks';

const anzeigeText = (modus: KioskNamensanzeige, t: TFunction): string => {
  switch (modus) {
    case 'keine':
      return t('adminKiosks.anzeige.keine');
    case 'initialen':
      return t('adminKiosks.anzeige.initialen');
    case 'namen':
      return t('adminKiosks.anzeige.namen');
  }
};

const isNamensanzeige = (v: string): v is KioskNamensanzeige =>
  (KIOSK_NAMENSANZEIGE as readonly string[]).includes(v);

/**
 * Pairing a screen (`kiosk` null: the code it shows comes first) or changing what a paired one shows: name,
 * location, the floor plans in rotation (none chosen: all of the location), names on the board, the vehicles strip
 * and the language.
 */
export function KioskForm({
  kiosk,
  code: codeAusAdresse,
  onClose,
}: {
  kiosk: TKiosk | null;
  code?: string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const standorte = useKioskStandorte();
  const grundrisse = useKioskGrundrisse();
  const koppeln = useKoppleKiosk();
  const aendern = useAendereKiosk();
  const saving = koppeln.isPending || aendern.isPending;
  const [code, setCode] = useState(codeAusAdresse ?? '');
  const [bezeichnung, setBezeichnung] = useState(kiosk?.bezeichnung ?? '');
  const [standortId, setStandortId] = useState<string | null>(kiosk?.standortId ?? null);
  const [grundrissIds, setGrundrissIds] = useState<string[]>(kiosk?.grundrissIds ?? []);
  const [namensanzeige, setNamensanzeige] = useState<KioskNamensanzeige>(kiosk?.namensanzeige ?? 'keine');
  const [fahrzeuge, setFahrzeuge] = useState(kiosk?.fahrzeuge ?? true);
  const [sprache, setSprache] = useState<'de' | 'en'>(kiosk?.sprache ?? 'de');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  if (standorte.isPending) return <LoadingState rows={4} />;
  if (standorte.isError)
    return <ErrorAlert error={standorte.error} onRetry={() => void standorte.refetch()} />;

  const plaene = (grundrisse.data ?? []).filter((g) => g.standort?.id === standortId);

  const submit = async () => {
    const checked = zodFieldErrors(
      ZKioskEinstellung,
      {
        bezeichnung,
        standortId: standortId ?? '',
        grundrissIds: grundrissIds.filter((id) => plaene.some((p) => p.id === id)),
        namensanzeige,
        fahrzeuge,
        sprache,
      },
      t,
    );
    const next: FieldErrors = { ...(checked.errors ?? {}) };
    if (!standortId) next.standortId = t('validation.required');
    if (!kiosk) {
      if (code.trim() === '') next.code = t('validation.required');
      else if (normalisiereKopplungsCode(code) === null) next.code = t('adminKiosks.codeFormat');
    }
    if (Object.keys(next).length > 0 || !checked.data) {
      setErrors(next);
      return;
    }
    setErrors({});
    setFormError(null);
    try {
      if (kiosk) await aendern.mutateAsync({ id: kiosk.id, input: checked.data });
      else await koppeln.mutateAsync({ ...checked.data, code });
      onClose();
    } catch (error) {
      const { field, message } = apiFieldError(error, t, i18n.language);
      const fehlerCode = (error as { code?: string }).code;
      if (fehlerCode === 'kiosk.kopplungscode_ungueltig') setErrors({ code: message });
      else if (field && ['bezeichnung', 'standortId', 'grundrissIds'].includes(field))
        setErrors({ [field]: message });
      else setFormError(message);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="md">
        <MissingFieldsAlert errors={errors} />
        {!kiosk && (
          <TextInput
            label={t('adminKiosks.code')}
            description={t('adminKiosks.codeHint')}
            required
            data-autofocus
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            error={errors.code}
            maxLength={40}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            styles={{ input: { fontFamily: 'monospace', letterSpacing: '0.1em' } }}
          />
        )}
        <TextInput
          label={t('adminKiosks.bezeichnung')}
          description={t('adminKiosks.bezeichnungHint')}
          required
          data-autofocus={kiosk ? true : undefined}
          value={bezeichnung}
          onChange={(event) => setBezeichnung(event.currentTarget.value)}
          error={errors.bezeichnung}
          maxLength={100}
        />
        <Select
          label={t('adminKiosks.standort')}
          required
          searchable
          value={standortId}
          onChange={(v) => {
            setStandortId(v);
            setGrundrissIds([]);
          }}
          data={standorte.data.map((s) => ({ value: s.id, label: s.name }))}
          error={errors.standortId}
          nothingFoundMessage={t('adminKiosks.keineStandorte')}
          comboboxProps={{ withinPortal: true }}
        />
        <MultiSelect
          label={t('adminKiosks.grundrisse')}
          description={
            standortId
              ? plaene.length > 0
                ? t('adminKiosks.grundrisseHint')
                : t('adminKiosks.grundrisseKeine')
              : t('adminKiosks.grundrisseErstStandort')
          }
          placeholder={grundrissIds.length === 0 ? t('adminKiosks.alleGrundrisse') : undefined}
          disabled={!standortId || plaene.length === 0}
          value={grundrissIds}
          onChange={setGrundrissIds}
          data={plaene.map((p) => ({ value: p.id, label: p.bezeichnung }))}
          error={errors.grundrissIds ?? (grundrisse.isError ? t('adminKiosks.grundrisseFehler') : undefined)}
          comboboxProps={{ withinPortal: true }}
          clearable
        />
        <Radio.Group
          label={t('adminKiosks.namensanzeige')}
          description={t('adminKiosks.namensanzeigeHint')}
          value={namensanzeige}
          onChange={(v) => isNamensanzeige(v) && setNamensanzeige(v)}
        >
          <Stack gap={6} mt={6}>
            {KIOSK_NAMENSANZEIGE.map((modus) => (
              <Radio key={modus} value={modus} label={anzeigeText(modus, t)} />
            ))}
          </Stack>
        </Radio.Group>
        <Switch
          label={t('adminKiosks.fahrzeuge')}
          description={t('adminKiosks.fahrzeugeHint')}
          checked={fahrzeuge}
          onChange={(event) => setFahrzeuge(event.currentTarget.checked)}
        />
        <Select
          label={t('adminKiosks.sprache')}
          value={sprache}
          allowDeselect={false}
          onChange={(v) => (v === 'de' || v === 'en') && setSprache(v)}
          data={[
            { value: 'de', label: t('adminKiosks.spracheDe') },
            { value: 'en', label: t('adminKiosks.spracheEn') },
          ]}
          comboboxProps={{ withinPortal: true }}
        />
        {formError && (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={saving}>
            {t('customizing.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {kiosk ? t('customizing.save') : t('adminKiosks.koppelnSubmit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

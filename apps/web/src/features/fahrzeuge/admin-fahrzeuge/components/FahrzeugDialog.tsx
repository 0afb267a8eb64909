import {
  Alert,
  Button,
  Checkbox,
  Chip,
  Fieldset,
  FileButton,
  Group,
  Image,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type {
  TFahrzeugAdmin,
  TFahrzeugAdminEingabe,
  TFahrzeugStornoVorschau,
} from '@stellwerk/domain/fahrzeuge/fahrzeug/api';
import { FUEHRERSCHEIN_KLASSEN } from '@stellwerk/domain/fahrzeuge/fuehrerschein/rules';
import { parseLanguage } from '@stellwerk/domain/language';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MissingFieldsAlert } from '../../../../components/MissingFieldsAlert';
import { apiFieldError, type FieldErrors } from '../../../../lib/form-errors';
import {
  bildProblem,
  ladeVorschau,
  removeBild,
  uploadBild,
  useCreateFahrzeug,
  useFahrzeugStandorte,
  useUpdateFahrzeug,
} from '../api/fahrzeuge';
import {
  type FahrzeugFormular,
  formularAus,
  pruefeFormular,
  WOCHE_AB_MONTAG,
} from '../hooks/fahrzeug-formular';
import { OeffnungszeitenFelder } from './OeffnungszeitenFelder';
import { StornoBestaetigung } from './StornoBestaetigung';

type Props = {
  /** the vehicle to edit; null adds a new one */
  fahrzeug: TFahrzeugAdmin | null;
  /** closes the dialog; `hinweis` is a failure after the vehicle was saved (its photo), for the page to show */
  onClose: (hinweis?: string) => void;
};

/** Add or edit a vehicle: every field of spec §3 in sections, checked at the field before sending. */
export function FahrzeugDialog({ fahrzeug, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const language = parseLanguage(i18n.language);
  const isPhone = useMediaQuery('(max-width: 36em)');
  const standorte = useFahrzeugStandorte();
  const create = useCreateFahrzeug();
  const update = useUpdateFahrzeug();
  const [form, setForm] = useState<FahrzeugFormular>(() =>
    formularAus(fahrzeug, standorte.data?.length === 1 ? standorte.data[0]!.id : null),
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [bild, setBild] = useState<File | null>(null);
  const [bildEntfernen, setBildEntfernen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [bestaetigen, setBestaetigen] = useState<{
    vorschau: TFahrzeugStornoVorschau;
    data: TFahrzeugAdminEingabe;
  } | null>(null);

  /** Sets a field; its message goes away as soon as the user corrects it (checked again on saving). */
  const set = <K extends keyof FahrzeugFormular>(key: K, value: FahrzeugFormular[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => {
      const rest = Object.fromEntries(
        Object.entries(e).filter(([feld]) => feld !== key && !feld.startsWith(`${key}.`)),
      );
      return Object.keys(rest).length === Object.keys(e).length ? e : rest;
    });
  };

  const fehler = (error: unknown) => {
    const { field, message } = apiFieldError(error, t, i18n.language);
    const code = (error as { code?: string }).code;
    if (code === 'fahrzeug.kennzeichen_vergeben') setErrors({ kennzeichen: message });
    else if (field) setErrors({ [field]: message });
    else setFormError(message);
  };

  /** Saves, then the photo; a photo refusal keeps the dialog open with the saved vehicle. */
  const speichern = async (data: TFahrzeugAdminEingabe, bestaetigteStornos: string[]) => {
    setBusy(true);
    setFormError(null);
    try {
      const saved = fahrzeug
        ? (
            await update.mutateAsync({
              id: fahrzeug.id,
              aenderung: { fahrzeug: data, alt: { updatedAt: fahrzeug.updatedAt }, bestaetigteStornos },
            })
          ).fahrzeug
        : await create.mutateAsync(data);
      setBestaetigen(null);
      try {
        if (bild) await uploadBild(saved.id, bild);
        else if (bildEntfernen && saved.bildUrl) await removeBild(saved.id);
      } catch (error) {
        // the vehicle is saved; saving it again would add it twice, so the dialog closes with the photo's refusal
        onClose(apiFieldError(error, t, i18n.language).message);
        return;
      }
      onClose();
    } catch (error) {
      setBestaetigen(null);
      fehler(error);
    } finally {
      setBusy(false);
    }
  };

  const submit = async () => {
    const checked = pruefeFormular(form, t, language);
    if (checked.errors) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setFormError(null);
    if (!fahrzeug) {
      await speichern(checked.data, []);
      return;
    }
    setBusy(true);
    try {
      const vorschau = await ladeVorschau(fahrzeug.id, checked.data);
      setBusy(false);
      if (vorschau.buchungen.length > 0) setBestaetigen({ vorschau, data: checked.data });
      else await speichern(checked.data, []);
    } catch (error) {
      setBusy(false);
      fehler(error);
    }
  };

  const waehleBild = (file: File | null) => {
    if (!file) return;
    const problem = bildProblem(file, language);
    if (problem) {
      setErrors((e) => ({ ...e, bild: problem }));
      return;
    }
    setErrors(({ bild: _, ...rest }) => rest);
    setBild(file);
    setBildEntfernen(false);
  };

  const wochentage = [
    t('adminFahrzeuge.wochentage.0'),
    t('adminFahrzeuge.wochentage.1'),
    t('adminFahrzeuge.wochentage.2'),
    t('adminFahrzeuge.wochentage.3'),
    t('adminFahrzeuge.wochentage.4'),
    t('adminFahrzeuge.wochentage.5'),
    t('adminFahrzeuge.wochentage.6'),
  ];
  const wochentagName = (n: number) => wochentage[n] ?? '';
  const text = (
    key: keyof FahrzeugFormular,
    label: string,
    extra: { required?: boolean; autofocus?: boolean } = {},
  ) => (
    <TextInput
      label={label}
      required={extra.required}
      data-autofocus={extra.autofocus || undefined}
      value={form[key] as string}
      onChange={(e) => set(key, e.currentTarget.value as never)}
      error={errors[key]}
      maxLength={200}
    />
  );
  const zahl = (key: keyof FahrzeugFormular, label: string) => (
    <TextInput
      label={label}
      inputMode="numeric"
      value={form[key] as string}
      onChange={(e) => set(key, e.currentTarget.value as never)}
      error={errors[key]}
      maxLength={6}
    />
  );

  return (
    <>
      <Modal
        opened
        onClose={() => onClose()}
        size="xl"
        fullScreen={isPhone}
        title={
          fahrzeug
            ? t('adminFahrzeuge.editTitle', { kennzeichen: fahrzeug.kennzeichen })
            : t('adminFahrzeuge.createTitle')
        }
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Stack gap="md">
            <MissingFieldsAlert errors={errors} />
            <Fieldset legend={t('adminFahrzeuge.abschnitt.fahrzeug')}>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                {text('marke', t('adminFahrzeuge.feld.marke'), { required: true, autofocus: true })}
                {text('modell', t('adminFahrzeuge.feld.modell'), { required: true })}
                {text('kennzeichen', t('adminFahrzeuge.feld.kennzeichen'), { required: true })}
                {text('kategorie', t('adminFahrzeuge.feld.kategorie'))}
                <Select
                  label={t('adminFahrzeuge.feld.standort')}
                  required
                  data={(standorte.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
                  value={form.standortId}
                  onChange={(value) => set('standortId', value)}
                  error={errors.standortId}
                  allowDeselect={false}
                  searchable
                />
                {text('farbe', t('adminFahrzeuge.feld.farbe'))}
              </SimpleGrid>
            </Fieldset>

            <Fieldset legend={t('adminFahrzeuge.abschnitt.technik')}>
              <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="sm">
                {text('kraftstoff', t('adminFahrzeuge.feld.kraftstoff'))}
                {zahl('leistung', t('adminFahrzeuge.feld.leistung'))}
                {text('getriebe', t('adminFahrzeuge.feld.getriebe'))}
                {zahl('kofferraum', t('adminFahrzeuge.feld.kofferraum'))}
                {zahl('sitze', t('adminFahrzeuge.feld.sitze'))}
                {zahl('tueren', t('adminFahrzeuge.feld.tueren'))}
                <Select
                  label={t('adminFahrzeuge.feld.fuehrerscheinklasse')}
                  required
                  data={[...FUEHRERSCHEIN_KLASSEN]}
                  value={form.fuehrerscheinklasse}
                  onChange={(value) => value && set('fuehrerscheinklasse', value)}
                  error={errors.fuehrerscheinklasse}
                  allowDeselect={false}
                />
              </SimpleGrid>
            </Fieldset>

            <Fieldset legend={t('adminFahrzeuge.abschnitt.ausstattung')}>
              <Group gap="lg">
                {(
                  [
                    ['klimaanlage', t('adminFahrzeuge.feld.klimaanlage')],
                    ['navigation', t('adminFahrzeuge.feld.navigation')],
                    ['tempomat', t('adminFahrzeuge.feld.tempomat')],
                    ['sitzheizung', t('adminFahrzeuge.feld.sitzheizung')],
                  ] as const
                ).map(([key, label]) => (
                  <Checkbox
                    key={key}
                    label={label}
                    checked={form[key]}
                    onChange={(e) => set(key, e.currentTarget.checked)}
                  />
                ))}
              </Group>
            </Fieldset>

            <Fieldset legend={t('adminFahrzeuge.abschnitt.buchbarkeit')}>
              <Stack gap="sm">
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                  <TextInput
                    label={t('adminFahrzeuge.feld.gueltigVon')}
                    description={t('adminFahrzeuge.datumHinweis')}
                    placeholder="TT.MM.JJJJ"
                    value={form.gueltigVon}
                    onChange={(e) => set('gueltigVon', e.currentTarget.value)}
                    error={errors.gueltigVon}
                    maxLength={10}
                  />
                  <TextInput
                    label={t('adminFahrzeuge.feld.gueltigBis')}
                    description={t('adminFahrzeuge.datumHinweis')}
                    placeholder="TT.MM.JJJJ"
                    value={form.gueltigBis}
                    onChange={(e) => set('gueltigBis', e.currentTarget.value)}
                    error={errors.gueltigBis}
                    maxLength={10}
                  />
                  <TextInput
                    label={t('adminFahrzeuge.feld.huFaelligAm')}
                    description={t('adminFahrzeuge.datumHinweis')}
                    placeholder="TT.MM.JJJJ"
                    value={form.huFaelligAm}
                    onChange={(e) => set('huFaelligAm', e.currentTarget.value)}
                    error={errors.huFaelligAm}
                    maxLength={10}
                  />
                  <TextInput
                    label={t('adminFahrzeuge.feld.uvvFaelligAm')}
                    description={t('adminFahrzeuge.datumHinweis')}
                    placeholder="TT.MM.JJJJ"
                    value={form.uvvFaelligAm}
                    onChange={(e) => set('uvvFaelligAm', e.currentTarget.value)}
                    error={errors.uvvFaelligAm}
                    maxLength={10}
                  />
                </SimpleGrid>
                <Chip.Group
                  multiple
                  value={form.buchungszeitraumWochentage.map(String)}
                  onChange={(values) => set('buchungszeitraumWochentage', values.map(Number))}
                >
                  <Group gap={6} role="group" aria-label={t('adminFahrzeuge.feld.wochentage')}>
                    <Text size="sm" fw={500} w="100%">
                      {t('adminFahrzeuge.feld.wochentage')}
                    </Text>
                    {WOCHE_AB_MONTAG.map((n) => (
                      <Chip key={n} value={String(n)} size="sm">
                        {wochentagName(n)}
                      </Chip>
                    ))}
                  </Group>
                </Chip.Group>
                <SimpleGrid cols={{ base: 2 }} spacing="sm">
                  <TextInput
                    type="time"
                    label={t('adminFahrzeuge.feld.buchungszeitraumVon')}
                    value={form.buchungszeitraumVon}
                    onChange={(e) => set('buchungszeitraumVon', e.currentTarget.value)}
                    error={errors.buchungszeitraumVon}
                  />
                  <TextInput
                    type="time"
                    label={t('adminFahrzeuge.feld.buchungszeitraumBis')}
                    value={form.buchungszeitraumBis}
                    onChange={(e) => set('buchungszeitraumBis', e.currentTarget.value)}
                    error={errors.buchungszeitraumBis}
                  />
                </SimpleGrid>
                <Checkbox
                  label={t('adminFahrzeuge.feld.buchungAusserhalbMoeglich')}
                  description={t('adminFahrzeuge.ausserhalbHinweis')}
                  checked={form.buchungAusserhalbMoeglich}
                  onChange={(e) => set('buchungAusserhalbMoeglich', e.currentTarget.checked)}
                />
              </Stack>
            </Fieldset>

            <OeffnungszeitenFelder
              form={form}
              fahrzeug={fahrzeug}
              errors={errors}
              set={set}
              wochentagName={wochentagName}
            />

            <Fieldset legend={t('adminFahrzeuge.abschnitt.foto')}>
              <Stack gap="sm">
                {fahrzeug?.bildUrl && !bild && !bildEntfernen && (
                  <Image
                    src={fahrzeug.bildUrl}
                    alt={t('adminFahrzeuge.fotoVon', { kennzeichen: fahrzeug.kennzeichen })}
                    maw={240}
                    radius="sm"
                  />
                )}
                <Text size="sm" c="dimmed">
                  {bild
                    ? t('adminFahrzeuge.fotoGewaehlt', { name: bild.name })
                    : bildEntfernen
                      ? t('adminFahrzeuge.fotoWirdEntfernt')
                      : t('adminFahrzeuge.fotoHinweis')}
                </Text>
                <Group gap="sm">
                  <FileButton onChange={waehleBild} accept="image/png,image/jpeg">
                    {(props) => (
                      <Button variant="light" {...props}>
                        {t('adminFahrzeuge.fotoWaehlen')}
                      </Button>
                    )}
                  </FileButton>
                  {(bild || (fahrzeug?.bildUrl && !bildEntfernen)) && (
                    <Button
                      variant="subtle"
                      color="red"
                      onClick={() => {
                        setBild(null);
                        setBildEntfernen(!!fahrzeug?.bildUrl);
                      }}
                    >
                      {t('adminFahrzeuge.fotoEntfernen')}
                    </Button>
                  )}
                </Group>
                {errors.bild && (
                  <Text size="sm" c="red" role="alert">
                    {errors.bild}
                  </Text>
                )}
              </Stack>
            </Fieldset>

            {fahrzeug && (
              <Switch
                label={t('adminFahrzeuge.feld.deaktiviert')}
                description={t('adminFahrzeuge.deaktiviertHinweis')}
                checked={form.deaktiviert}
                onChange={(e) => set('deaktiviert', e.currentTarget.checked)}
              />
            )}
            {formError && (
              <Alert color="red" role="alert">
                {formError}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => onClose()} disabled={busy}>
                {t('customizing.cancel')}
              </Button>
              <Button type="submit" loading={busy}>
                {t('customizing.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      {bestaetigen && (
        <StornoBestaetigung
          vorschau={bestaetigen.vorschau}
          bestaetigenLabel={t('adminFahrzeuge.speichernUndStornieren')}
          loading={busy}
          onClose={() => setBestaetigen(null)}
          onConfirm={() =>
            void speichern(
              bestaetigen.data,
              bestaetigen.vorschau.buchungen.map((b) => b.id),
            )
          }
        />
      )}
    </>
  );
}

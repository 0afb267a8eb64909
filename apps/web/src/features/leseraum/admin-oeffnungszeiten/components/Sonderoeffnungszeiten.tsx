import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatError } from '@stellwerk/domain/errors';
import { DEFAULT_ABWEICHENDE_OEFFNUNGSZEIT } from '@stellwerk/domain/leseraum/oeffnungszeiten';
import { isValidTime } from '@stellwerk/domain/time';
import {
  type TBetroffeneBuchung,
  type TSonderoeffnungszeit,
  type TSonderoeffnungszeitInput,
  ZSonderoeffnungszeitInput,
} from '@stellwerk/domain/verwaltung/admin-stammdaten.api';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../../components/ConfirmModal';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { LoadingState } from '../../../../components/LoadingState';
import { MissingFieldsAlert } from '../../../../components/MissingFieldsAlert';
import { apiFieldError, type FieldErrors } from '../../../../lib/form-errors';
import { useDeleteSonderzeit, useSaveSonderzeit, useSonderzeiten } from '../api/oeffnungszeiten';
import { deToIso, isoToDe } from '../api/woche';
import { BetroffeneListe } from './BetroffeneListe';

type Draft = {
  id: string | null;
  beschreibung: string;
  gueltigVon: string;
  gueltigBis: string;
  von: string;
  bis: string;
  status: 'offen' | 'geschlossen';
};

const neuerEntwurf = (): Draft => ({
  id: null,
  beschreibung: '',
  gueltigVon: '',
  gueltigBis: '',
  ...DEFAULT_ABWEICHENDE_OEFFNUNGSZEIT,
  status: 'geschlossen',
});

/** Client check with the server's rules and messages; the input for the contract when valid. */
const pruefe = (
  draft: Draft,
  language: 'de' | 'en',
  required: string,
): { input: TSonderoeffnungszeitInput; errors: null } | { input: null; errors: FieldErrors } => {
  const errors: FieldErrors = {};
  const von = deToIso(draft.gueltigVon);
  const bis = deToIso(draft.gueltigBis);
  if (!draft.gueltigVon.trim()) errors.gueltigVon = required;
  else if (!von) errors.gueltigVon = formatError('datum.ungueltig', language, { value: draft.gueltigVon });
  if (!draft.gueltigBis.trim()) errors.gueltigBis = required;
  else if (!bis) errors.gueltigBis = formatError('datum.ungueltig', language, { value: draft.gueltigBis });
  if (von && bis && bis < von)
    errors.gueltigBis = formatError('oeffnungszeit.zeitraum_ungueltig', language, {
      gueltigVon: draft.gueltigVon,
      gueltigBis: draft.gueltigBis,
    });
  if (!isValidTime(draft.von)) errors.von = formatError('zeit.ungueltig', language);
  if (!isValidTime(draft.bis)) errors.bis = formatError('zeit.ungueltig', language);
  if (!errors.von && !errors.bis && draft.von >= draft.bis)
    errors.von = formatError('oeffnungszeit.von_nach_bis', language, { von: draft.von, bis: draft.bis });
  const parsed = ZSonderoeffnungszeitInput.safeParse({
    beschreibung: draft.beschreibung.trim() || null,
    gueltigVon: von ?? '',
    gueltigBis: bis ?? '',
    von: draft.von,
    bis: draft.bis,
    status: draft.status,
  });
  if (!parsed.success && Object.keys(errors).length === 0)
    for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? '_form')] ??= issue.message;
  if (Object.keys(errors).length > 0 || !parsed.success) return { input: null, errors };
  return { input: parsed.data, errors: null };
};

function SonderzeitForm({
  grundrissId,
  initial,
  onClose,
}: {
  grundrissId: string;
  initial: Draft;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'de';
  const save = useSaveSonderzeit(grundrissId);
  const [draft, setDraft] = useState<Draft>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [bestaetigen, setBestaetigen] = useState<{
    input: TSonderoeffnungszeitInput;
    buchungen: TBetroffeneBuchung[];
  } | null>(null);

  const set = (patch: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const key of Object.keys(patch)) delete next[key];
      return next;
    });
  };

  const send = async (input: TSonderoeffnungszeitInput) => {
    setFormError(null);
    try {
      const result = await save.mutateAsync({ id: draft.id, input });
      if (result.kind === 'confirm') {
        setBestaetigen({ input, buchungen: result.buchungen });
        return;
      }
      const anzahl = result.saved.storniert.length;
      if (anzahl > 0)
        notifications.show({
          color: 'teal',
          message: t('adminOeffnungszeiten.storniert', { count: anzahl }),
        });
      onClose();
    } catch (error) {
      setBestaetigen(null);
      const { message } = apiFieldError(error, t, language);
      const params = (error as { params?: Record<string, unknown> }).params ?? {};
      const field = ['gueltigVon', 'gueltigBis', 'von', 'bis'].find((k) => k in params);
      if (field) setErrors({ [field]: message });
      else setFormError(message);
    }
  };

  const submit = () => {
    const checked = pruefe(draft, language, t('validation.required'));
    if (checked.errors) {
      setErrors(checked.errors);
      return;
    }
    void send(checked.input);
  };

  return (
    <>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <MissingFieldsAlert errors={errors} />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="sonder-status">
              {t('adminOeffnungszeiten.status')}
            </Text>
            <SegmentedControl
              aria-labelledby="sonder-status"
              value={draft.status}
              onChange={(value) => set({ status: value === 'offen' ? 'offen' : 'geschlossen' })}
              data={[
                { value: 'geschlossen', label: t('adminOeffnungszeiten.geschlossen') },
                { value: 'offen', label: t('adminOeffnungszeiten.offen') },
              ]}
            />
          </Stack>
          <Group grow align="flex-start" wrap="wrap">
            <TextInput
              label={t('adminOeffnungszeiten.gueltigVon')}
              placeholder={t('adminOeffnungszeiten.datumFormat')}
              required
              value={draft.gueltigVon}
              onChange={(e) => set({ gueltigVon: e.currentTarget.value })}
              error={errors.gueltigVon}
              maxLength={10}
              miw={140}
            />
            <TextInput
              label={t('adminOeffnungszeiten.gueltigBis')}
              placeholder={t('adminOeffnungszeiten.datumFormat')}
              required
              value={draft.gueltigBis}
              onChange={(e) => set({ gueltigBis: e.currentTarget.value })}
              error={errors.gueltigBis}
              maxLength={10}
              miw={140}
            />
          </Group>
          <Group grow align="flex-start" wrap="wrap">
            <TextInput
              label={t('adminOeffnungszeiten.von')}
              placeholder="HH:mm"
              value={draft.von}
              onChange={(e) => set({ von: e.currentTarget.value })}
              error={errors.von}
              maxLength={20}
              miw={120}
            />
            <TextInput
              label={t('adminOeffnungszeiten.bis')}
              placeholder="HH:mm"
              value={draft.bis}
              onChange={(e) => set({ bis: e.currentTarget.value })}
              error={errors.bis}
              maxLength={20}
              miw={120}
            />
          </Group>
          <TextInput
            label={t('adminOeffnungszeiten.beschreibung')}
            value={draft.beschreibung}
            onChange={(e) => set({ beschreibung: e.currentTarget.value })}
            error={errors.beschreibung}
            maxLength={500}
          />
          {formError && (
            <Alert color="red" role="alert">
              {formError}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={save.isPending}>
              {t('customizing.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending && !bestaetigen}>
              {t('customizing.save')}
            </Button>
          </Group>
        </Stack>
      </form>
      <ConfirmModal
        opened={bestaetigen !== null}
        title={t('adminOeffnungszeiten.stornoTitle')}
        confirmLabel={t('adminOeffnungszeiten.stornoConfirm')}
        onClose={() => setBestaetigen(null)}
        loading={save.isPending}
        onConfirm={() => bestaetigen && void send({ ...bestaetigen.input, confirmCancel: true })}
      >
        <Stack gap="sm">
          <Text size="sm">
            {t('adminOeffnungszeiten.stornoText', { count: bestaetigen?.buchungen.length ?? 0 })}
          </Text>
          <BetroffeneListe buchungen={bestaetigen?.buchungen ?? []} />
        </Stack>
      </ConfirmModal>
    </>
  );
}

/** Special opening times of a floor plan: deviating periods that open or close it. */
export function Sonderoeffnungszeiten({ grundrissId }: { grundrissId: string }) {
  const { t, i18n } = useTranslation();
  const query = useSonderzeiten(grundrissId);
  const remove = useDeleteSonderzeit(grundrissId);
  const [editing, setEditing] = useState<Draft | null>(null);
  const [deleting, setDeleting] = useState<TSonderoeffnungszeit | null>(null);

  const closeDelete = () => {
    setDeleting(null);
    remove.reset();
  };
  const zeitraum = (s: TSonderoeffnungszeit) =>
    s.gueltigVon === s.gueltigBis
      ? isoToDe(s.gueltigVon)
      : `${isoToDe(s.gueltigVon)} – ${isoToDe(s.gueltigBis)}`;

  let body: ReactNode;
  if (query.isPending) body = <LoadingState rows={3} />;
  else if (query.isError) body = <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />;
  else if (query.data.length === 0)
    body = (
      <Alert color="gray" variant="light" role="note">
        {t('adminOeffnungszeiten.keineSonderzeiten')}
      </Alert>
    );
  else
    body = (
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {query.data.map((s) => (
          <Card key={s.id} withBorder padding="sm" radius="md" component="li">
            <Group justify="space-between" gap="sm" align="flex-start">
              <Stack gap={2} style={{ flex: '1 1 220px', minWidth: 0 }}>
                <Group gap="xs">
                  <Text fw={600} size="sm">
                    {zeitraum(s)}
                  </Text>
                  <Badge color={s.status === 'offen' ? 'teal.9' : 'red.9'} variant="filled">
                    {s.status === 'offen'
                      ? t('adminOeffnungszeiten.offen')
                      : t('adminOeffnungszeiten.geschlossen')}
                  </Badge>
                </Group>
                <Text size="sm">
                  {s.von} – {s.bis}
                </Text>
                {s.beschreibung && (
                  <Text size="sm" c="dimmed" style={{ wordBreak: 'break-word' }}>
                    {s.beschreibung}
                  </Text>
                )}
              </Stack>
              <Group gap="xs">
                <Button
                  size="xs"
                  variant="light"
                  aria-label={t('adminOeffnungszeiten.editNamed', { zeitraum: zeitraum(s) })}
                  onClick={() =>
                    setEditing({
                      id: s.id,
                      beschreibung: s.beschreibung ?? '',
                      gueltigVon: isoToDe(s.gueltigVon),
                      gueltigBis: isoToDe(s.gueltigBis),
                      von: s.von,
                      bis: s.bis,
                      status: s.status,
                    })
                  }
                >
                  {t('adminOeffnungszeiten.edit')}
                </Button>
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  aria-label={t('adminOeffnungszeiten.deleteNamed', { zeitraum: zeitraum(s) })}
                  onClick={() => setDeleting(s)}
                >
                  {t('adminOeffnungszeiten.delete')}
                </Button>
              </Group>
            </Group>
          </Card>
        ))}
      </Stack>
    );

  return (
    <Stack gap="sm">
      <Group justify="flex-end">
        <Button onClick={() => setEditing(neuerEntwurf())}>{t('adminOeffnungszeiten.sonderNeu')}</Button>
      </Group>
      {body}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.id ? t('adminOeffnungszeiten.sonderBearbeiten') : t('adminOeffnungszeiten.sonderNeu')}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {editing && (
          <SonderzeitForm
            key={editing.id ?? 'neu'}
            grundrissId={grundrissId}
            initial={editing}
            onClose={() => setEditing(null)}
          />
        )}
      </Modal>
      <ConfirmModal
        opened={deleting !== null}
        title={t('adminOeffnungszeiten.deleteTitle')}
        confirmLabel={t('adminOeffnungszeiten.delete')}
        onClose={closeDelete}
        loading={remove.isPending}
        error={remove.error ? apiFieldError(remove.error, t, i18n.language).message : null}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: closeDelete })}
      >
        {t('adminOeffnungszeiten.deleteText', { zeitraum: deleting ? zeitraum(deleting) : '' })}
      </ConfirmModal>
    </Stack>
  );
}

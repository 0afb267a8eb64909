import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Select,
  Stack,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { type TStandort, ZStandortInput } from '@stellwerk/domain/verwaltung/admin-stammdaten.api';
import {
  BUNDESLAENDER,
  BUNDESLAND_CODES,
  type Bundesland,
  isBundesland,
} from '@stellwerk/domain/verwaltung/feiertage';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../../components/ConfirmModal';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { LoadingState } from '../../../../components/LoadingState';
import { MissingFieldsAlert } from '../../../../components/MissingFieldsAlert';
import { apiFieldError, type FieldErrors, zodFieldErrors } from '../../../../lib/form-errors';
import { useDeleteStandort, useSaveStandort, useStandorte } from '../api/standorte';

type Editing = { id: string | null; name: string; abstellplaetze: string[]; bundesland: Bundesland | null };

function StandortForm({ editing, onClose }: { editing: Editing | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const save = useSaveStandort();
  const [name, setName] = useState(editing?.name ?? '');
  const [plaetze, setPlaetze] = useState<string[]>(editing?.abstellplaetze ?? []);
  const [bundesland, setBundesland] = useState<Bundesland | null>(editing?.bundesland ?? null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const submit = async () => {
    if (!editing) return;
    const checked = zodFieldErrors(ZStandortInput, { name, abstellplaetze: plaetze, bundesland }, t);
    if (checked.errors) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setFormError(null);
    try {
      await save.mutateAsync({ id: editing.id, input: checked.data });
      onClose();
    } catch (error) {
      const { field, message } = apiFieldError(error, t, i18n.language);
      const code = (error as { code?: string }).code;
      if (field === 'name' || code === 'standort.name_vergeben') setErrors({ name: message });
      else if (field === 'abstellplaetze') setErrors({ abstellplaetze: message });
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
        <TextInput
          label={t('adminLokationen.name')}
          required
          data-autofocus
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={errors.name}
          maxLength={200}
        />
        <Select
          label={t('adminLokationen.bundesland')}
          description={t('adminLokationen.bundeslandHint')}
          placeholder={t('adminLokationen.bundeslandKeins')}
          clearable
          searchable
          value={bundesland}
          onChange={(v) => setBundesland(v && isBundesland(v) ? v : null)}
          data={BUNDESLAND_CODES.map((code) => ({ value: code, label: BUNDESLAENDER[code] }))}
          comboboxProps={{ withinPortal: true }}
        />
        <TagsInput
          label={t('adminLokationen.abstellplaetze')}
          description={t('adminLokationen.abstellplaetzeHint')}
          value={plaetze}
          onChange={setPlaetze}
          error={
            errors.abstellplaetze ??
            Object.entries(errors).find(([k]) => k.startsWith('abstellplaetze.'))?.[1]
          }
          splitChars={[',', ';']}
          acceptValueOnBlur
          clearable
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
          <Button type="submit" loading={save.isPending}>
            {t('customizing.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /admin/lokationen: locations by id with their parking spots; create, edit, delete. */
export function StandortList() {
  const { t, i18n } = useTranslation();
  const query = useStandorte();
  const remove = useDeleteStandort();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<TStandort | null>(null);

  const closeDelete = () => {
    setDeleting(null);
    remove.reset();
  };

  const header = (
    <Group justify="flex-end">
      <Button onClick={() => setEditing({ id: null, name: '', abstellplaetze: [], bundesland: null })}>
        {t('adminLokationen.create')}
      </Button>
    </Group>
  );

  let body: ReactNode;
  if (query.isPending) body = <LoadingState rows={5} />;
  else if (query.isError) body = <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />;
  else if (query.data.length === 0)
    body = (
      <Alert color="gray" variant="light" role="note" title={t('adminLokationen.emptyTitle')}>
        {t('adminLokationen.empty')}
      </Alert>
    );
  else
    body = (
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {query.data.map((standort) => (
          <Card key={standort.id} withBorder radius="md" padding="md" component="li">
            <Group justify="space-between" align="flex-start" gap="sm">
              <Stack gap={6} style={{ flex: '1 1 240px', minWidth: 0 }}>
                <Text fw={600}>{standort.name}</Text>
                <Text size="xs" c="dimmed">
                  {standort.bundesland
                    ? BUNDESLAENDER[standort.bundesland]
                    : t('adminLokationen.bundeslandKeins')}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('adminLokationen.usage', {
                    fahrzeuge: standort.fahrzeuge,
                    grundrisse: standort.grundrisse,
                  })}
                </Text>
                {standort.abstellplaetze.length > 0 ? (
                  <Group gap={4} aria-label={t('adminLokationen.abstellplaetze')}>
                    {standort.abstellplaetze.map((p) => (
                      <Badge key={p.id} variant="light" color="gray" tt="none">
                        {p.name}
                      </Badge>
                    ))}
                  </Group>
                ) : (
                  <Text size="sm" c="dimmed">
                    {t('adminLokationen.keineAbstellplaetze')}
                  </Text>
                )}
              </Stack>
              <Group gap="xs">
                <Button
                  size="xs"
                  variant="light"
                  onClick={() =>
                    setEditing({
                      id: standort.id,
                      name: standort.name,
                      abstellplaetze: standort.abstellplaetze.map((p) => p.name),
                      bundesland: standort.bundesland,
                    })
                  }
                  aria-label={t('adminLokationen.editNamed', { name: standort.name })}
                >
                  {t('adminLokationen.edit')}
                </Button>
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  onClick={() => setDeleting(standort)}
                  aria-label={t('adminLokationen.deleteNamed', { name: standort.name })}
                >
                  {t('adminLokationen.delete')}
                </Button>
              </Group>
            </Group>
          </Card>
        ))}
      </Stack>
    );

  return (
    <Stack gap="md" maw={900}>
      {header}
      {body}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.id ? t('adminLokationen.editTitle') : t('adminLokationen.createTitle')}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {editing && (
          <StandortForm key={editing.id ?? 'neu'} editing={editing} onClose={() => setEditing(null)} />
        )}
      </Modal>
      <ConfirmModal
        opened={deleting !== null}
        title={t('adminLokationen.deleteTitle')}
        confirmLabel={t('adminLokationen.delete')}
        onClose={closeDelete}
        loading={remove.isPending}
        error={remove.error ? apiFieldError(remove.error, t, i18n.language).message : null}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: closeDelete })}
      >
        {t('adminLokationen.deleteText', {
          name: deleting?.name ?? '',
          count: deleting?.abstellplaetze.length ?? 0,
        })}
      </ConfirmModal>
    </Stack>
  );
}

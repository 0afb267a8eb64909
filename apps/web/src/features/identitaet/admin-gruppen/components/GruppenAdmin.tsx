import { Alert, Button, Group, MultiSelect, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { type TGruppe, ZGruppeInput } from '@stellwerk/domain/identitaet/admin-benutzer.api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteWithUsageDialog } from '../../../../components/DeleteWithUsageDialog';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { MissingFieldsAlert } from '../../../../components/MissingFieldsAlert';
import { NameBadges, NamedItemsAdmin } from '../../../../components/NamedItemsAdmin';
import { apiFieldError, zodFieldErrors } from '../../../../lib/form-errors';
import {
  useDeleteGruppe,
  useGruppen,
  useGruppeUsage,
  useRollenAuswahl,
  useSaveGruppe,
} from '../api/gruppen-api';

type Values = { name: string; rolleIds: string[] };

function GruppeForm({ gruppe, onDone }: { gruppe: TGruppe | null; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const rollen = useRollenAuswahl();
  const save = useSaveGruppe();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: { name: gruppe?.name ?? '', rolleIds: gruppe?.rollen.map((r) => r.id) ?? [] },
    validate: (values) => zodFieldErrors(ZGruppeInput, values, t).errors ?? {},
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit(async (values) => {
        setFailure(null);
        try {
          await save.mutateAsync({ id: gruppe?.id ?? null, input: values });
          notifications.show({
            color: 'teal',
            message: t('adminGruppen.form.saved', { name: values.name.trim() }),
          });
          onDone();
        } catch (error) {
          const { field, message } = apiFieldError(error, t, i18n.language);
          if (field === 'name' || field === 'rolleIds') form.setFieldError(field, message);
          else setFailure(message);
        }
      })}
    >
      <Stack gap="md">
        <MissingFieldsAlert errors={form.errors} />
        <TextInput
          label={t('adminGruppen.fields.name')}
          required
          data-autofocus
          {...form.getInputProps('name')}
        />
        {rollen.isError ? (
          <ErrorAlert error={rollen.error} onRetry={() => void rollen.refetch()} />
        ) : (
          <MultiSelect
            label={t('adminGruppen.fields.rollen')}
            description={t('adminGruppen.form.rollenHint')}
            data={(rollen.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
            disabled={rollen.isPending}
            searchable
            clearable
            nothingFoundMessage={t('adminGruppen.form.nothingFound')}
            {...form.getInputProps('rolleIds')}
          />
        )}
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            {t('adminGruppen.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('adminGruppen.form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function GruppeDeleteDialog({ gruppe, onClose }: { gruppe: TGruppe | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <DeleteWithUsageDialog
      item={gruppe}
      onClose={onClose}
      usage={useGruppeUsage(gruppe?.id ?? null)}
      remove={useDeleteGruppe()}
      texts={{
        title: t('adminGruppen.delete.title'),
        confirm: t('adminGruppen.delete.confirm'),
        cancel: t('adminGruppen.cancel'),
        counting: t('adminGruppen.delete.counting'),
        message: (name, count) => t('adminGruppen.delete.message', { name, count }),
        done: (name) => t('adminGruppen.delete.done', { name }),
      }}
    />
  );
}

/** /admin/gruppen: groups with their roles and member counts; create, rename, change roles, delete. */
export function GruppenAdmin() {
  const { t } = useTranslation();
  return (
    <NamedItemsAdmin
      items={useGruppen()}
      texts={{
        create: t('adminGruppen.create'),
        createTitle: t('adminGruppen.form.createTitle'),
        editTitle: t('adminGruppen.form.editTitle'),
        emptyTitle: t('adminGruppen.emptyTitle'),
        empty: t('adminGruppen.empty'),
        name: t('adminGruppen.fields.name'),
        detail: t('adminGruppen.fields.rollen'),
        benutzer: t('adminGruppen.fields.benutzer'),
        actions: t('adminGruppen.actions'),
        users: (count) => t('adminGruppen.members', { count }),
        edit: t('adminGruppen.edit'),
        editLabel: (name) => t('adminGruppen.editLabel', { name }),
        remove: t('adminGruppen.delete.confirm'),
        removeLabel: (name) => t('adminGruppen.deleteLabel', { name }),
      }}
      tableMinWidth={640}
      renderDetail={(gruppe) => <NameBadges names={gruppe.rollen.map((r) => r.name)} />}
      renderForm={(gruppe, onDone) => <GruppeForm gruppe={gruppe} onDone={onDone} />}
      renderDelete={(gruppe, onClose) => <GruppeDeleteDialog gruppe={gruppe} onClose={onClose} />}
    />
  );
}

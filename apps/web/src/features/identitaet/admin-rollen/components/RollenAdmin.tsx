import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { type TRolle, type TRolleInput, ZRolleInput } from '@stellwerk/domain/identitaet/admin-benutzer.api';
import { PERMISSION_NAMES } from '@stellwerk/domain/permissions';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteWithUsageDialog } from '../../../../components/DeleteWithUsageDialog';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { LoadingState } from '../../../../components/LoadingState';
import { MissingFieldsAlert } from '../../../../components/MissingFieldsAlert';
import { NameBadges, NamedItemsAdmin } from '../../../../components/NamedItemsAdmin';
import { PermissionSwitches } from '../../../../components/PermissionSwitches';
import { apiFieldError, zodFieldErrors } from '../../../../lib/form-errors';
import { useDeleteRolle, usePermissions, useRollen, useRolleUsage, useSaveRolle } from '../api/rollen-api';

type Values = { name: string; permissions: string[] };

const toInput = (values: Values): TRolleInput => ({
  name: values.name,
  permissions: PERMISSION_NAMES.filter((n) => values.permissions.includes(n)).map((name) => ({
    name,
    wert: 'true' as const,
  })),
});

function RolleForm({ rolle, onDone }: { rolle: TRolle | null; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const permissions = usePermissions();
  const save = useSaveRolle();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: {
      name: rolle?.name ?? '',
      permissions: rolle?.permissions.filter((p) => p.wert === 'true').map((p) => p.name) ?? [],
    },
    validate: (values) => zodFieldErrors(ZRolleInput, toInput(values), t).errors ?? {},
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit(async (values) => {
        setFailure(null);
        try {
          await save.mutateAsync({ id: rolle?.id ?? null, input: toInput(values) });
          notifications.show({
            color: 'teal',
            message: t('adminRollen.form.saved', { name: values.name.trim() }),
          });
          onDone();
        } catch (error) {
          const { field, message } = apiFieldError(error, t, i18n.language);
          if (field === 'name' || field === 'permissions') form.setFieldError(field, message);
          else setFailure(message);
        }
      })}
    >
      <Stack gap="md">
        <MissingFieldsAlert errors={form.errors} />
        <TextInput
          label={t('adminRollen.fields.name')}
          required
          data-autofocus
          {...form.getInputProps('name')}
        />
        {permissions.isPending && <LoadingState rows={6} />}
        {permissions.isError && (
          <ErrorAlert error={permissions.error} onRetry={() => void permissions.refetch()} />
        )}
        {permissions.data && (
          <PermissionSwitches
            label={t('adminRollen.fields.permissions')}
            permissions={permissions.data}
            value={form.values.permissions}
            onChange={(next) => form.setFieldValue('permissions', next)}
          />
        )}
        {form.errors.permissions && (
          <Text size="sm" c="red.8">
            {form.errors.permissions}
          </Text>
        )}
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            {t('adminRollen.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('adminRollen.form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function RolleDeleteDialog({ rolle, onClose }: { rolle: TRolle | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <DeleteWithUsageDialog
      item={rolle}
      onClose={onClose}
      usage={useRolleUsage(rolle?.id ?? null)}
      remove={useDeleteRolle()}
      texts={{
        title: t('adminRollen.delete.title'),
        confirm: t('adminRollen.delete.confirm'),
        cancel: t('adminRollen.cancel'),
        counting: t('adminRollen.delete.counting'),
        message: (name, count) => t('adminRollen.delete.message', { name, count }),
        done: (name) => t('adminRollen.delete.done', { name }),
      }}
    />
  );
}

/** /admin/rollen: roles with their permissions and user counts; create, rename, edit permissions, delete. */
export function RollenAdmin() {
  const { t } = useTranslation();
  return (
    <NamedItemsAdmin
      items={useRollen()}
      texts={{
        create: t('adminRollen.create'),
        createTitle: t('adminRollen.form.createTitle'),
        editTitle: t('adminRollen.form.editTitle'),
        emptyTitle: t('adminRollen.emptyTitle'),
        empty: t('adminRollen.empty'),
        name: t('adminRollen.fields.name'),
        detail: t('adminRollen.fields.permissions'),
        benutzer: t('adminRollen.fields.benutzer'),
        actions: t('adminRollen.actions'),
        users: (count) => t('adminRollen.users', { count }),
        edit: t('adminRollen.edit'),
        editLabel: (name) => t('adminRollen.editLabel', { name }),
        remove: t('adminRollen.delete.confirm'),
        removeLabel: (name) => t('adminRollen.deleteLabel', { name }),
      }}
      tableMinWidth={720}
      formSize="lg"
      renderDetail={(rolle) => (
        <NameBadges names={rolle.permissions.filter((p) => p.wert === 'true').map((p) => p.name)} />
      )}
      renderForm={(rolle, onDone) => <RolleForm rolle={rolle} onDone={onDone} />}
      renderDelete={(rolle, onClose) => <RolleDeleteDialog rolle={rolle} onClose={onClose} />}
    />
  );
}

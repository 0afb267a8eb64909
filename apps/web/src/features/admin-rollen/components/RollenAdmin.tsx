import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { type TRolle, type TRolleInput, ZRolleInput } from '@stellwerk/domain/admin-benutzer.api';
import { PERMISSION_NAMES } from '@stellwerk/domain/permissions';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { LoadingState } from '../../../components/LoadingState';
import { PermissionSwitches } from '../../../components/PermissionSwitches';
import { errorMessage } from '../../../lib/error-message';
import { apiFieldError, zodFieldErrors } from '../../../lib/form-errors';
import { useDeleteRolle, usePermissions, useRollen, useRolleUsage, useSaveRolle } from '../api/rollen-api';

type Values = { name: string; permissions: string[] };

const toInput = (values: Values): TRolleInput => ({
  name: values.name,
  permissions: PERMISSION_NAMES.filter((n) => values.permissions.includes(n)).map((name) => ({
    name,
    wert: 'true' as const,
  })),
});

function RolleFormModal({ target, onClose }: { target: TRolle | 'new' | null; onClose: () => void }) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery('(max-width: 36em)');
  const editing = target && target !== 'new' ? target : null;
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={editing ? t('adminRollen.form.editTitle') : t('adminRollen.form.createTitle')}
      size="lg"
      fullScreen={Boolean(isPhone)}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {target !== null && <RolleForm key={editing?.id ?? 'new'} rolle={editing} onDone={onClose} />}
    </Modal>
  );
}

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
  const { t, i18n } = useTranslation();
  const usage = useRolleUsage(rolle?.id ?? null);
  const remove = useDeleteRolle();
  const close = () => {
    remove.reset();
    onClose();
  };
  const message = usage.isPending
    ? t('adminRollen.delete.counting')
    : usage.isError
      ? errorMessage(usage.error, t, i18n.language)
      : t('adminRollen.delete.message', { name: rolle?.name ?? '', count: usage.data.benutzerAnzahl });
  return (
    <ConfirmDialog
      opened={rolle !== null}
      onClose={close}
      title={t('adminRollen.delete.title')}
      message={message}
      confirmLabel={t('adminRollen.delete.confirm')}
      cancelLabel={t('adminRollen.cancel')}
      confirmDisabled={usage.isPending}
      loading={remove.isPending}
      error={remove.error ? errorMessage(remove.error, t, i18n.language) : null}
      onConfirm={() =>
        rolle &&
        remove.mutate(rolle.id, {
          onSuccess: () => {
            notifications.show({
              color: 'teal',
              message: t('adminRollen.delete.done', { name: rolle.name }),
            });
            close();
          },
        })
      }
    />
  );
}

function Granted({ rolle }: { rolle: TRolle }) {
  const granted = rolle.permissions.filter((p) => p.wert === 'true');
  if (granted.length === 0)
    return (
      <Text size="sm" c="dimmed">
        –
      </Text>
    );
  return (
    <Group gap={4}>
      {granted.map((p) => (
        <Badge key={p.name} variant="outline" color="gray" tt="none" fw={500}>
          {p.name}
        </Badge>
      ))}
    </Group>
  );
}

/** /admin/rollen: roles with their permissions and user counts; create, rename, edit permissions, delete. */
export function RollenAdmin() {
  const { t } = useTranslation();
  const rollen = useRollen();
  const [editing, setEditing] = useState<TRolle | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TRolle | null>(null);

  const actions = (rolle: TRolle) => (
    <Group gap="xs" wrap="nowrap">
      <Button
        size="compact-sm"
        variant="light"
        onClick={() => setEditing(rolle)}
        aria-label={t('adminRollen.editLabel', { name: rolle.name })}
      >
        {t('adminRollen.edit')}
      </Button>
      <Button
        size="compact-sm"
        variant="subtle"
        color="red"
        onClick={() => setDeleting(rolle)}
        aria-label={t('adminRollen.deleteLabel', { name: rolle.name })}
      >
        {t('adminRollen.delete.confirm')}
      </Button>
    </Group>
  );

  const content = (() => {
    if (rollen.isPending) return <LoadingState rows={6} />;
    if (rollen.isError) return <ErrorAlert error={rollen.error} onRetry={() => void rollen.refetch()} />;
    if (rollen.data.length === 0)
      return (
        <Alert color="gray" variant="light" role="note" title={t('adminRollen.emptyTitle')}>
          {t('adminRollen.empty')}
        </Alert>
      );
    return (
      <>
        <Table.ScrollContainer minWidth={720} visibleFrom="sm">
          <Table highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('adminRollen.fields.name')}</Table.Th>
                <Table.Th>{t('adminRollen.fields.permissions')}</Table.Th>
                <Table.Th>{t('adminRollen.fields.benutzer')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('adminRollen.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rollen.data.map((rolle) => (
                <Table.Tr key={rolle.id}>
                  <Table.Td fw={500}>{rolle.name}</Table.Td>
                  <Table.Td>
                    <Granted rolle={rolle} />
                  </Table.Td>
                  <Table.Td>{rolle.benutzerAnzahl}</Table.Td>
                  <Table.Td>{actions(rolle)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Stack gap="sm" hiddenFrom="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {rollen.data.map((rolle) => (
            <Card key={rolle.id} withBorder padding="md" radius="md" component="li">
              <Stack gap={6}>
                <Text fw={600}>{rolle.name}</Text>
                <Text size="sm" c="dimmed">
                  {t('adminRollen.users', { count: rolle.benutzerAnzahl })}
                </Text>
                <Granted rolle={rolle} />
                {actions(rolle)}
              </Stack>
            </Card>
          ))}
        </Stack>
      </>
    );
  })();

  return (
    <Stack gap="md">
      <Group>
        <Button onClick={() => setEditing('new')}>{t('adminRollen.create')}</Button>
      </Group>
      {content}
      <RolleFormModal target={editing} onClose={() => setEditing(null)} />
      <RolleDeleteDialog rolle={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}

import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  MultiSelect,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { type TGruppe, ZGruppeInput } from '@stellwerk/domain/admin-benutzer.api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { LoadingState } from '../../../components/LoadingState';
import { errorMessage } from '../../../lib/error-message';
import { apiFieldError, zodFieldErrors } from '../../../lib/form-errors';
import {
  useDeleteGruppe,
  useGruppen,
  useGruppeUsage,
  useRollenAuswahl,
  useSaveGruppe,
} from '../api/gruppen-api';

type Values = { name: string; rolleIds: string[] };

function GruppeFormModal({ target, onClose }: { target: TGruppe | 'new' | null; onClose: () => void }) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery('(max-width: 36em)');
  const editing = target && target !== 'new' ? target : null;
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={editing ? t('adminGruppen.form.editTitle') : t('adminGruppen.form.createTitle')}
      fullScreen={Boolean(isPhone)}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {target !== null && <GruppeForm key={editing?.id ?? 'new'} gruppe={editing} onDone={onClose} />}
    </Modal>
  );
}

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
  const { t, i18n } = useTranslation();
  const usage = useGruppeUsage(gruppe?.id ?? null);
  const remove = useDeleteGruppe();
  const close = () => {
    remove.reset();
    onClose();
  };
  const message = usage.isPending
    ? t('adminGruppen.delete.counting')
    : usage.isError
      ? errorMessage(usage.error, t, i18n.language)
      : t('adminGruppen.delete.message', { name: gruppe?.name ?? '', count: usage.data.benutzerAnzahl });
  return (
    <ConfirmDialog
      opened={gruppe !== null}
      onClose={close}
      title={t('adminGruppen.delete.title')}
      message={message}
      confirmLabel={t('adminGruppen.delete.confirm')}
      cancelLabel={t('adminGruppen.cancel')}
      confirmDisabled={usage.isPending}
      loading={remove.isPending}
      error={remove.error ? errorMessage(remove.error, t, i18n.language) : null}
      onConfirm={() =>
        gruppe &&
        remove.mutate(gruppe.id, {
          onSuccess: () => {
            notifications.show({
              color: 'teal',
              message: t('adminGruppen.delete.done', { name: gruppe.name }),
            });
            close();
          },
        })
      }
    />
  );
}

function Rollen({ gruppe }: { gruppe: TGruppe }) {
  if (gruppe.rollen.length === 0)
    return (
      <Text size="sm" c="dimmed">
        –
      </Text>
    );
  return (
    <Group gap={4}>
      {gruppe.rollen.map((r) => (
        <Badge key={r.id} variant="outline" color="gray" tt="none" fw={500}>
          {r.name}
        </Badge>
      ))}
    </Group>
  );
}

/** /admin/gruppen: groups with their roles and member counts; create, rename, change roles, delete. */
export function GruppenAdmin() {
  const { t } = useTranslation();
  const gruppen = useGruppen();
  const [editing, setEditing] = useState<TGruppe | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TGruppe | null>(null);

  const actions = (gruppe: TGruppe) => (
    <Group gap="xs" wrap="nowrap">
      <Button
        size="compact-sm"
        variant="light"
        onClick={() => setEditing(gruppe)}
        aria-label={t('adminGruppen.editLabel', { name: gruppe.name })}
      >
        {t('adminGruppen.edit')}
      </Button>
      <Button
        size="compact-sm"
        variant="subtle"
        color="red"
        onClick={() => setDeleting(gruppe)}
        aria-label={t('adminGruppen.deleteLabel', { name: gruppe.name })}
      >
        {t('adminGruppen.delete.confirm')}
      </Button>
    </Group>
  );

  const content = (() => {
    if (gruppen.isPending) return <LoadingState rows={6} />;
    if (gruppen.isError) return <ErrorAlert error={gruppen.error} onRetry={() => void gruppen.refetch()} />;
    if (gruppen.data.length === 0)
      return (
        <Alert color="gray" variant="light" role="note" title={t('adminGruppen.emptyTitle')}>
          {t('adminGruppen.empty')}
        </Alert>
      );
    return (
      <>
        <Table.ScrollContainer minWidth={640} visibleFrom="sm">
          <Table highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('adminGruppen.fields.name')}</Table.Th>
                <Table.Th>{t('adminGruppen.fields.rollen')}</Table.Th>
                <Table.Th>{t('adminGruppen.fields.benutzer')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('adminGruppen.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {gruppen.data.map((gruppe) => (
                <Table.Tr key={gruppe.id}>
                  <Table.Td fw={500}>{gruppe.name}</Table.Td>
                  <Table.Td>
                    <Rollen gruppe={gruppe} />
                  </Table.Td>
                  <Table.Td>{gruppe.benutzerAnzahl}</Table.Td>
                  <Table.Td>{actions(gruppe)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Stack gap="sm" hiddenFrom="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {gruppen.data.map((gruppe) => (
            <Card key={gruppe.id} withBorder padding="md" radius="md" component="li">
              <Stack gap={6}>
                <Text fw={600}>{gruppe.name}</Text>
                <Text size="sm" c="dimmed">
                  {t('adminGruppen.members', { count: gruppe.benutzerAnzahl })}
                </Text>
                <Rollen gruppe={gruppe} />
                {actions(gruppe)}
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
        <Button onClick={() => setEditing('new')}>{t('adminGruppen.create')}</Button>
      </Group>
      {content}
      <GruppeFormModal target={editing} onClose={() => setEditing(null)} />
      <GruppeDeleteDialog gruppe={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}

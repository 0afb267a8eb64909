import { Alert, Button, Group, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type TAusstattung, ZAusstattungInput } from '@stellwerk/domain/verwaltung/admin-stammdaten.api';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../../components/ConfirmModal';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { LoadingState } from '../../../../components/LoadingState';
import { MissingFieldsAlert } from '../../../../components/MissingFieldsAlert';
import { apiFieldError, zodFieldErrors } from '../../../../lib/form-errors';
import { useAusstattung, useDeleteAusstattung, useSaveAusstattung } from '../api/ausstattung';

/** A name field with its save button: adds new equipment (id null) or renames an item in place. */
function NameForm({
  id,
  initial,
  label,
  submitLabel,
  onDone,
  onCancel,
}: {
  id: string | null;
  initial: string;
  label: string;
  submitLabel: string;
  onDone: () => void;
  onCancel?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const save = useSaveAusstattung();
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    const checked = zodFieldErrors(ZAusstattungInput, { name }, t);
    if (checked.errors) {
      setError(checked.errors.name ?? Object.values(checked.errors)[0] ?? null);
      return;
    }
    setError(null);
    try {
      await save.mutateAsync({ id, input: checked.data });
      if (id === null) setName('');
      onDone();
    } catch (failure) {
      setError(apiFieldError(failure, t, i18n.language).message);
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
      <MissingFieldsAlert errors={{ name: error }} />
      <Group align="flex-start" gap="xs" wrap="wrap">
        <TextInput
          label={id ? undefined : label}
          aria-label={label}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={error}
          maxLength={200}
          required
          style={{ flex: '1 1 220px' }}
          autoFocus={id !== null}
        />
        <Group gap="xs" mt={id ? 0 : { base: 0, xs: 25 }}>
          <Button type="submit" loading={save.isPending}>
            {submitLabel}
          </Button>
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={save.isPending}>
              {t('customizing.cancel')}
            </Button>
          )}
        </Group>
      </Group>
    </form>
  );
}

/** /admin/ausstattung: the equipment catalogue rooms use; add, rename, delete. */
export function AusstattungList() {
  const { t, i18n } = useTranslation();
  const query = useAusstattung();
  const remove = useDeleteAusstattung();
  const [renaming, setRenaming] = useState<string | null>(null);
  const isPhone = useMediaQuery('(max-width: 36em)');
  const [deleting, setDeleting] = useState<TAusstattung | null>(null);

  const closeDelete = () => {
    setDeleting(null);
    remove.reset();
  };

  let body: ReactNode;
  if (query.isPending) body = <LoadingState rows={5} />;
  else if (query.isError) body = <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />;
  else if (query.data.length === 0)
    body = (
      <Alert color="gray" variant="light" role="note" title={t('adminAusstattung.emptyTitle')}>
        {t('adminAusstattung.empty')}
      </Alert>
    );
  else
    body = (
      <Table verticalSpacing="sm" horizontalSpacing="xs" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('adminAusstattung.name')}</Table.Th>
            <Table.Th w={60}>{t('adminAusstattung.raeume')}</Table.Th>
            <Table.Th w={1}>
              <VisuallyHidden>{t('adminAusstattung.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {query.data.map((item) => (
            <Table.Tr key={item.id}>
              <Table.Td colSpan={renaming === item.id ? 3 : 1}>
                {renaming === item.id ? (
                  <NameForm
                    id={item.id}
                    initial={item.name}
                    label={t('adminAusstattung.renameNamed', { name: item.name })}
                    submitLabel={t('customizing.save')}
                    onDone={() => setRenaming(null)}
                    onCancel={() => setRenaming(null)}
                  />
                ) : (
                  <Text size="sm" style={{ wordBreak: 'break-word' }}>
                    {item.name}
                  </Text>
                )}
              </Table.Td>
              {renaming !== item.id && (
                <>
                  <Table.Td>{item.raeume}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap={isPhone ? 'wrap' : 'nowrap'} justify="flex-end">
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        onClick={() => setRenaming(item.id)}
                        aria-label={t('adminAusstattung.renameNamed', { name: item.name })}
                      >
                        {t('adminAusstattung.rename')}
                      </Button>
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        color="red"
                        onClick={() => setDeleting(item)}
                        aria-label={t('adminAusstattung.deleteNamed', { name: item.name })}
                      >
                        {t('adminAusstattung.delete')}
                      </Button>
                    </Group>
                  </Table.Td>
                </>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );

  return (
    <Stack gap="lg" maw={760}>
      <NameForm
        id={null}
        initial=""
        label={t('adminAusstattung.newName')}
        submitLabel={t('adminAusstattung.create')}
        onDone={() => undefined}
      />
      {body}
      <ConfirmModal
        opened={deleting !== null}
        title={t('adminAusstattung.deleteTitle')}
        confirmLabel={t('adminAusstattung.delete')}
        onClose={closeDelete}
        loading={remove.isPending}
        error={remove.error ? apiFieldError(remove.error, t, i18n.language).message : null}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: closeDelete })}
      >
        {t('adminAusstattung.deleteText', { name: deleting?.name ?? '' })}
      </ConfirmModal>
    </Stack>
  );
}

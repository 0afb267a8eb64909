import { Alert, Button, Group, Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { type TMandant, ZMandantAdministratorInput } from '@stellwerk/domain/verwaltung/admin-stammdaten.api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MissingFieldsAlert } from '../../../../components/MissingFieldsAlert';
import { apiFieldError, zodFieldErrors } from '../../../../lib/form-errors';
import { useCreateMandantAdministrator } from '../api/mandanten-api';

type Values = { vorname: string; nachname: string; email: string; username: string };
const FIELDS = new Set(['vorname', 'nachname', 'email', 'username']);

/** A platform administrator gives a tenant an administrator, who gets an invitation mail. */
export function MandantAdministratorModal({
  mandant,
  onClose,
}: {
  mandant: TMandant | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={mandant !== null}
      onClose={onClose}
      title={t('adminMandanten.admin.title', { name: mandant?.name ?? '' })}
      fullScreen={Boolean(isPhone)}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {mandant && <AdministratorForm key={mandant.id} mandant={mandant} onDone={onClose} />}
    </Modal>
  );
}

function AdministratorForm({ mandant, onDone }: { mandant: TMandant; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const create = useCreateMandantAdministrator();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: { vorname: '', nachname: '', email: '', username: '' },
    validate: (values) => zodFieldErrors(ZMandantAdministratorInput, values, t).errors ?? {},
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit(async (values) => {
        setFailure(null);
        try {
          const created = await create.mutateAsync({
            id: mandant.id,
            input: { ...values, username: values.username || null },
          });
          notifications.show({
            color: 'teal',
            message: t('adminMandanten.admin.created', { email: created.email, name: mandant.name }),
          });
          onDone();
        } catch (error) {
          const { field, message } = apiFieldError(error, t, i18n.language);
          if (field && FIELDS.has(field)) form.setFieldError(field, message);
          else setFailure(message);
        }
      })}
    >
      <Stack gap="md">
        <MissingFieldsAlert errors={form.errors} />
        <Alert color="blue">{t('adminMandanten.admin.hint')}</Alert>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t('adminMandanten.admin.vorname')}
            required
            data-autofocus
            autoComplete="off"
            {...form.getInputProps('vorname')}
          />
          <TextInput
            label={t('adminMandanten.admin.nachname')}
            required
            autoComplete="off"
            {...form.getInputProps('nachname')}
          />
          <TextInput
            label={t('adminMandanten.admin.email')}
            type="email"
            required
            autoComplete="off"
            {...form.getInputProps('email')}
          />
          <TextInput
            label={t('adminMandanten.admin.username')}
            autoComplete="off"
            {...form.getInputProps('username')}
          />
        </SimpleGrid>
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={create.isPending}>
            {t('adminMandanten.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('adminMandanten.admin.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

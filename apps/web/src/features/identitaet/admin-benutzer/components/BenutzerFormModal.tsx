import {
  Alert,
  Button,
  Fieldset,
  Group,
  Modal,
  MultiSelect,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  type TBenutzerDetail,
  type TBenutzerInput,
  type TBenutzerOptionen,
  ZBenutzerInput,
} from '@stellwerk/domain/identitaet/admin-benutzer.api';
import { MAX_STANDORTE_JE_ZUWEISUNG } from '@stellwerk/domain/identitaet/standort-grenze';
import { PERMISSION_NAMES } from '@stellwerk/domain/permissions';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { LoadingState } from '../../../../components/LoadingState';
import { MissingFieldsAlert } from '../../../../components/MissingFieldsAlert';
import { PermissionSwitches } from '../../../../components/PermissionSwitches';
import { apiFieldError, zodFieldErrors } from '../../../../lib/form-errors';
import { useBenutzerDetail, useBenutzerOptionen, useSaveBenutzer } from '../api/benutzer-api';
import { BenutzerDatenauskunft } from './BenutzerDatenauskunft';
import { BenutzerLeseraum } from './BenutzerLeseraum';
import { BenutzerPasskeys } from './BenutzerPasskeys';
import { BenutzerZugriffstoken } from './BenutzerZugriffstoken';

type FormValues = {
  vorname: string;
  nachname: string;
  email: string;
  employeeId: string;
  username: string;
  status: 'aktiv' | 'inaktiv';
  rolleIds: string[];
  /** Per role, the locations it is limited to (decision 258); none or left out: the whole tenant. */
  rollenStandorte: Record<string, string[]>;
  gruppeIds: string[];
  permissions: string[];
};

const FIELDS = new Set<string>([
  'vorname',
  'nachname',
  'email',
  'employeeId',
  'username',
  'status',
  'rolleIds',
  'rollenStandorte',
  'gruppeIds',
  'permissions',
]);

const emptyValues: FormValues = {
  vorname: '',
  nachname: '',
  email: '',
  employeeId: '',
  username: '',
  status: 'aktiv',
  rolleIds: [],
  rollenStandorte: {},
  gruppeIds: [],
  permissions: [],
};

const toValues = (user: TBenutzerDetail): FormValues => ({
  vorname: user.vorname,
  nachname: user.nachname,
  email: user.email,
  employeeId: user.employeeId ?? '',
  username: user.username ?? '',
  status: user.status === 'aktiv' ? 'aktiv' : 'inaktiv',
  rolleIds: user.rollen.map((r) => r.id),
  rollenStandorte: Object.fromEntries(user.rollenStandorte.map((e) => [e.rolleId, e.standortIds])),
  gruppeIds: user.gruppen.map((g) => g.id),
  permissions: user.permissions.filter((p) => p.wert === 'true').map((p) => p.name),
});

const toInput = ({ rollenStandorte, ...values }: FormValues): TBenutzerInput => ({
  ...values,
  // only the roles still chosen, and only with locations: an empty choice is the whole tenant
  rollenStandorte: values.rolleIds.flatMap((rolleId) => {
    const standortIds = rollenStandorte[rolleId] ?? [];
    return standortIds.length > 0 ? [{ rolleId, standortIds }] : [];
  }),
  employeeId: values.employeeId || null,
  username: values.username || null,
  permissions: PERMISSION_NAMES.filter((name) => values.permissions.includes(name)).map((name) => ({
    name,
    wert: 'true' as const,
  })),
});

type BenutzerFormModalProps = {
  /** null: closed; 'new': create; otherwise the id of the user to edit. */
  target: string | null;
  onClose: () => void;
};

/** The "admin user" dialog of spec §2: create or edit a user. */
export function BenutzerFormModal({ target, onClose }: BenutzerFormModalProps) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery('(max-width: 36em)');
  const editId = target && target !== 'new' ? target : null;
  const detail = useBenutzerDetail(editId);
  const optionen = useBenutzerOptionen();

  const body = (() => {
    if (target === null) return null;
    if (optionen.isPending || (editId && detail.isPending)) return <LoadingState rows={8} />;
    if (optionen.isError)
      return <ErrorAlert error={optionen.error} onRetry={() => void optionen.refetch()} />;
    if (editId && detail.isError)
      return <ErrorAlert error={detail.error} onRetry={() => void detail.refetch()} />;
    return (
      <BenutzerForm
        key={editId ?? 'new'}
        id={editId}
        initial={editId && detail.data ? toValues(detail.data) : emptyValues}
        optionen={optionen.data}
        onDone={onClose}
      />
    );
  })();

  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={editId ? t('adminBenutzer.form.editTitle') : t('adminBenutzer.form.createTitle')}
      size="lg"
      fullScreen={Boolean(isPhone)}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {body}
      {editId && detail.data && (
        <Stack mt="xl">
          <BenutzerLeseraum benutzerId={editId} />
          <BenutzerPasskeys
            benutzerId={editId}
            name={`${detail.data.vorname} ${detail.data.nachname}`.trim() || detail.data.email}
          />
          <BenutzerZugriffstoken
            benutzerId={editId}
            name={`${detail.data.vorname} ${detail.data.nachname}`.trim() || detail.data.email}
          />
          <BenutzerDatenauskunft
            benutzerId={editId}
            name={`${detail.data.vorname} ${detail.data.nachname}`.trim() || detail.data.email}
          />
        </Stack>
      )}
    </Modal>
  );
}

function BenutzerForm({
  id,
  initial,
  optionen,
  onDone,
}: {
  id: string | null;
  initial: FormValues;
  optionen: TBenutzerOptionen;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation();
  const save = useSaveBenutzer();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<FormValues>({
    initialValues: initial,
    validate: (values) => zodFieldErrors(ZBenutzerInput, toInput(values), t).errors ?? {},
  });

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      await save.mutateAsync({ id, input: toInput(values) });
      notifications.show({
        color: 'teal',
        message: id
          ? t('adminBenutzer.form.updated', { name: `${values.vorname} ${values.nachname}` })
          : t('adminBenutzer.form.created', { email: values.email.trim().toLowerCase() }),
      });
      onDone();
    } catch (error) {
      const { field, message } = apiFieldError(error, t, i18n.language);
      if (field && FIELDS.has(field)) form.setFieldError(field, message);
      else setFailure(message);
    }
  });

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <MissingFieldsAlert errors={form.errors} />
        {!id && <Alert color="blue">{t('adminBenutzer.form.inviteHint')}</Alert>}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t('adminBenutzer.fields.vorname')}
            required
            autoComplete="off"
            {...form.getInputProps('vorname')}
          />
          <TextInput
            label={t('adminBenutzer.fields.nachname')}
            required
            autoComplete="off"
            {...form.getInputProps('nachname')}
          />
          <TextInput
            label={t('adminBenutzer.fields.email')}
            type="email"
            required
            autoComplete="off"
            {...form.getInputProps('email')}
          />
          <TextInput
            label={t('adminBenutzer.fields.employeeId')}
            autoComplete="off"
            {...form.getInputProps('employeeId')}
          />
          <TextInput
            label={t('adminBenutzer.fields.username')}
            description={t('adminBenutzer.form.usernameHint')}
            autoComplete="off"
            {...form.getInputProps('username')}
          />
          <Radio.Group label={t('adminBenutzer.fields.status')} {...form.getInputProps('status')}>
            <Group gap="lg" mt={8}>
              <Radio value="aktiv" label={t('adminBenutzer.status.aktiv')} />
              <Radio value="inaktiv" label={t('adminBenutzer.status.inaktiv')} />
            </Group>
          </Radio.Group>
        </SimpleGrid>
        <MultiSelect
          label={t('adminBenutzer.fields.rollen')}
          data={optionen.rollen.map((r) => ({ value: r.id, label: r.name }))}
          searchable
          clearable
          nothingFoundMessage={t('adminBenutzer.form.nothingFound')}
          {...form.getInputProps('rolleIds')}
        />
        {form.values.rolleIds.length > 0 && optionen.standorte.length > 0 && (
          <Fieldset legend={t('adminBenutzer.form.standorteTitel')} variant="filled">
            <Stack gap="sm">
              <Text size="sm" c="dimmed">
                {t('adminBenutzer.form.standorteHint')}
              </Text>
              {form.values.rolleIds.map((rolleId) => (
                <MultiSelect
                  key={rolleId}
                  label={t('adminBenutzer.fields.standorte', {
                    rolle: optionen.rollen.find((r) => r.id === rolleId)?.name ?? '',
                  })}
                  placeholder={
                    (form.values.rollenStandorte[rolleId] ?? []).length === 0
                      ? t('adminBenutzer.form.standorteAlle')
                      : undefined
                  }
                  data={optionen.standorte.map((s) => ({ value: s.id, label: s.name }))}
                  searchable
                  clearable
                  maxValues={MAX_STANDORTE_JE_ZUWEISUNG}
                  nothingFoundMessage={t('adminBenutzer.form.nothingFound')}
                  value={form.values.rollenStandorte[rolleId] ?? []}
                  onChange={(next) =>
                    form.setFieldValue('rollenStandorte', { ...form.values.rollenStandorte, [rolleId]: next })
                  }
                  error={form.errors.rollenStandorte}
                  comboboxProps={{ withinPortal: true }}
                />
              ))}
            </Stack>
          </Fieldset>
        )}
        <MultiSelect
          label={t('adminBenutzer.fields.gruppen')}
          data={optionen.gruppen.map((g) => ({ value: g.id, label: g.name }))}
          searchable
          clearable
          nothingFoundMessage={t('adminBenutzer.form.nothingFound')}
          {...form.getInputProps('gruppeIds')}
        />
        <PermissionSwitches
          label={t('adminBenutzer.fields.permissions')}
          description={t('adminBenutzer.form.permissionsHint')}
          permissions={optionen.permissions}
          value={form.values.permissions}
          onChange={(next) => form.setFieldValue('permissions', next)}
        />
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            {t('adminBenutzer.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {id ? t('adminBenutzer.form.save') : t('adminBenutzer.form.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

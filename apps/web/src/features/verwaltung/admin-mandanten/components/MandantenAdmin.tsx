import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Pagination,
  SimpleGrid,
  Stack,
  Switch,
  Tabs,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { SWITCHABLE_FEATURES, type SwitchableFeature } from '@stellwerk/domain/features';
import { type TMandant, ZMandantInput } from '@stellwerk/domain/verwaltung/admin-stammdaten.api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuditEntries } from '../../../../components/AuditEntries';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { LoadingState } from '../../../../components/LoadingState';
import { MissingFieldsAlert } from '../../../../components/MissingFieldsAlert';
import { ApiError } from '../../../../lib/api-client';
import { errorMessage } from '../../../../lib/error-message';
import { zodFieldErrors } from '../../../../lib/form-errors';
import {
  PROTOKOLL_PAGE_SIZE,
  useDeleteMandant,
  useMandanten,
  usePlattformProtokoll,
  useSaveMandant,
  useSaveMandantFeatures,
} from '../api/mandanten-api';
import { checkDomains } from '../hooks/domain-input';
import { MandantAdministratorModal } from './MandantAdministratorModal';

type Values = { name: string; kundenname: string; domains: string[] };

const DOMAIN_CODES = new Set(['mandant.domain_ungueltig', 'mandant.domain_vergeben']);

function MandantForm({ mandant, onDone }: { mandant: TMandant | null; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const save = useSaveMandant();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: {
      name: mandant?.name ?? '',
      kundenname: mandant?.kundenname ?? '',
      domains: mandant?.domains ?? [],
    },
    validate: (values) => {
      const errors: Record<string, string> = zodFieldErrors(ZMandantInput, values, t).errors ?? {};
      const { invalid } = checkDomains(values.domains);
      if (invalid) errors.domains = t('adminMandanten.form.domainInvalid', { domain: invalid });
      return errors;
    },
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit(async (values) => {
        setFailure(null);
        try {
          const input = {
            name: values.name,
            kundenname: values.kundenname.trim() || null,
            domains: checkDomains(values.domains).domains,
          };
          await save.mutateAsync({ id: mandant?.id ?? null, input });
          notifications.show({
            color: 'teal',
            message: t('adminMandanten.form.saved', { name: values.name.trim() }),
          });
          onDone();
        } catch (error) {
          const message = errorMessage(error, t, i18n.language);
          if (error instanceof ApiError && error.code && DOMAIN_CODES.has(error.code))
            form.setFieldError('domains', message);
          else setFailure(message);
        }
      })}
    >
      <Stack gap="md">
        <MissingFieldsAlert errors={form.errors} />
        <TextInput
          label={t('adminMandanten.fields.name')}
          required
          data-autofocus
          {...form.getInputProps('name')}
        />
        <TextInput
          label={t('adminMandanten.fields.kundenname')}
          description={t('adminMandanten.form.kundennameHint')}
          {...form.getInputProps('kundenname')}
        />
        <TagsInput
          label={t('adminMandanten.fields.domains')}
          description={t('adminMandanten.form.domainsHint')}
          placeholder={t('adminMandanten.form.domainsPlaceholder')}
          splitChars={[',', ' ', ';']}
          clearable
          acceptValueOnBlur
          {...form.getInputProps('domains')}
        />
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            {t('adminMandanten.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('adminMandanten.form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function FeatureSwitches({ mandant }: { mandant: TMandant }) {
  const { t, i18n } = useTranslation();
  const save = useSaveMandantFeatures();
  const [pending, setPending] = useState<SwitchableFeature | null>(null);
  const labels: Record<SwitchableFeature, string> = {
    FahrzeugBuchung: t('adminMandanten.features.FahrzeugBuchung'),
    Leseraum: t('adminMandanten.features.Leseraum'),
    Arbeitswelt: t('adminMandanten.features.Arbeitswelt'),
    Officelocker: t('adminMandanten.features.Officelocker'),
    Chatbot: t('adminMandanten.features.Chatbot'),
  };
  const current = Object.fromEntries(
    SWITCHABLE_FEATURES.map((f) => [f, mandant.features[f] ?? false]),
  ) as Record<SwitchableFeature, boolean>;
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <Text component="legend" size="sm" fw={600} mb={6}>
        {t('adminMandanten.fields.features')}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={8}>
        {SWITCHABLE_FEATURES.map((feature) => (
          <Switch
            key={feature}
            label={labels[feature]}
            checked={current[feature]}
            disabled={save.isPending}
            onChange={(event) => {
              const checked = event.currentTarget.checked;
              setPending(feature);
              save.mutate(
                { id: mandant.id, features: { ...current, [feature]: checked } },
                {
                  onSuccess: () =>
                    notifications.show({
                      color: 'teal',
                      message: checked
                        ? t('adminMandanten.features.on', { feature: labels[feature], name: mandant.name })
                        : t('adminMandanten.features.off', { feature: labels[feature], name: mandant.name }),
                    }),
                  onSettled: () => setPending(null),
                },
              );
            }}
            thumbIcon={pending === feature ? <span aria-hidden="true">…</span> : undefined}
          />
        ))}
      </SimpleGrid>
      {save.error && (
        <Alert color="red" role="alert" mt="sm">
          {errorMessage(save.error, t, i18n.language)}
        </Alert>
      )}
    </fieldset>
  );
}

function DeleteMandantDialog({ mandant, onClose }: { mandant: TMandant | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const remove = useDeleteMandant();
  const [typed, setTyped] = useState('');
  const close = () => {
    remove.reset();
    setTyped('');
    onClose();
  };
  return (
    <ConfirmDialog
      opened={mandant !== null}
      onClose={close}
      title={t('adminMandanten.delete.title')}
      message={t('adminMandanten.delete.message', {
        name: mandant?.name ?? '',
        count: mandant?.benutzerAnzahl ?? 0,
      })}
      confirmLabel={t('adminMandanten.delete.confirm')}
      cancelLabel={t('adminMandanten.cancel')}
      confirmDisabled={!mandant || typed.trim() !== mandant.name}
      loading={remove.isPending}
      error={remove.error ? errorMessage(remove.error, t, i18n.language) : null}
      onConfirm={() =>
        mandant &&
        remove.mutate(
          { id: mandant.id, confirmName: typed.trim() },
          {
            onSuccess: () => {
              notifications.show({
                color: 'teal',
                message: t('adminMandanten.delete.done', { name: mandant.name }),
              });
              close();
            },
          },
        )
      }
    >
      <TextInput
        label={t('adminMandanten.delete.typeName', { name: mandant?.name ?? '' })}
        value={typed}
        onChange={(event) => setTyped(event.currentTarget.value)}
        autoComplete="off"
        data-autofocus
      />
    </ConfirmDialog>
  );
}

function MandantCard({
  mandant,
  isOwn,
  onEdit,
  onDelete,
  onAddAdmin,
}: {
  mandant: TMandant;
  isOwn: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onAddAdmin: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" padding="md" component="li">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Stack gap={2}>
            <Title order={2} fz="lg">
              {mandant.name}
            </Title>
            {mandant.kundenname && (
              <Text size="sm" data-kundenname>
                {t('adminMandanten.kundenname', { kundenname: mandant.kundenname })}
              </Text>
            )}
            <Text size="sm" c="dimmed">
              {t('adminMandanten.users', { count: mandant.benutzerAnzahl })}
              {isOwn && ` · ${t('adminMandanten.own')}`}
            </Text>
          </Stack>
          <Group gap="xs">
            <Button
              size="compact-sm"
              variant="light"
              onClick={onEdit}
              aria-label={t('adminMandanten.editLabel', { name: mandant.name })}
            >
              {t('adminMandanten.edit')}
            </Button>
            <Button
              size="compact-sm"
              variant="light"
              onClick={onAddAdmin}
              aria-label={t('adminMandanten.admin.openLabel', { name: mandant.name })}
            >
              {t('adminMandanten.admin.open')}
            </Button>
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              onClick={onDelete}
              disabled={isOwn}
              title={isOwn ? t('adminMandanten.ownNotDeletable') : undefined}
              aria-label={t('adminMandanten.deleteLabel', { name: mandant.name })}
            >
              {t('adminMandanten.delete.confirm')}
            </Button>
          </Group>
        </Group>
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {t('adminMandanten.fields.domains')}
          </Text>
          {mandant.domains.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('adminMandanten.noDomains')}
            </Text>
          ) : (
            <Group gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {mandant.domains.map((d) => (
                <Badge key={d} component="li" variant="light" color="blue" tt="none" fw={500}>
                  {d}
                </Badge>
              ))}
            </Group>
          )}
        </Stack>
        <FeatureSwitches mandant={mandant} />
      </Stack>
    </Card>
  );
}

function PlattformProtokoll() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = usePlattformProtokoll(page);
  if (query.isPending) return <LoadingState rows={6} />;
  if (query.isError) return <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.total === 0)
    return (
      <Alert color="gray" variant="light" role="note">
        {t('adminMandanten.protokollEmpty')}
      </Alert>
    );
  return (
    <Stack gap="md">
      <AuditEntries items={query.data.items} />
      {query.data.total > PROTOKOLL_PAGE_SIZE && (
        <Pagination
          total={Math.ceil(query.data.total / PROTOKOLL_PAGE_SIZE)}
          value={page}
          onChange={setPage}
          getControlProps={(control) => ({
            'aria-label': control === 'previous' ? t('common.previous') : t('common.next'),
          })}
        />
      )}
    </Stack>
  );
}

/** /admin/mandanten (platform administrators): tenants, domains, feature switches, delete; platform audit. */
export function MandantenAdmin({ ownMandantId }: { ownMandantId: string }) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery('(max-width: 36em)');
  const mandanten = useMandanten();
  const [editing, setEditing] = useState<TMandant | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TMandant | null>(null);
  const [addingAdmin, setAddingAdmin] = useState<TMandant | null>(null);
  const editTarget = editing && editing !== 'new' ? editing : null;

  const list = (() => {
    if (mandanten.isPending) return <LoadingState rows={6} />;
    if (mandanten.isError)
      return <ErrorAlert error={mandanten.error} onRetry={() => void mandanten.refetch()} />;
    if (mandanten.data.length === 0)
      return (
        <Alert color="gray" variant="light" role="note">
          {t('adminMandanten.empty')}
        </Alert>
      );
    return (
      <SimpleGrid
        cols={{ base: 1, lg: 2 }}
        spacing="md"
        component="ul"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
      >
        {mandanten.data.map((m) => (
          <MandantCard
            key={m.id}
            mandant={m}
            isOwn={m.id === ownMandantId}
            onEdit={() => setEditing(m)}
            onDelete={() => setDeleting(m)}
            onAddAdmin={() => setAddingAdmin(m)}
          />
        ))}
      </SimpleGrid>
    );
  })();

  return (
    <>
      <Tabs defaultValue="mandanten" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="mandanten">{t('adminMandanten.tabs.mandanten')}</Tabs.Tab>
          <Tabs.Tab value="protokoll">{t('adminMandanten.tabs.protokoll')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="mandanten">
          <Stack gap="md">
            <Group>
              <Button onClick={() => setEditing('new')}>{t('adminMandanten.create')}</Button>
            </Group>
            {list}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="protokoll">
          <PlattformProtokoll />
        </Tabs.Panel>
      </Tabs>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editTarget ? t('adminMandanten.form.editTitle') : t('adminMandanten.form.createTitle')}
        fullScreen={Boolean(isPhone)}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {editing !== null && (
          <MandantForm key={editTarget?.id ?? 'new'} mandant={editTarget} onDone={() => setEditing(null)} />
        )}
      </Modal>
      <DeleteMandantDialog mandant={deleting} onClose={() => setDeleting(null)} />
      <MandantAdministratorModal mandant={addingAdmin} onClose={() => setAddingAdmin(null)} />
    </>
  );
}

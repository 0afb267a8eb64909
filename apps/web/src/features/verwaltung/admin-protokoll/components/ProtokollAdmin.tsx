import { Alert, Button, Group, Pagination, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  AUDIT_ACTIONS,
  AUDIT_ENTITIES,
  AuditEntries,
  useAuditLabels,
} from '../../../../components/AuditEntries';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { LoadingState } from '../../../../components/LoadingState';
import { useProtokoll, useProtokollBenutzer } from '../api/protokoll-api';
import { nextProtokollSearch, PROTOKOLL_PAGE_SIZE, type TProtokollSearch } from '../hooks/protokoll-search';

type ProtokollAdminProps = {
  search: TProtokollSearch;
  onSearchChange: (next: TProtokollSearch) => void;
  /** Whether the user may list users (then the user filter is a choice of names). */
  canListUsers: boolean;
};

/** /admin/protokoll: the tenant's audit log, newest first, filters in the URL, a readable diff per entry. */
export function ProtokollAdmin({ search, onSearchChange, canListUsers }: ProtokollAdminProps) {
  const { t } = useTranslation();
  const { entityLabel, actionLabel } = useAuditLabels();
  const query = useProtokoll(search);
  const benutzer = useProtokollBenutzer(canListUsers);
  const change = (patch: Parameters<typeof nextProtokollSearch>[1]) =>
    onSearchChange(nextProtokollSearch(search, patch));
  const hasFilters = Boolean(search.entity || search.action || search.benutzerId || search.from || search.to);

  const userOptions = (benutzer.data ?? []).map((u) => ({
    value: u.id,
    label: `${u.vorname} ${u.nachname} (${u.email})`,
  }));
  if (search.benutzerId && !userOptions.some((o) => o.value === search.benutzerId)) {
    const named = query.data?.items.find((i) => i.benutzerId === search.benutzerId)?.benutzerName;
    userOptions.unshift({ value: search.benutzerId, label: named ?? t('adminProtokoll.selectedUser') });
  }

  const content = (() => {
    if (query.isPending) return <LoadingState rows={8} />;
    if (query.isError) return <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />;
    const { items, total } = query.data;
    if (total === 0)
      return (
        <Alert color="gray" variant="light" role="note" title={t('adminProtokoll.emptyTitle')}>
          {hasFilters ? t('adminProtokoll.emptyFiltered') : t('adminProtokoll.empty')}
        </Alert>
      );
    return (
      <Stack gap="md" style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }} aria-busy={query.isFetching}>
        <Text size="sm" c="dimmed" role="status">
          {t('adminProtokoll.total', { count: total })}
        </Text>
        <AuditEntries items={items} onUserClick={(benutzerId) => change({ benutzerId })} />
        {total > PROTOKOLL_PAGE_SIZE && (
          <Pagination
            total={Math.ceil(total / PROTOKOLL_PAGE_SIZE)}
            value={search.page ?? 1}
            onChange={(page) => change({ page })}
            getControlProps={(control) => ({
              'aria-label': control === 'previous' ? t('common.previous') : t('common.next'),
            })}
          />
        )}
      </Stack>
    );
  })();

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} spacing="sm">
        <Select
          label={t('adminProtokoll.filters.entity')}
          placeholder={t('adminProtokoll.filters.all')}
          data={AUDIT_ENTITIES.map((e) => ({ value: e, label: entityLabel(e) }))}
          value={search.entity ?? null}
          onChange={(entity) => change({ entity })}
          clearable
          searchable
        />
        <Select
          label={t('adminProtokoll.filters.action')}
          placeholder={t('adminProtokoll.filters.all')}
          data={AUDIT_ACTIONS.map((a) => ({ value: a, label: actionLabel(a) }))}
          value={search.action ?? null}
          onChange={(action) => change({ action })}
          clearable
        />
        <Select
          label={t('adminProtokoll.filters.user')}
          placeholder={canListUsers ? t('adminProtokoll.filters.all') : t('adminProtokoll.filters.userHint')}
          data={userOptions}
          value={search.benutzerId ?? null}
          onChange={(benutzerId) => change({ benutzerId })}
          clearable
          searchable
          nothingFoundMessage={t('adminProtokoll.filters.nothingFound')}
        />
        <TextInput
          type="date"
          label={t('adminProtokoll.filters.from')}
          value={search.from ?? ''}
          max={search.to}
          onChange={(event) => change({ from: event.currentTarget.value })}
        />
        <TextInput
          type="date"
          label={t('adminProtokoll.filters.to')}
          value={search.to ?? ''}
          min={search.from}
          onChange={(event) => change({ to: event.currentTarget.value })}
        />
      </SimpleGrid>
      {hasFilters && (
        <Group>
          <Button size="xs" variant="light" onClick={() => onSearchChange({})}>
            {t('adminProtokoll.filters.reset')}
          </Button>
        </Group>
      )}
      {content}
    </Stack>
  );
}

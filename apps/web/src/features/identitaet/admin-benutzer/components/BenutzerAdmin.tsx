import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Pagination,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import type { TBenutzerListItem } from '@stellwerk/domain/identitaet/admin-benutzer.api';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { LoadingState } from '../../../../components/LoadingState';
import { useBenutzerList, useBenutzerOptionen } from '../api/benutzer-api';
import {
  BENUTZER_PAGE_SIZE,
  type BENUTZER_SEARCH_SORT,
  nextBenutzerSearch,
  type TBenutzerSearch,
  toggleSort,
} from '../hooks/benutzer-search';
import { BenutzerDeleteDialog } from './BenutzerDeleteDialog';
import { BenutzerFormModal } from './BenutzerFormModal';
import { BenutzerImportModal } from './BenutzerImportModal';
import { BenutzerLoeschungDialog } from './BenutzerLoeschungDialog';
import { FaktorenResetDialog } from './FaktorenResetDialog';

type SortColumn = Exclude<(typeof BENUTZER_SEARCH_SORT)[number], 'standard'>;

type BenutzerAdminProps = {
  search: TBenutzerSearch;
  onSearchChange: (next: TBenutzerSearch) => void;
  currentUserId: string;
  isPlatformAdmin: boolean;
};

function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return status === 'aktiv' ? (
    <Badge color="teal.9" variant="filled" tt="none">
      {t('adminBenutzer.status.aktiv')}
    </Badge>
  ) : (
    <Badge color="gray.7" variant="filled" tt="none">
      {t('adminBenutzer.status.inaktiv')}
    </Badge>
  );
}

function Names({ items, secondary = false }: { items: { id: string; name: string }[]; secondary?: boolean }) {
  return (
    <Text size={secondary ? 'xs' : 'sm'} c={secondary || items.length === 0 ? 'dimmed' : undefined}>
      {items.length === 0 ? '–' : items.map((item) => item.name).join(', ')}
    </Text>
  );
}

/** /admin/benutzer: search, filters, sortable paged list, create/edit dialog, delete and CSV import. */
export function BenutzerAdmin({
  search,
  onSearchChange,
  currentUserId,
  isPlatformAdmin,
}: BenutzerAdminProps) {
  const { t } = useTranslation();
  const list = useBenutzerList(search);
  const optionen = useBenutzerOptionen();
  const [query, setQuery] = useState(search.q ?? '');
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<TBenutzerListItem | null>(null);
  const [erasing, setErasing] = useState<TBenutzerListItem | null>(null);
  const [resettingFactors, setResettingFactors] = useState<TBenutzerListItem | null>(null);
  const [importing, setImporting] = useState(false);

  // the URL changed from outside (back button): show its search text
  useEffect(() => setQuery(search.q ?? ''), [search.q]);

  const change = (patch: Parameters<typeof nextBenutzerSearch>[1]) =>
    onSearchChange(nextBenutzerSearch(search, patch));

  // a page beyond the end (after deleting its last user, or an old link) shows the last page instead
  const lastPage = list.data ? Math.max(1, Math.ceil(list.data.total / BENUTZER_PAGE_SIZE)) : null;
  useEffect(() => {
    if (lastPage !== null && (search.page ?? 1) > lastPage)
      onSearchChange(nextBenutzerSearch(search, { page: lastPage }));
  }, [lastPage, search, onSearchChange]);
  const debouncedSearch = useDebouncedCallback((q: string) => change({ q }), 300);

  const hasFilters = Boolean(search.q || search.status || search.rolleId || search.gruppeId);
  const canChange = (user: TBenutzerListItem) => isPlatformAdmin || !user.isPlatformAdmin;

  const sortHeader = (column: SortColumn, label: string) => {
    const active = search.sort === column;
    const dir = search.dir ?? 'asc';
    return (
      <Table.Th aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : undefined}>
        <UnstyledButton
          onClick={() => change(toggleSort(search, column))}
          fw={700}
          fz="sm"
          style={{ whiteSpace: 'nowrap' }}
        >
          {label} <span aria-hidden="true">{active ? (dir === 'asc' ? '▲' : '▼') : '↕'}</span>
        </UnstyledButton>
      </Table.Th>
    );
  };

  // Stacked, so the table fits next to the admin menu at 1280 px without scrolling sideways.
  const actions = (user: TBenutzerListItem) => (
    <Stack gap={4} align="flex-start">
      <Button
        size="compact-sm"
        variant="light"
        onClick={() => setEditing(user.id)}
        disabled={!canChange(user)}
        aria-label={t('adminBenutzer.editLabel', { name: user.email })}
      >
        {t('adminBenutzer.edit')}
      </Button>
      <Button
        size="compact-sm"
        variant="subtle"
        color="red"
        onClick={() => setDeleting(user)}
        disabled={!canChange(user) || user.id === currentUserId}
        aria-label={t('adminBenutzer.deleteLabel', { name: user.email })}
      >
        {t('adminBenutzer.delete.confirm')}
      </Button>
      <Button
        size="compact-sm"
        variant="subtle"
        color="orange"
        onClick={() => setResettingFactors(user)}
        disabled={!canChange(user)}
        aria-label={t('sicherheit.reset.label', { name: user.email })}
      >
        {t('sicherheit.reset.kurz')}
      </Button>
    </Stack>
  );

  const content = (() => {
    if (list.isPending) return <LoadingState rows={8} />;
    if (list.isError) return <ErrorAlert error={list.error} onRetry={() => void list.refetch()} />;
    const { items, total } = list.data;
    if (total === 0) {
      return (
        <Alert color="gray" variant="light" role="note" title={t('adminBenutzer.emptyTitle')}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{hasFilters ? t('adminBenutzer.emptyFiltered') : t('adminBenutzer.empty')}</Text>
            {hasFilters && (
              <Button size="xs" variant="light" onClick={() => onSearchChange({})}>
                {t('adminBenutzer.resetFilters')}
              </Button>
            )}
          </Stack>
        </Alert>
      );
    }
    const pages = Math.ceil(total / BENUTZER_PAGE_SIZE);
    return (
      <Stack gap="md" style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }} aria-busy={list.isFetching}>
        <Text size="sm" c="dimmed" role="status">
          {t('adminBenutzer.total', { count: total })}
        </Text>
        <Table.ScrollContainer minWidth={900} visibleFrom="md">
          <Table highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                {sortHeader('nachname', t('adminBenutzer.fields.name'))}
                {sortHeader('email', t('adminBenutzer.fields.email'))}
                {sortHeader('employeeId', t('adminBenutzer.fields.employeeId'))}
                <Table.Th>
                  {t('adminBenutzer.fields.rollen')} / {t('adminBenutzer.fields.gruppen')}
                </Table.Th>
                {sortHeader('status', t('adminBenutzer.fields.status'))}
                <Table.Th>
                  <VisuallyHidden>{t('adminBenutzer.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((user) => (
                <Table.Tr key={user.id}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {user.nachname}, {user.vorname}
                    </Text>
                    {user.isPlatformAdmin && (
                      <Text size="xs" c="grape.9" fw={600}>
                        {t('adminBenutzer.platformAdmin')}
                      </Text>
                    )}
                    {user.isSso && (
                      <Text size="xs" c="blue.9" fw={600}>
                        {t('adminBenutzer.ssoUser')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{user.email}</Table.Td>
                  <Table.Td>{user.employeeId ?? '–'}</Table.Td>
                  <Table.Td>
                    <Names items={user.rollen} />
                    <Names items={user.gruppen} secondary />
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge status={user.status} />
                  </Table.Td>
                  <Table.Td>{actions(user)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Stack gap="sm" hiddenFrom="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {items.map((user) => (
            <Card key={user.id} withBorder padding="md" radius="md" component="li">
              <Stack gap={6}>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Text fw={600}>
                    {user.vorname} {user.nachname}
                  </Text>
                  <StatusBadge status={user.status} />
                </Group>
                <Text size="sm" style={{ wordBreak: 'break-all' }}>
                  {user.email}
                </Text>
                {user.isSso && (
                  <Text size="xs" c="blue.9" fw={600}>
                    {t('adminBenutzer.ssoUser')}
                  </Text>
                )}
                {user.employeeId && (
                  <Text size="sm" c="dimmed">
                    {t('adminBenutzer.fields.employeeId')}: {user.employeeId}
                  </Text>
                )}
                <Text size="sm">
                  {t('adminBenutzer.fields.rollen')}: {user.rollen.map((r) => r.name).join(', ') || '–'}
                </Text>
                <Text size="sm">
                  {t('adminBenutzer.fields.gruppen')}: {user.gruppen.map((g) => g.name).join(', ') || '–'}
                </Text>
                {actions(user)}
              </Stack>
            </Card>
          ))}
        </Stack>
        {pages > 1 && (
          <Pagination
            total={pages}
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

  const mobileSort =
    search.sort && search.sort !== 'standard' ? `${search.sort}:${search.dir ?? 'asc'}` : 'standard';

  return (
    <Stack gap="md">
      <Group gap="sm">
        <Button onClick={() => setEditing('new')}>{t('adminBenutzer.create')}</Button>
        <Button variant="default" onClick={() => setImporting(true)}>
          {t('adminBenutzer.import.open')}
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
        <TextInput
          type="search"
          label={t('adminBenutzer.search')}
          placeholder={t('adminBenutzer.searchPlaceholder')}
          value={query}
          onChange={(event) => {
            setQuery(event.currentTarget.value);
            debouncedSearch(event.currentTarget.value.trim());
          }}
        />
        <Select
          label={t('adminBenutzer.fields.status')}
          placeholder={t('adminBenutzer.all')}
          data={[
            { value: 'aktiv', label: t('adminBenutzer.status.aktiv') },
            { value: 'inaktiv', label: t('adminBenutzer.status.inaktiv') },
          ]}
          value={search.status ?? null}
          onChange={(status) => change({ status })}
          clearable
        />
        <Select
          label={t('adminBenutzer.filterRolle')}
          placeholder={t('adminBenutzer.all')}
          data={(optionen.data?.rollen ?? []).map((r) => ({ value: r.id, label: r.name }))}
          value={search.rolleId ?? null}
          onChange={(rolleId) => change({ rolleId })}
          searchable
          clearable
          nothingFoundMessage={t('adminBenutzer.form.nothingFound')}
        />
        <Select
          label={t('adminBenutzer.filterGruppe')}
          placeholder={t('adminBenutzer.all')}
          data={(optionen.data?.gruppen ?? []).map((g) => ({ value: g.id, label: g.name }))}
          value={search.gruppeId ?? null}
          onChange={(gruppeId) => change({ gruppeId })}
          searchable
          clearable
          nothingFoundMessage={t('adminBenutzer.form.nothingFound')}
        />
        <Select
          hiddenFrom="md"
          label={t('adminBenutzer.sort')}
          data={[
            { value: 'standard', label: t('adminBenutzer.sortStandard') },
            { value: 'nachname:asc', label: t('adminBenutzer.fields.nachname') },
            { value: 'vorname:asc', label: t('adminBenutzer.fields.vorname') },
            { value: 'email:asc', label: t('adminBenutzer.fields.email') },
            { value: 'employeeId:asc', label: t('adminBenutzer.fields.employeeId') },
            { value: 'status:asc', label: t('adminBenutzer.fields.status') },
          ]}
          value={mobileSort}
          allowDeselect={false}
          onChange={(value) => {
            const [sort, dir] = (value ?? 'standard').split(':');
            change({ sort, dir });
          }}
        />
      </SimpleGrid>
      {content}
      <BenutzerFormModal target={editing} onClose={() => setEditing(null)} />
      <BenutzerDeleteDialog user={deleting} onClose={() => setDeleting(null)} onErase={setErasing} />
      <BenutzerLoeschungDialog user={erasing} onClose={() => setErasing(null)} />
      <FaktorenResetDialog user={resettingFactors} onClose={() => setResettingFactors(null)} />
      <BenutzerImportModal opened={importing} onClose={() => setImporting(false)} />
    </Stack>
  );
}

import { Alert, Badge, Button, Card, Group, Modal, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { UseQueryResult } from '@tanstack/react-query';
import { Fragment, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from './ErrorAlert';
import { LoadingState } from './LoadingState';

/** Something of the tenant's with a unique name that users hold (a group, a role). */
export type NamedItem = { id: string; name: string; benutzerAnzahl: number };

/** The screen's texts, translated by the feature (translation keys stay literal there). */
export type NamedItemsTexts = {
  create: string;
  createTitle: string;
  editTitle: string;
  emptyTitle: string;
  empty: string;
  name: string;
  /** The heading of the column `renderDetail` fills. */
  detail: string;
  benutzer: string;
  actions: string;
  /** The user count on a phone card. */
  users: (count: number) => string;
  edit: string;
  editLabel: (name: string) => string;
  remove: string;
  removeLabel: (name: string) => string;
};

type NamedItemsAdminProps<T extends NamedItem> = {
  items: UseQueryResult<T[]>;
  texts: NamedItemsTexts;
  tableMinWidth: number;
  formSize?: string;
  /** What the item carries (its roles, its permissions): a table column and a line on the phone card. */
  renderDetail: (item: T) => ReactNode;
  /** The create (`null`) or edit form; `onDone` closes the dialog. */
  renderForm: (item: T | null, onDone: () => void) => ReactNode;
  /** The delete confirmation for the item (`null`: closed). */
  renderDelete: (item: T | null, onClose: () => void) => ReactNode;
};

/** Names as outline badges (a group's roles, a role's permissions); a dash when there are none. */
export function NameBadges({ names }: { names: string[] }) {
  if (names.length === 0)
    return (
      <Text size="sm" c="dimmed">
        –
      </Text>
    );
  return (
    <Group gap={4}>
      {names.map((name) => (
        <Badge key={name} variant="outline" color="gray" tt="none" fw={500}>
          {name}
        </Badge>
      ))}
    </Group>
  );
}

/**
 * A list of named items with their user counts (a table, on a phone cards) and the actions create, edit
 * and delete, each in a dialog the feature supplies.
 */
export function NamedItemsAdmin<T extends NamedItem>({
  items,
  texts,
  tableMinWidth,
  formSize,
  renderDetail,
  renderForm,
  renderDelete,
}: NamedItemsAdminProps<T>) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery('(max-width: 36em)');
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const edited = editing && editing !== 'new' ? editing : null;
  const closeForm = () => setEditing(null);

  const actions = (item: T) => (
    <Group gap="xs" wrap="nowrap">
      <Button
        size="compact-sm"
        variant="light"
        onClick={() => setEditing(item)}
        aria-label={texts.editLabel(item.name)}
      >
        {texts.edit}
      </Button>
      <Button
        size="compact-sm"
        variant="subtle"
        color="red"
        onClick={() => setDeleting(item)}
        aria-label={texts.removeLabel(item.name)}
      >
        {texts.remove}
      </Button>
    </Group>
  );

  const content = (() => {
    if (items.isPending) return <LoadingState rows={6} />;
    if (items.isError) return <ErrorAlert error={items.error} onRetry={() => void items.refetch()} />;
    if (items.data.length === 0)
      return (
        <Alert color="gray" variant="light" role="note" title={texts.emptyTitle}>
          {texts.empty}
        </Alert>
      );
    return (
      <>
        <Table.ScrollContainer minWidth={tableMinWidth} visibleFrom="sm">
          <Table highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{texts.name}</Table.Th>
                <Table.Th>{texts.detail}</Table.Th>
                <Table.Th>{texts.benutzer}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{texts.actions}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.data.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Td fw={500}>{item.name}</Table.Td>
                  <Table.Td>{renderDetail(item)}</Table.Td>
                  <Table.Td>{item.benutzerAnzahl}</Table.Td>
                  <Table.Td>{actions(item)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Stack gap="sm" hiddenFrom="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {items.data.map((item) => (
            <Card key={item.id} withBorder padding="md" radius="md" component="li">
              <Stack gap={6}>
                <Text fw={600}>{item.name}</Text>
                <Text size="sm" c="dimmed">
                  {texts.users(item.benutzerAnzahl)}
                </Text>
                {renderDetail(item)}
                {actions(item)}
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
        <Button onClick={() => setEditing('new')}>{texts.create}</Button>
      </Group>
      {content}
      <Modal
        opened={editing !== null}
        onClose={closeForm}
        title={edited ? texts.editTitle : texts.createTitle}
        size={formSize}
        fullScreen={Boolean(isPhone)}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {editing !== null && <Fragment key={edited?.id ?? 'new'}>{renderForm(edited, closeForm)}</Fragment>}
      </Modal>
      {renderDelete(deleting, () => setDeleting(null))}
    </Stack>
  );
}

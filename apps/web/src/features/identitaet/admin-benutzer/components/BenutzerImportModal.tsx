import { Alert, Badge, Button, Code, FileInput, Group, List, Modal, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { TImportRow } from '@stellwerk/domain/identitaet/admin-benutzer.api';
import { IMPORT_COLUMNS, MAX_IMPORT_ROWS } from '@stellwerk/domain/identitaet/benutzer-import';
import { useQueryClient } from '@tanstack/react-query';
import { useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../../lib/error-message';
import { benutzerKeys } from '../api/benutzer-api';
import { ImportRowsError, previewImport, runImport } from '../api/benutzer-import-api';
import { canConfirmImport, cellError, importReducer, initialImportState } from '../hooks/import-state';

const EXAMPLE = `${IMPORT_COLUMNS.join(';')}
Erika;Musterfrau;erika.musterfrau@example.org;MS-1001;Mitarbeiter;Alle Mitarbeitenden
Max;Beispiel;max.beispiel@example.org;;Mitarbeiter|Freigabe;`;

function Cell({ row, field, children }: { row: TImportRow; field: string; children: string }) {
  const problem = cellError(row, field);
  return (
    <Table.Td bg={problem ? 'var(--mantine-color-red-light)' : undefined} title={problem ?? undefined}>
      {children}
    </Table.Td>
  );
}

/** CSV import of users: format help, file, preview with per-row errors, confirm; nothing written before. */
export function BenutzerImportModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const isPhone = useMediaQuery('(max-width: 36em)');
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(importReducer, initialImportState);

  const close = () => {
    dispatch({ type: 'reset' });
    onClose();
  };

  const choose = async (file: File | null) => {
    if (!file) {
      dispatch({ type: 'reset' });
      return;
    }
    dispatch({ type: 'choose', file });
    try {
      dispatch({ type: 'checked', preview: await previewImport(file) });
    } catch (error) {
      dispatch({ type: 'failed', error });
    }
  };

  const confirm = async () => {
    if (state.step !== 'preview' || !canConfirmImport(state)) return;
    dispatch({ type: 'confirm' });
    try {
      const result = await runImport(state.file);
      dispatch({ type: 'imported', created: result.created });
      void queryClient.invalidateQueries({ queryKey: benutzerKeys.all });
    } catch (error) {
      dispatch({
        type: 'failed',
        error,
        ...(error instanceof ImportRowsError ? { preview: error.preview } : {}),
      });
    }
  };

  const file =
    state.step === 'checking' || state.step === 'preview' || state.step === 'importing' ? state.file : null;
  const preview = state.step === 'preview' || state.step === 'importing' ? state.preview : null;
  const error = state.step === 'choose' || state.step === 'preview' ? state.error : null;

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('adminBenutzer.import.title')}
      size="90rem"
      fullScreen={Boolean(isPhone)}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {state.step === 'done' ? (
        <Stack gap="md">
          <Alert color="teal" role="status" title={t('adminBenutzer.import.doneTitle')}>
            {t('adminBenutzer.import.done', { count: state.created })}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={close}>{t('adminBenutzer.import.close')}</Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          <Text size="sm">{t('adminBenutzer.import.intro')}</Text>
          <List size="sm" spacing={4}>
            <List.Item>{t('adminBenutzer.import.helpColumns')}</List.Item>
            <List.Item>{t('adminBenutzer.import.helpSeparator')}</List.Item>
            <List.Item>{t('adminBenutzer.import.helpLists')}</List.Item>
            <List.Item>{t('adminBenutzer.import.helpLimit', { max: MAX_IMPORT_ROWS })}</List.Item>
          </List>
          <Code
            block
            aria-label={t('adminBenutzer.import.example')}
            style={{ whiteSpace: 'pre', overflowX: 'auto' }}
          >
            {EXAMPLE}
          </Code>
          <FileInput
            label={t('adminBenutzer.import.file')}
            placeholder={t('adminBenutzer.import.choose')}
            accept=".csv,text/csv,text/plain"
            value={file}
            onChange={(f) => void choose(f)}
            clearable
            disabled={state.step === 'checking' || state.step === 'importing'}
          />
          {state.step === 'checking' && (
            <Text size="sm" role="status">
              {t('adminBenutzer.import.checking')}
            </Text>
          )}
          {Boolean(error) && (
            <Alert color="red" role="alert">
              {errorMessage(error, t, i18n.language)}
            </Alert>
          )}
          {preview && (
            <Stack gap="sm">
              <Group gap="xs">
                <Badge color="gray" variant="light">
                  {t('adminBenutzer.import.rows', { count: preview.summary.total })}
                </Badge>
                <Badge color="teal" variant="light">
                  {t('adminBenutzer.import.valid', { count: preview.summary.valid })}
                </Badge>
                <Badge color={preview.summary.invalid > 0 ? 'red' : 'gray'} variant="light">
                  {t('adminBenutzer.import.invalid', { count: preview.summary.invalid })}
                </Badge>
              </Group>
              {preview.summary.invalid > 0 && (
                <Alert color="red" role="alert">
                  {t('adminBenutzer.import.fixFirst')}
                </Alert>
              )}
              <Table.ScrollContainer minWidth={1040} maxHeight={420}>
                <Table stickyHeader striped={false} verticalSpacing={6} fz="sm">
                  <Table.Caption>{t('adminBenutzer.import.caption')}</Table.Caption>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('adminBenutzer.import.line')}</Table.Th>
                      <Table.Th>{t('adminBenutzer.fields.vorname')}</Table.Th>
                      <Table.Th>{t('adminBenutzer.fields.nachname')}</Table.Th>
                      <Table.Th>{t('adminBenutzer.fields.email')}</Table.Th>
                      <Table.Th>{t('adminBenutzer.fields.employeeId')}</Table.Th>
                      <Table.Th>{t('adminBenutzer.fields.rollen')}</Table.Th>
                      <Table.Th>{t('adminBenutzer.fields.gruppen')}</Table.Th>
                      <Table.Th>{t('adminBenutzer.import.problems')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {preview.rows.map((row) => (
                      <Table.Tr
                        key={row.row}
                        aria-invalid={row.errors.length > 0 || undefined}
                        style={
                          row.errors.length > 0
                            ? { boxShadow: 'inset 4px 0 0 var(--mantine-color-red-7)' }
                            : undefined
                        }
                      >
                        <Table.Td>{row.row}</Table.Td>
                        <Cell row={row} field="vorname">
                          {row.data.vorname}
                        </Cell>
                        <Cell row={row} field="nachname">
                          {row.data.nachname}
                        </Cell>
                        <Cell row={row} field="email">
                          {row.data.email}
                        </Cell>
                        <Cell row={row} field="employeeId">
                          {row.data.employeeId ?? ''}
                        </Cell>
                        <Cell row={row} field="rollen">
                          {row.data.rollen.join(', ')}
                        </Cell>
                        <Cell row={row} field="gruppen">
                          {row.data.gruppen.join(', ')}
                        </Cell>
                        <Table.Td>
                          {row.errors.length === 0 ? (
                            <Text size="sm" c="teal.9">
                              {t('adminBenutzer.import.rowOk')}
                            </Text>
                          ) : (
                            <Stack gap={2}>
                              {row.errors.map((e) => (
                                <Text key={`${e.field}-${e.code}`} size="sm" c="red.9">
                                  {e.message}
                                </Text>
                              ))}
                            </Stack>
                          )}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Stack>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={state.step === 'importing'}>
              {t('adminBenutzer.cancel')}
            </Button>
            <Button
              onClick={() => void confirm()}
              disabled={!canConfirmImport(state) && state.step !== 'importing'}
              loading={state.step === 'importing'}
            >
              {t('adminBenutzer.import.confirm', { count: preview?.summary.valid ?? 0 })}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

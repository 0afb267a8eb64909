import { Button, Group, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { ApiError } from '../../../../lib/api-client';
import { errorMessage } from '../../../../lib/error-message';
import { formatDateTime } from '../../../../lib/format-date';
import { passkeysSupported } from '../../../../lib/webauthn';
import {
  type Passkey,
  useEnrolPasskey,
  usePasskeys,
  useRemovePasskey,
  useRenamePasskey,
} from '../api/passkeys';
import { PasswordDialog } from './PasswordDialog';
import { SicherheitsKarte } from './SicherheitsKarte';
import { EntfernenKnopf, SicherheitsTabelle } from './SicherheitsTabelle';

/** A browser's refusal (cancelled, not allowed) or the server's catalogue message. */
const passkeyErrorText = (error: unknown, t: (key: string) => string, language: string) =>
  error instanceof ApiError
    ? errorMessage(error, t as never, language)
    : t('sicherheit.passkeys.abgebrochen');

/**
 * Personal settings: the user's passkeys (decision 072): enrol with a name (after entering the password, decision
 * 100), rename, remove.
 */
export function PasskeyListe() {
  const { t, i18n } = useTranslation();
  const passkeys = usePasskeys();
  const enrol = useEnrolPasskey();
  const rename = useRenamePasskey();
  const remove = useRemovePasskey();
  const [name, setName] = useState('');
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  /** The password is asked for before the browser's passkey dialog (the server wants it confirmed). */
  const [askingPassword, setAskingPassword] = useState(false);
  const needsPassword = (error: unknown) =>
    error instanceof ApiError && error.code === 'sicherheit.passwort_noetig';
  const enrolWith = (passwort?: string) =>
    enrol.mutate(
      { name, passwort },
      {
        onSuccess: () => {
          setName('');
          setAskingPassword(false);
        },
        onError: (error) => {
          if (!passwort && needsPassword(error)) setAskingPassword(true);
        },
      },
    );
  const supported = passkeysSupported();
  const items = passkeys.data ?? [];
  const label = (p: Passkey) => p.name?.trim() || t('sicherheit.passkeys.ohneName');

  return (
    <SicherheitsKarte
      id="passkeys-titel"
      titel={t('sicherheit.passkeys.titel')}
      beschreibung={t('sicherheit.passkeys.beschreibung')}
      abfrage={passkeys}
      ladeZeilen={1}
    >
      {items.length === 0 && !passkeys.isPending && <Text size="sm">{t('sicherheit.passkeys.keine')}</Text>}
      {items.length > 0 && (
        <SicherheitsTabelle
          label={t('sicherheit.passkeys.titel')}
          testId="passkeys"
          spalten={[t('sicherheit.passkeys.name'), t('sicherheit.passkeys.eingerichtet')]}
          aktionen={t('sicherheit.passkeys.aktionen')}
        >
          {items.map((p) => (
            <Table.Tr key={p.id}>
              <Table.Td>
                <Text fw={500}>{label(p)}</Text>
              </Table.Td>
              <Table.Td>{p.createdAt ? formatDateTime(p.createdAt, i18n.language) : '–'}</Table.Td>
              <Table.Td>
                <Group gap="xs" justify="flex-end" wrap="wrap">
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => setRenaming({ id: p.id, name: p.name ?? '' })}
                    aria-label={t('sicherheit.passkeys.umbenennenVon', { name: label(p) })}
                  >
                    {t('sicherheit.passkeys.umbenennen')}
                  </Button>
                  <EntfernenKnopf
                    onClick={() => setRemoving(p)}
                    label={t('sicherheit.passkeys.entfernenVon', { name: label(p) })}
                  >
                    {t('sicherheit.passkeys.entfernen')}
                  </EntfernenKnopf>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </SicherheitsTabelle>
      )}
      {supported ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            enrolWith();
          }}
        >
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              label={t('sicherheit.passkeys.neuerName')}
              placeholder={t('sicherheit.passkeys.namePlatzhalter')}
              value={name}
              maxLength={60}
              onChange={(event) => setName(event.currentTarget.value)}
              style={{ flex: '1 1 14rem' }}
            />
            <Button type="submit" loading={enrol.isPending}>
              {t('sicherheit.passkeys.hinzufuegen')}
            </Button>
          </Group>
        </form>
      ) : (
        <Text size="sm">{t('sicherheit.passkeys.nichtUnterstuetzt')}</Text>
      )}
      {enrol.error && !askingPassword && !needsPassword(enrol.error) && (
        <Text size="sm" c="red" role="alert">
          {passkeyErrorText(enrol.error, t, i18n.language)}
        </Text>
      )}
      {enrol.isSuccess && (
        <Text size="sm" role="status">
          {t('sicherheit.passkeys.hinzugefuegt')}
        </Text>
      )}
      <PasswordDialog
        opened={askingPassword}
        title={t('sicherheit.passkeys.hinzufuegen')}
        message={t('sicherheit.passkeys.passwortHinweis')}
        confirmLabel={t('sicherheit.passkeys.weiter')}
        color="blue"
        loading={enrol.isPending}
        error={askingPassword && enrol.error && !needsPassword(enrol.error) ? enrol.error : null}
        onConfirm={(passwort) => enrolWith(passwort)}
        onClose={() => {
          enrol.reset();
          setAskingPassword(false);
        }}
      />
      <ConfirmDialog
        opened={renaming !== null}
        title={t('sicherheit.passkeys.umbenennen')}
        message={t('sicherheit.passkeys.umbenennenHinweis')}
        confirmLabel={t('sicherheit.passkeys.speichern')}
        cancelLabel={t('sicherheit.abbrechen')}
        confirmDisabled={!renaming?.name.trim()}
        loading={rename.isPending}
        error={rename.error ? errorMessage(rename.error, t, i18n.language) : null}
        onClose={() => setRenaming(null)}
        onConfirm={() => renaming && rename.mutate(renaming, { onSuccess: () => setRenaming(null) })}
      >
        <TextInput
          label={t('sicherheit.passkeys.name')}
          value={renaming?.name ?? ''}
          maxLength={60}
          data-autofocus
          onChange={(event) => {
            const value = event.currentTarget.value;
            setRenaming((r) => (r ? { ...r, name: value } : r));
          }}
        />
      </ConfirmDialog>
      <ConfirmDialog
        opened={removing !== null}
        title={t('sicherheit.passkeys.entfernen')}
        message={t('sicherheit.passkeys.entfernenHinweis', { name: removing ? label(removing) : '' })}
        confirmLabel={t('sicherheit.passkeys.entfernen')}
        cancelLabel={t('sicherheit.abbrechen')}
        color="red"
        loading={remove.isPending}
        error={remove.error ? errorMessage(remove.error, t, i18n.language) : null}
        onClose={() => setRemoving(null)}
        onConfirm={() =>
          removing && remove.mutate({ id: removing.id }, { onSuccess: () => setRemoving(null) })
        }
      />
    </SicherheitsKarte>
  );
}

import { Badge, Button, Group, PasswordInput, Stack, Table, Text, TextInput } from '@mantine/core';
import type { TFaktor } from '@stellwerk/domain/identitaet/sicherheit/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { ApiError } from '../../../../lib/api-client';
import { errorMessage } from '../../../../lib/error-message';
import { formatDateTime } from '../../../../lib/format-date';
import {
  useAddTelefon,
  useConfirmTelefon,
  useFaktoren,
  useRemoveTelefon,
  useResendTelefonCode,
} from '../api/faktoren';
import { SicherheitsKarte } from './SicherheitsKarte';
import { EntfernenKnopf, SicherheitsTabelle } from './SicherheitsTabelle';

/** The code step of the enrolment: the code from the SMS, send again, or give up. */
function CodeBestaetigen({ faktor }: { faktor: TFaktor }) {
  const { t, i18n } = useTranslation();
  const confirm = useConfirmTelefon();
  const resend = useResendTelefonCode();
  const remove = useRemoveTelefon();
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        if (!code.trim()) return;
        confirm.mutate({ id: faktor.id, code: code.trim() });
      }}
    >
      <Stack gap="sm">
        <Text size="sm" role="status">
          {resend.isSuccess
            ? t('sicherheit.telefon.erneutGesendet', { telefon: faktor.telefon ?? '' })
            : t('sicherheit.telefon.gesendet', { telefon: faktor.telefon ?? '' })}
        </Text>
        <TextInput
          label={t('sicherheit.telefon.code')}
          autoComplete="one-time-code"
          inputMode="numeric"
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          error={
            touched && !code.trim()
              ? t('validation.required')
              : confirm.error
                ? errorMessage(confirm.error, t, i18n.language)
                : undefined
          }
          required
          autoFocus
          maw={240}
        />
        {resend.error && <ErrorAlert error={resend.error} />}
        <Group gap="xs" wrap="wrap">
          <Button type="submit" loading={confirm.isPending}>
            {t('sicherheit.telefon.bestaetigen')}
          </Button>
          <Button variant="default" loading={resend.isPending} onClick={() => resend.mutate(faktor.id)}>
            {t('sicherheit.telefon.erneut')}
          </Button>
          <Button variant="subtle" loading={remove.isPending} onClick={() => remove.mutate(faktor.id)}>
            {t('sicherheit.abbrechen')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The first step: the mobile number, a name and the password (decision 100); the server sends the code. */
function NummerEingeben() {
  const { t, i18n } = useTranslation();
  const add = useAddTelefon();
  const [nummer, setNummer] = useState('');
  const [name, setName] = useState('');
  const [passwort, setPasswort] = useState('');
  const [touched, setTouched] = useState(false);
  // a wrong number is said at the number, everything else (password, throttle) at the password
  const fehlerCode = add.error instanceof ApiError ? add.error.code : undefined;
  const nummerFehler = fehlerCode === 'sicherheit.telefonnummer_ungueltig';
  const fehler = add.error ? errorMessage(add.error, t, i18n.language) : undefined;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        if (!nummer.trim()) return;
        add.mutate({
          telefonnummer: nummer,
          friendlyName: name.trim() || undefined,
          passwort: passwort || undefined,
        });
      }}
    >
      <Stack gap="sm">
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label={t('sicherheit.telefon.nummer')}
            placeholder="0151 12345678"
            type="tel"
            autoComplete="tel"
            value={nummer}
            onChange={(event) => setNummer(event.currentTarget.value)}
            error={touched && !nummer.trim() ? t('validation.required') : nummerFehler ? fehler : undefined}
            required
            style={{ flex: '1 1 14rem' }}
          />
          <TextInput
            label={t('sicherheit.telefon.name')}
            placeholder={t('sicherheit.telefon.namePlatzhalter')}
            value={name}
            maxLength={60}
            onChange={(event) => setName(event.currentTarget.value)}
            style={{ flex: '1 1 14rem' }}
          />
          <PasswordInput
            label={t('sicherheit.passwort')}
            description={t('sicherheit.telefon.passwortHinweis')}
            autoComplete="current-password"
            visibilityToggleButtonProps={{ 'aria-label': t('auth.togglePasswordVisibility') }}
            value={passwort}
            onChange={(event) => setPasswort(event.currentTarget.value)}
            error={!nummerFehler ? fehler : undefined}
            style={{ flex: '1 1 14rem' }}
          />
        </Group>
        <Group>
          <Button type="submit" loading={add.isPending}>
            {t('sicherheit.telefon.senden')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Personal settings: a code by SMS as second factor (decision 083). Offered only where the operator set up an
 * SMS gateway; a number enrolled earlier stays listed (and removable) without one.
 */
export function TelefonFaktorKarte() {
  const { t, i18n } = useTranslation();
  const faktoren = useFaktoren();
  const remove = useRemoveTelefon();
  const [removing, setRemoving] = useState<TFaktor | null>(null);
  const data = faktoren.data;
  if (!data) return null;
  const telefone = data.faktoren.filter((f) => f.factorType === 'phone');
  const bestaetigt = telefone.filter((f) => f.verified);
  const offen = telefone.find((f) => !f.verified);
  if (!data.smsVerfuegbar && telefone.length === 0) return null;
  const label = (f: TFaktor) => f.friendlyName ?? t('sicherheit.telefon.standardName');

  return (
    <SicherheitsKarte
      id="telefon-titel"
      titel={t('sicherheit.telefon.titel')}
      beschreibung={t('sicherheit.telefon.beschreibung')}
    >
      {bestaetigt.length > 0 && (
        <SicherheitsTabelle
          label={t('sicherheit.telefon.titel')}
          testId="telefon-faktoren"
          spalten={[t('sicherheit.faktoren.faktor')]}
          aktionen={t('sicherheit.faktoren.aktionen')}
        >
          {bestaetigt.map((f) => (
            <Table.Tr key={f.id}>
              <Table.Td>
                <Group gap="xs" wrap="wrap">
                  <Text fw={500}>{label(f)}</Text>
                  <Badge color="#1e6b30" variant="filled">
                    {t('sicherheit.faktoren.bestaetigt')}
                  </Badge>
                </Group>
                <Text size="xs" c="dimmed">
                  {f.telefon}
                  {f.createdAt &&
                    ` · ${t('sicherheit.faktoren.seit', { datum: formatDateTime(f.createdAt, i18n.language) })}`}
                </Text>
                {!data.smsVerfuegbar && (
                  <Text size="xs" c="dimmed">
                    {t('sicherheit.telefon.keinGateway')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Group justify="flex-end">
                  <EntfernenKnopf
                    onClick={() => setRemoving(f)}
                    label={t('sicherheit.faktoren.entfernenVon', { name: label(f) })}
                  >
                    {t('sicherheit.faktoren.entfernen')}
                  </EntfernenKnopf>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </SicherheitsTabelle>
      )}
      {offen && data.smsVerfuegbar && <CodeBestaetigen key={offen.id} faktor={offen} />}
      {!offen && bestaetigt.length === 0 && data.smsVerfuegbar && <NummerEingeben />}
      <ConfirmDialog
        opened={removing !== null}
        title={t('sicherheit.telefon.entfernenTitel')}
        message={t('sicherheit.telefon.entfernenHinweis')}
        confirmLabel={t('sicherheit.faktoren.entfernen')}
        cancelLabel={t('sicherheit.abbrechen')}
        loading={remove.isPending}
        error={remove.error ? errorMessage(remove.error, t, i18n.language) : null}
        onClose={() => {
          remove.reset();
          setRemoving(null);
        }}
        onConfirm={() => removing && remove.mutate(removing.id, { onSuccess: () => setRemoving(null) })}
      />
    </SicherheitsKarte>
  );
}

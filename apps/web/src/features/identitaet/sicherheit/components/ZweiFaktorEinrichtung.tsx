import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  Image,
  PasswordInput,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import type { TFaktor } from '@stellwerk/domain/identitaet/sicherheit/api';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { LoadingState } from '../../../../components/LoadingState';
import { errorMessage } from '../../../../lib/error-message';
import { formatDateTime } from '../../../../lib/format-date';
import {
  type Enrolment,
  groupSecret,
  secretOf,
  useConfirmEnrolment,
  useFaktoren,
  useNewBackupCodes,
  useRemoveFaktor,
  useRenameFaktor,
  useStartEnrolment,
} from '../api/faktoren';
import { BackupCodes } from './BackupCodes';
import { PasswordDialog } from './PasswordDialog';
import { SicherheitsKarte } from './SicherheitsKarte';
import { EntfernenKnopf, SicherheitsTabelle } from './SicherheitsTabelle';

/** The QR code of an otpauth:// URI as an SVG image (made in the browser; the secret never leaves it). */
function QrCode({ uri, alt }: { uri: string; alt: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }).then((s) => {
      if (live) setSvg(s);
    });
    return () => {
      live = false;
    };
  }, [uri]);
  if (!svg) return <LoadingState />;
  return (
    <Image
      src={`data:image/svg+xml;utf8,${encodeURIComponent(svg)}`}
      alt={alt}
      w={200}
      h={200}
      bg="white"
      p={4}
      data-testid="totp-qr"
    />
  );
}

/** Enrolment: password, then QR code and secret with the first code and a name, then the backup codes. */
function Einrichten({ onDone }: { onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const start = useStartEnrolment();
  const confirm = useConfirmEnrolment();
  const [password, setPassword] = useState('');
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [code, setCode] = useState('');
  const [name, setName] = useState(t('sicherheit.einrichten.standardName'));
  const [codes, setCodes] = useState<string[] | null>(null);
  const [touched, setTouched] = useState(false);

  if (codes) return <BackupCodes codes={codes} onDone={onDone} />;

  if (!enrolment) {
    return (
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (!password) return;
          start.mutate(
            { password },
            {
              onSuccess: (result) => {
                setTouched(false);
                setEnrolment(result);
              },
            },
          );
        }}
      >
        <Stack gap="sm">
          <Text size="sm">{t('sicherheit.einrichten.passwortHinweis')}</Text>
          {start.error && <ErrorAlert error={start.error} />}
          <PasswordInput
            label={t('sicherheit.passwort')}
            autoComplete="current-password"
            visibilityToggleButtonProps={{ 'aria-label': t('auth.togglePasswordVisibility') }}
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={touched && !password ? t('validation.required') : undefined}
            required
            autoFocus
            maw={360}
          />
          <Group gap="xs">
            <Button type="submit" loading={start.isPending}>
              {t('sicherheit.einrichten.weiter')}
            </Button>
            <Button variant="default" onClick={onDone}>
              {t('sicherheit.abbrechen')}
            </Button>
          </Group>
        </Stack>
      </form>
    );
  }

  const secret = secretOf(enrolment.totpURI);
  const codeMissing = touched && !code.trim();
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        if (!code.trim()) return;
        confirm.mutate(
          { code, friendlyName: name },
          { onSuccess: () => setCodes(enrolment.backupCodes), onError: () => setCode('') },
        );
      }}
    >
      <Stack gap="sm">
        <Text size="sm">{t('sicherheit.einrichten.scannen')}</Text>
        <Group align="flex-start" gap="lg">
          <QrCode uri={enrolment.totpURI} alt={t('sicherheit.einrichten.qrAlt')} />
          <Stack gap={4} style={{ flex: '1 1 220px', minWidth: 0 }}>
            <Text size="sm" fw={500} id="totp-secret-label">
              {t('sicherheit.einrichten.schluessel')}
            </Text>
            <Code
              block
              aria-labelledby="totp-secret-label"
              data-testid="totp-secret"
              style={{ wordBreak: 'break-all' }}
            >
              {groupSecret(secret)}
            </Code>
            <Text size="xs" c="dimmed">
              {t('sicherheit.einrichten.schluesselHinweis')}
            </Text>
          </Stack>
        </Group>
        {confirm.error && (
          <Alert color="red" role="alert" title={t('errors.title')}>
            {errorMessage(confirm.error, t, i18n.language)}
          </Alert>
        )}
        <TextInput
          label={t('sicherheit.einrichten.name')}
          description={t('sicherheit.einrichten.nameHinweis')}
          value={name}
          maxLength={60}
          onChange={(event) => setName(event.currentTarget.value)}
          maw={360}
        />
        <TextInput
          label={t('sicherheit.einrichten.ersterCode')}
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          error={codeMissing ? t('validation.required') : undefined}
          required
          maw={280}
        />
        <Group gap="xs">
          <Button type="submit" loading={confirm.isPending}>
            {t('sicherheit.einrichten.bestaetigen')}
          </Button>
          <Button variant="default" onClick={onDone}>
            {t('sicherheit.abbrechen')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function FaktorZeile({ faktor, onRemove }: { faktor: TFaktor; onRemove: () => void }) {
  const { t, i18n } = useTranslation();
  const rename = useRenameFaktor();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(faktor.friendlyName ?? '');
  const label = faktor.friendlyName ?? t('sicherheit.faktoren.app');
  return (
    <Table.Tr>
      <Table.Td>
        {editing ? (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (!name.trim()) return;
              rename.mutate({ id: faktor.id, friendlyName: name }, { onSuccess: () => setEditing(false) });
            }}
          >
            <Group gap="xs" wrap="wrap">
              <TextInput
                aria-label={t('sicherheit.einrichten.name')}
                value={name}
                maxLength={60}
                onChange={(event) => setName(event.currentTarget.value)}
                error={
                  !name.trim()
                    ? t('validation.required')
                    : rename.error
                      ? errorMessage(rename.error, t, i18n.language)
                      : undefined
                }
                size="xs"
                autoFocus
              />
              <Button type="submit" size="xs" loading={rename.isPending}>
                {t('sicherheit.faktoren.speichern')}
              </Button>
              <Button size="xs" variant="default" onClick={() => setEditing(false)}>
                {t('sicherheit.abbrechen')}
              </Button>
            </Group>
          </form>
        ) : (
          <Text fw={500}>{label}</Text>
        )}
        <Text size="xs" c="dimmed">
          {t('sicherheit.faktoren.typTotp')}
          {faktor.createdAt &&
            ` · ${t('sicherheit.faktoren.seit', { datum: formatDateTime(faktor.createdAt, i18n.language) })}`}
        </Text>
      </Table.Td>
      <Table.Td>
        {faktor.verified ? (
          <Badge color="#1e6b30" variant="filled">
            {t('sicherheit.faktoren.bestaetigt')}
          </Badge>
        ) : (
          <Badge color="gray.7" variant="filled">
            {t('sicherheit.faktoren.unbestaetigt')}
          </Badge>
        )}
      </Table.Td>
      <Table.Td>
        <Group gap="xs" justify="flex-end" wrap="wrap">
          {!editing && faktor.verified && (
            <Button
              size="xs"
              variant="default"
              onClick={() => {
                setName(faktor.friendlyName ?? '');
                setEditing(true);
              }}
              aria-label={t('sicherheit.faktoren.umbenennenVon', { name: label })}
            >
              {t('sicherheit.faktoren.umbenennen')}
            </Button>
          )}
          <EntfernenKnopf onClick={onRemove} label={t('sicherheit.faktoren.entfernenVon', { name: label })}>
            {t('sicherheit.faktoren.entfernen')}
          </EntfernenKnopf>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** Personal settings: the second factor (authenticator app), its backup codes and the tenant's policy. */
export function ZweiFaktorEinrichtung() {
  const { t } = useTranslation();
  const faktoren = useFaktoren();
  const remove = useRemoveFaktor();
  const newCodes = useNewBackupCodes();
  const [enrolling, setEnrolling] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [askCodes, setAskCodes] = useState(false);
  const [freshCodes, setFreshCodes] = useState<string[] | null>(null);

  const data = faktoren.data;
  // this card is the authenticator app's; the phone factor has its own (TelefonFaktorKarte)
  const bestaetigt = data?.faktoren.filter((f) => f.verified && f.factorType === 'totp') ?? [];

  return (
    <SicherheitsKarte
      id="zwei-faktor-titel"
      titel={t('sicherheit.faktoren.titel')}
      beschreibung={t('sicherheit.faktoren.beschreibung')}
      abfrage={faktoren}
    >
      {data?.mussEinrichten && (
        <Alert
          color="orange"
          role="status"
          title={t('sicherheit.pflicht.mussTitel')}
          styles={{ title: { color: 'var(--mantine-color-dark-7)' } }}
        >
          {t('sicherheit.pflicht.muss')}
        </Alert>
      )}
      {data && !data.mussEinrichten && data.erforderlich && (
        <Text size="sm">{t('sicherheit.pflicht.erforderlich')}</Text>
      )}
      {data && bestaetigt.length > 0 && (
        <SicherheitsTabelle
          label={t('sicherheit.faktoren.titel')}
          spalten={[t('sicherheit.faktoren.faktor'), t('sicherheit.faktoren.status')]}
          aktionen={t('sicherheit.faktoren.aktionen')}
        >
          {bestaetigt.map((f) => (
            <FaktorZeile key={f.id} faktor={f} onRemove={() => setRemoving(true)} />
          ))}
        </SicherheitsTabelle>
      )}
      {data && bestaetigt.length > 0 && !freshCodes && (
        <Group gap="sm" justify="space-between" wrap="wrap">
          <Text size="sm">{t('sicherheit.backup.uebrig', { anzahl: data.backupCodesUebrig ?? 0 })}</Text>
          <Button variant="default" onClick={() => setAskCodes(true)}>
            {t('sicherheit.backup.neu')}
          </Button>
        </Group>
      )}
      {freshCodes && <BackupCodes codes={freshCodes} onDone={() => setFreshCodes(null)} />}
      {data && bestaetigt.length === 0 && !enrolling && (
        <Group>
          <Button onClick={() => setEnrolling(true)}>{t('sicherheit.einrichten.starten')}</Button>
        </Group>
      )}
      {enrolling && <Einrichten onDone={() => setEnrolling(false)} />}
      <PasswordDialog
        opened={removing}
        title={t('sicherheit.entfernen.titel')}
        message={
          data?.erforderlich ? t('sicherheit.entfernen.hinweisPflicht') : t('sicherheit.entfernen.hinweis')
        }
        confirmLabel={t('sicherheit.faktoren.entfernen')}
        loading={remove.isPending}
        error={remove.error}
        onConfirm={(password) => remove.mutate({ password }, { onSuccess: () => setRemoving(false) })}
        onClose={() => {
          remove.reset();
          setRemoving(false);
        }}
      />
      <PasswordDialog
        opened={askCodes}
        title={t('sicherheit.backup.neu')}
        message={t('sicherheit.backup.neuHinweis')}
        confirmLabel={t('sicherheit.backup.erzeugen')}
        color="blue"
        loading={newCodes.isPending}
        error={newCodes.error}
        onConfirm={(password) =>
          newCodes.mutate(
            { password },
            {
              onSuccess: (result) => {
                setAskCodes(false);
                setFreshCodes(result.backupCodes);
              },
            },
          )
        }
        onClose={() => {
          newCodes.reset();
          setAskCodes(false);
        }}
      />
    </SicherheitsKarte>
  );
}

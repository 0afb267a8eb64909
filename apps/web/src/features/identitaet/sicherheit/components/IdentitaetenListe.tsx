import { Alert, Badge, Button, Group, PasswordInput, Stack, Table, Text } from '@mantine/core';
import { formatError, isErrorCode } from '@stellwerk/domain/errors';
import type { TIdentitaet } from '@stellwerk/domain/identitaet/sicherheit/api';
import type { IdentitaetArt } from '@stellwerk/domain/identitaet/sicherheit/identitaet';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { errorMessage } from '../../../../lib/error-message';
import { formatDateTime } from '../../../../lib/format-date';
import {
  useEntferneIdentitaet,
  useIdentitaeten,
  useSetzePasswort,
  useVerknuepfeSso,
} from '../api/identitaeten';
import { SicherheitsKarte } from './SicherheitsKarte';
import { EntfernenKnopf, SicherheitsTabelle } from './SicherheitsTabelle';

/** What came back from the provider after a link: `?verknuepft=sso` or `?sso_fehler=<code>` (decision 081). */
const rueckmeldungAus = (search: string): { ok: true } | { fehler: string } | null => {
  const params = new URLSearchParams(search);
  if (params.get('verknuepft') === 'sso') return { ok: true };
  const fehler = params.get('sso_fehler');
  return fehler ? { fehler } : null;
};

/**
 * Personal settings: the ways the user signs in (spec §7 identities, decision 081): password, the tenant's
 * identity provider (OIDC or SAML) and passkeys; link the provider, set a password, unlink one (never the last
 * that works).
 */
export function IdentitaetenListe({ email }: { email: string }) {
  const { t, i18n } = useTranslation();
  const identitaeten = useIdentitaeten();
  const entfernen = useEntferneIdentitaet();
  const setzen = useSetzePasswort();
  const verknuepfen = useVerknuepfeSso();
  const [removing, setRemoving] = useState<TIdentitaet | null>(null);
  const [passwort, setPasswort] = useState('');
  const [wiederholung, setWiederholung] = useState('');
  const [gesetzt, setGesetzt] = useState(false);
  const [rueckmeldung] = useState(() => rueckmeldungAus(window.location.search));
  const language = i18n.language === 'en' ? 'en' : 'de';

  const artName = (art: IdentitaetArt) =>
    ({
      passwort: t('sicherheit.identitaeten.art.passwort'),
      oidc: t('sicherheit.identitaeten.art.oidc'),
      saml: t('sicherheit.identitaeten.art.saml'),
      passkey: t('sicherheit.identitaeten.art.passkey'),
    })[art];
  const label = (i: TIdentitaet) =>
    i.art === 'passkey' && i.name ? `${artName(i.art)} „${i.name}“` : artName(i.art);

  const data = identitaeten.data;
  const items = data?.items ?? [];
  const verschieden = wiederholung.length > 0 && passwort !== wiederholung;

  return (
    <SicherheitsKarte
      id="identitaeten-titel"
      titel={t('sicherheit.identitaeten.titel')}
      beschreibung={t('sicherheit.identitaeten.beschreibung')}
      abfrage={identitaeten}
      ladeZeilen={2}
    >
      {rueckmeldung && 'ok' in rueckmeldung && (
        <Alert color="green" role="status" title={t('sicherheit.identitaeten.verknuepftTitel')}>
          {t('sicherheit.identitaeten.verknuepft')}
        </Alert>
      )}
      {rueckmeldung && 'fehler' in rueckmeldung && (
        <Alert color="red" role="alert" title={t('sicherheit.identitaeten.fehlerTitel')}>
          {formatError(
            isErrorCode(rueckmeldung.fehler) ? rueckmeldung.fehler : 'auth.sso_fehlgeschlagen',
            language,
          )}
        </Alert>
      )}
      {items.length > 0 && (
        <SicherheitsTabelle
          label={t('sicherheit.identitaeten.titel')}
          testId="identitaeten"
          spalten={[t('sicherheit.identitaeten.weg')]}
          aktionen={t('sicherheit.identitaeten.aktionen')}
        >
          {items.map((i) => (
            <Table.Tr key={i.id}>
              <Table.Td>
                <Group gap="xs" wrap="wrap">
                  <Text fw={500}>{label(i)}</Text>
                  {!i.nutzbar && (
                    <Badge color="gray" variant="light">
                      {t('sicherheit.identitaeten.nichtNutzbar')}
                    </Badge>
                  )}
                </Group>
                {i.erstellt && (
                  <Text size="xs" c="dimmed">
                    {t('sicherheit.identitaeten.seit', {
                      datum: formatDateTime(i.erstellt, i18n.language),
                    })}
                  </Text>
                )}
                {!i.entfernbar && (
                  <Text size="xs" c="dimmed">
                    {t('sicherheit.identitaeten.letzter')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Group justify="flex-end">
                  <EntfernenKnopf
                    disabled={!i.entfernbar}
                    onClick={() => setRemoving(i)}
                    label={t('sicherheit.identitaeten.trennenVon', { name: label(i) })}
                  >
                    {t('sicherheit.identitaeten.trennen')}
                  </EntfernenKnopf>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </SicherheitsTabelle>
      )}

      {data?.sso?.verknuepfbar && (
        <Stack gap="xs" data-testid="sso-verknuepfen">
          <Text size="sm">
            {t('sicherheit.identitaeten.ssoHinweis', {
              protokoll: data.sso.protokoll === 'saml' ? 'SAML' : 'OpenID Connect',
              email,
            })}
          </Text>
          <Group>
            <Button variant="default" loading={verknuepfen.isPending} onClick={() => verknuepfen.mutate()}>
              {t('sicherheit.identitaeten.ssoVerknuepfen')}
            </Button>
          </Group>
          {verknuepfen.error && <ErrorAlert error={verknuepfen.error} />}
        </Stack>
      )}

      {data?.passwortSetzbar && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (verschieden || !passwort) return;
            setzen.mutate(passwort, {
              onSuccess: () => {
                setPasswort('');
                setWiederholung('');
                setGesetzt(true);
              },
            });
          }}
        >
          <Stack gap="xs">
            <Text size="sm">{t('sicherheit.identitaeten.passwortHinweis')}</Text>
            <Group align="flex-start" gap="sm" wrap="wrap">
              <PasswordInput
                label={t('sicherheit.identitaeten.neuesPasswort')}
                autoComplete="new-password"
                value={passwort}
                onChange={(event) => setPasswort(event.currentTarget.value)}
                error={setzen.error ? errorMessage(setzen.error, t, i18n.language) : undefined}
                style={{ flex: '1 1 14rem' }}
              />
              <PasswordInput
                label={t('sicherheit.identitaeten.wiederholen')}
                autoComplete="new-password"
                value={wiederholung}
                onChange={(event) => setWiederholung(event.currentTarget.value)}
                error={verschieden ? t('sicherheit.identitaeten.verschieden') : undefined}
                style={{ flex: '1 1 14rem' }}
              />
            </Group>
            <Group>
              <Button type="submit" loading={setzen.isPending} disabled={!passwort || verschieden}>
                {t('sicherheit.identitaeten.passwortFestlegen')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
      {gesetzt && (
        <Text size="sm" role="status">
          {t('sicherheit.identitaeten.passwortGesetzt')}
        </Text>
      )}
      <Text size="sm" c="dimmed">
        {t('sicherheit.identitaeten.passkeyHinweis')}
      </Text>
      <ConfirmDialog
        opened={removing !== null}
        title={t('sicherheit.identitaeten.trennenTitel')}
        message={removing ? t('sicherheit.identitaeten.trennenHinweis', { name: label(removing) }) : ''}
        confirmLabel={t('sicherheit.identitaeten.trennen')}
        cancelLabel={t('sicherheit.abbrechen')}
        loading={entfernen.isPending}
        error={entfernen.error ? errorMessage(entfernen.error, t, i18n.language) : null}
        onClose={() => {
          entfernen.reset();
          setRemoving(null);
        }}
        onConfirm={() => removing && entfernen.mutate(removing.id, { onSuccess: () => setRemoving(null) })}
      />
    </SicherheitsKarte>
  );
}

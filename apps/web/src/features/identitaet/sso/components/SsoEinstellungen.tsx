import {
  Alert,
  Button,
  Code,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import type { TSsoKonfiguration } from '@stellwerk/domain/identitaet/sso/api';
import {
  DEFAULT_GRUPPEN_CLAIM,
  DEFAULT_OIDC_SCOPES,
  type SsoProtokoll,
} from '@stellwerk/domain/identitaet/sso/sso';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { LoadingState } from '../../../../components/LoadingState';
import { errorMessage } from '../../../../lib/error-message';
import {
  SP_METADATEN_PFAD,
  useDeleteSsoKonfiguration,
  useErneuereSamlSchluessel,
  useSaveSsoKonfiguration,
  useSsoKonfiguration,
} from '../api/sso';

function Address({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
        {value}
      </Code>
    </Stack>
  );
}

/**
 * The SP metadata with the signing certificate (decision 122): downloadable before the provider is saved, the
 * first step at ADFS and Entra ID; the signing key can be replaced.
 */
function SpMetadaten() {
  const { t, i18n } = useTranslation();
  const erneuern = useErneuereSamlSchluessel();
  const [fragen, setFragen] = useState(false);
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {t('sso.spMetadataHelp')}
      </Text>
      {erneuern.isSuccess && (
        <Alert color="green" role="status">
          {t('sso.keyRenewed')}
        </Alert>
      )}
      <Group gap="sm">
        <Button component="a" href={SP_METADATEN_PFAD} download="stellwerk-sp-metadata.xml" variant="light">
          {t('sso.spMetadataDownload')}
        </Button>
        <Button variant="subtle" color="orange" onClick={() => setFragen(true)}>
          {t('sso.renewKey')}
        </Button>
      </Group>
      <ConfirmDialog
        opened={fragen}
        title={t('sso.renewKeyTitle')}
        message={t('sso.renewKeyQuestion')}
        confirmLabel={t('sso.renewKey')}
        cancelLabel={t('sso.cancel')}
        color="orange"
        loading={erneuern.isPending}
        error={erneuern.error ? errorMessage(erneuern.error, t, i18n.language) : null}
        onConfirm={() => erneuern.mutate(undefined, { onSuccess: () => setFragen(false) })}
        onClose={() => setFragen(false)}
      />
    </Stack>
  );
}

function SsoForm({ current }: { current: TSsoKonfiguration }) {
  const { t } = useTranslation();
  const save = useSaveSsoKonfiguration();
  const remove = useDeleteSsoKonfiguration();
  const [protokoll, setProtokoll] = useState<SsoProtokoll>(current.protokoll ?? 'oidc');
  const [issuer, setIssuer] = useState(current.oidc?.issuer ?? '');
  const [clientId, setClientId] = useState(current.oidc?.clientId ?? '');
  const [clientSecret, setClientSecret] = useState('');
  const [scopes, setScopes] = useState((current.oidc?.scopes ?? [...DEFAULT_OIDC_SCOPES]).join(' '));
  const [metadataUrl, setMetadataUrl] = useState(current.saml?.metadataUrl ?? '');
  const [metadataXml, setMetadataXml] = useState('');
  const [gruppenClaim, setGruppenClaim] = useState(current.gruppenClaim || DEFAULT_GRUPPEN_CLAIM);
  const [passwortErlaubt, setPasswortErlaubt] = useState(current.passwortErlaubt);
  const [mfaVertrauen, setMfaVertrauen] = useState(current.mfaVertrauen);
  const [saved, setSaved] = useState(false);
  const failure = save.error ?? remove.error;

  const submit = () => {
    setSaved(false);
    const common = {
      passwortErlaubt,
      mfaVertrauen,
      gruppenClaim: gruppenClaim.trim() || DEFAULT_GRUPPEN_CLAIM,
    };
    save.mutate(
      protokoll === 'oidc'
        ? {
            protokoll,
            ...common,
            issuer: issuer.trim(),
            clientId: clientId.trim(),
            clientSecret: clientSecret.trim() || undefined,
            scopes: scopes.split(/[\s,]+/).filter(Boolean),
          }
        : {
            protokoll,
            ...common,
            metadataXml: metadataXml.trim() || undefined,
            metadataUrl: metadataUrl.trim() || undefined,
          },
      {
        onSuccess: () => {
          setClientSecret('');
          setMetadataXml('');
          setSaved(true);
        },
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="md">
        {failure && <ErrorAlert error={failure} />}
        {saved && (
          <Alert color="green" role="status">
            {t('sso.saved')}
          </Alert>
        )}
        <Text size="sm">
          {current.domains.length > 0
            ? t('sso.domains', { domains: current.domains.join(', ') })
            : t('sso.noDomains')}
        </Text>
        <SegmentedControl
          aria-label={t('sso.protocol')}
          value={protokoll}
          onChange={(value) => setProtokoll(value as SsoProtokoll)}
          data={[
            { value: 'oidc', label: 'OpenID Connect' },
            { value: 'saml', label: 'SAML 2.0' },
          ]}
        />
        {protokoll === 'oidc' ? (
          <>
            <TextInput
              label={t('sso.issuer')}
              description={t('sso.issuerHelp')}
              required
              value={issuer}
              onChange={(e) => setIssuer(e.currentTarget.value)}
            />
            <TextInput
              label={t('sso.clientId')}
              required
              value={clientId}
              onChange={(e) => setClientId(e.currentTarget.value)}
            />
            <TextInput
              label={t('sso.clientSecret')}
              type="password"
              autoComplete="off"
              description={current.oidc?.clientSecretGespeichert ? t('sso.clientSecretStored') : undefined}
              required={!current.oidc?.clientSecretGespeichert}
              value={clientSecret}
              onChange={(e) => setClientSecret(e.currentTarget.value)}
            />
            <TextInput
              label={t('sso.scopes')}
              description={t('sso.scopesHelp')}
              value={scopes}
              onChange={(e) => setScopes(e.currentTarget.value)}
            />
            <Address label={t('sso.redirectUrl')} value={current.redirectUrl} />
          </>
        ) : (
          <>
            <TextInput
              label={t('sso.metadataUrl')}
              value={metadataUrl}
              onChange={(e) => setMetadataUrl(e.currentTarget.value)}
            />
            <Textarea
              label={t('sso.metadataXml')}
              description={current.saml ? t('sso.metadataStored') : undefined}
              autosize
              minRows={3}
              maxRows={10}
              value={metadataXml}
              onChange={(e) => setMetadataXml(e.currentTarget.value)}
            />
            <Address label={t('sso.acsUrl')} value={current.acsUrl} />
            <Address label={t('sso.spEntityId')} value={current.spEntityId} />
            <SpMetadaten />
          </>
        )}
        <TextInput
          label={t('sso.groupsClaim')}
          description={t('sso.groupsClaimHelp')}
          value={gruppenClaim}
          onChange={(e) => setGruppenClaim(e.currentTarget.value)}
        />
        <Switch
          label={t('sso.passwordAllowed')}
          description={t('sso.passwordAllowedHelp')}
          checked={passwortErlaubt}
          onChange={(e) => setPasswortErlaubt(e.currentTarget.checked)}
        />
        <Switch
          label={t('sso.mfaTrust')}
          description={t('sso.mfaTrustHelp')}
          checked={mfaVertrauen}
          onChange={(e) => setMfaVertrauen(e.currentTarget.checked)}
        />
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('sso.save')}
          </Button>
          {current.protokoll && (
            <Button variant="subtle" color="red" loading={remove.isPending} onClick={() => remove.mutate()}>
              {t('sso.remove')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}

/** The tenant's identity provider on /admin/einstellungen (needs customizing_mandant_pflege). */
export function SsoEinstellungen() {
  const { t } = useTranslation();
  const query = useSsoKonfiguration();
  return (
    <Stack gap="sm" component="section" aria-labelledby="sso-title">
      <Title order={2} fz="lg" id="sso-title">
        {t('sso.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('sso.description')}
      </Text>
      <Paper withBorder p="md">
        {query.isPending ? (
          <LoadingState />
        ) : query.error ? (
          <ErrorAlert error={query.error} onRetry={() => query.refetch()} />
        ) : (
          <SsoForm key={query.dataUpdatedAt} current={query.data} />
        )}
      </Paper>
    </Stack>
  );
}

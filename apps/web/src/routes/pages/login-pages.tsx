import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { formatError, isErrorCode } from '@stellwerk/domain/errors';
import { anmeldeFehlerArt, anmeldeFehlerCode } from '@stellwerk/domain/identitaet/sicherheit/anmelde-fehler';
import { pathAfterLogin } from '@stellwerk/domain/navigation';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { NotAvailable } from '../../components/NotAvailable';
import { codeSchrittAusSuche } from '../../features/identitaet/auth/api/sign-in';
import { LoginForm } from '../../features/identitaet/auth/components/LoginForm';
import { RecoveryForm } from '../../features/identitaet/auth/components/RecoveryForm';
import { ResetPasswordForm } from '../../features/identitaet/auth/components/ResetPasswordForm';
import { takeRedirect } from '../../features/identitaet/auth/hooks/redirect-cookie';
import { meQueryOptions } from '../../features/identitaet/session/api/get-me';

function CardTitle({ title, subtitle }: { title: string; subtitle?: string }) {
  useDocumentTitle(`${title} · Stellwerk`);
  return (
    <Stack gap={4} mb="lg">
      <Title order={1} fz={24}>
        {title}
      </Title>
      {subtitle && (
        <Text c="dimmed" size="sm">
          {subtitle}
        </Text>
      )}
    </Stack>
  );
}

/** /login: after sign-in, a remembered path is followed once (full page load), otherwise the start page. */
export function LoginPage() {
  const { t, i18n } = useTranslation();
  // A sign-in through the tenant's identity provider that was refused comes back as /login?sso_fehler=<code>.
  const search = useLocation().searchStr;
  const ssoFehler = new URLSearchParams(search).get('sso_fehler');
  // The provider signed the user in with one factor: their second factor is asked here (decision 154).
  const codeSchritt = codeSchrittAusSuche(search);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const onSignedIn = async () => {
    const me = await queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 });
    if (!me) return;
    const remembered = takeRedirect();
    if (remembered) {
      const target = pathAfterLogin({ requested: remembered, start: me.startPage });
      if (target === remembered) {
        window.location.assign(remembered);
        return;
      }
    }
    await navigate({ to: me.startPage, replace: true });
  };

  return (
    <>
      <CardTitle title={t('auth.login.title')} subtitle={t('auth.login.subtitle')} />
      {ssoFehler && (
        <Alert color="red" role="alert" title={t('auth.login.failedTitle')} mb="md">
          {formatError(
            isErrorCode(ssoFehler) ? ssoFehler : 'auth.sso_fehlgeschlagen',
            i18n.language === 'en' ? 'en' : 'de',
          )}
        </Alert>
      )}
      <LoginForm
        onSignedIn={onSignedIn}
        codeSchritt={codeSchritt}
        onCodeSchrittVerlassen={() => void navigate({ to: '/login', replace: true })}
      />
    </>
  );
}

export function PublicPage() {
  const { t } = useTranslation();
  return (
    <>
      <CardTitle title={t('pages.public.title')} />
      <NotAvailable />
    </>
  );
}

/**
 * /auth/recovery: never redirects away, even for a signed-in user. Without a token it asks for the mail address;
 * the recovery mail's link (`?token=…`, or `?error=…` when the server refused it) opens it to set the new
 * password (spec's route table, R310).
 */
export function RecoveryPage() {
  const { t } = useTranslation();
  const search = useLocation({ select: (l) => new URLSearchParams(l.searchStr) });
  if (search.has('token') || search.has('error')) return <ConfirmPage />;
  return (
    <>
      <CardTitle title={t('auth.recovery.title')} />
      <RecoveryForm />
    </>
  );
}

/**
 * /auth/confirm?token=…: the invitation's link (and recovery links mailed before R310) lands here; sets the
 * password, then goes to the start page.
 */
export function ConfirmPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // the server signed the user in with the new password: load who it is and go to their start page
  const onDone = async () => {
    const me = await queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 }).catch(() => null);
    if (!me) return false;
    await navigate({ to: me.startPage, replace: true });
    return true;
  };
  // read raw: the router parses search values as JSON, which would turn a digits-only token into a number
  const search = useLocation({ select: (l) => new URLSearchParams(l.searchStr) });
  const token = search.get('token') || undefined;
  const linkError = search.get('error') || undefined;
  return (
    <>
      <CardTitle title={t('auth.confirm.title')} />
      <ResetPasswordForm token={token} linkError={linkError} onDone={onDone} />
    </>
  );
}

/**
 * /auth/fehler?code=…: a sign-in the authentication library could not finish (better-auth's /api/auth/error is
 * forwarded here, decision 123). Explains the code in the user's language, names it, and leads back to /login;
 * no link leaves the app.
 */
export function AuthFehlerPage() {
  const { t, i18n } = useTranslation();
  const code = anmeldeFehlerCode(
    useLocation({ select: (l) => new URLSearchParams(l.searchStr).get('code') }),
  );
  const art = anmeldeFehlerArt(code);
  const texte = {
    abgelaufen: t('auth.error.abgelaufen'),
    abgelehnt: t('auth.error.abgelehnt'),
    nicht_zugeordnet: t('auth.error.nicht_zugeordnet'),
    unbekannt: t('auth.error.unbekannt'),
  };
  const text =
    art === 'katalog' && code && isErrorCode(code)
      ? formatError(code, i18n.language === 'en' ? 'en' : 'de')
      : texte[art === 'katalog' ? 'unbekannt' : art];
  return (
    <>
      <CardTitle title={t('auth.error.title')} />
      <Stack gap="md">
        <Alert color="red" role="alert">
          <Text size="sm">{text}</Text>
          {code && (
            <Text size="xs" c="dimmed" mt="xs">
              {t('auth.error.code', { code })}
            </Text>
          )}
        </Alert>
        <Anchor component={Link} to="/login" size="sm">
          {t('auth.backToLogin')}
        </Anchor>
      </Stack>
    </>
  );
}

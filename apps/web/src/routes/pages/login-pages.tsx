import { Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { pathAfterLogin } from '@stellwerk/domain/navigation';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { NotAvailable } from '../../components/NotAvailable';
import { LoginForm } from '../../features/auth/components/LoginForm';
import { RecoveryForm } from '../../features/auth/components/RecoveryForm';
import { ResetPasswordForm } from '../../features/auth/components/ResetPasswordForm';
import { takeRedirect } from '../../features/auth/hooks/redirect-cookie';
import { meQueryOptions } from '../../features/session/api/get-me';

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
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const onSignedIn = async () => {
    const me = await queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 });
    if (!me) return;
    const remembered = takeRedirect();
    if (remembered) {
      const target = pathAfterLogin({ requested: remembered, features: me.features });
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
      <LoginForm onSignedIn={onSignedIn} />
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

/** /auth/recovery: never redirects away, even for a signed-in user. */
export function RecoveryPage() {
  const { t } = useTranslation();
  return (
    <>
      <CardTitle title={t('auth.recovery.title')} />
      <RecoveryForm />
    </>
  );
}

/** /auth/confirm?token=…: the mailed link lands here; sets the new password. */
export function ConfirmPage() {
  const { t } = useTranslation();
  // read raw: the router parses search values as JSON, which would turn a digits-only token into a number
  const search = useLocation({ select: (l) => new URLSearchParams(l.searchStr) });
  const token = search.get('token') || undefined;
  const linkError = search.get('error') || undefined;
  return (
    <>
      <CardTitle title={t('auth.confirm.title')} />
      <ResetPasswordForm token={token} linkError={linkError} />
    </>
  );
}

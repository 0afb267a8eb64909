import { Alert, Anchor, Button, Divider, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { domainOfEmail } from '@stellwerk/domain/identitaet/sso/sso';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MissingFieldsAlert } from '../../../../components/MissingFieldsAlert';
import { ApiError } from '../../../../lib/api-client';
import { startSso } from '../../../../lib/sso-start';
import { passkeysSupported } from '../../../../lib/webauthn';
import { useSignInWithPasskey } from '../api/passkey-sign-in';
import { type CodeMethode, type SignInInput, useSignIn, verlangtPruefung } from '../api/sign-in';
import { useAnmeldeMethoden } from '../api/sso-sign-in';
import { authErrorText } from './auth-error-text';
import { CodeStepForm } from './CodeStepForm';
import { Sicherheitspruefung } from './Sicherheitspruefung';

type LoginFormProps = {
  /** Called after the session cookie is set; the caller decides where to go. */
  onSignedIn: () => Promise<void> | void;
  /** Where the tenant's identity provider sends the user back to (the remembered page or the start page). */
  ssoCallback?: string;
  /**
   * The provider signed the user in with one factor and their second is asked next (decision 154): the form opens
   * in the code step with these methods.
   */
  codeSchritt?: CodeMethode[] | null;
  /** The user leaves that code step to start again (the page drops it from its address). */
  onCodeSchrittVerlassen?: () => void;
};

export function LoginForm({
  onSignedIn,
  ssoCallback = '/',
  codeSchritt = null,
  onCodeSchrittVerlassen,
}: LoginFormProps) {
  const { t, i18n } = useTranslation();
  const signIn = useSignIn();
  const passkeySignIn = useSignInWithPasskey();
  const [step, setStep] = useState<'password' | 'code'>(codeSchritt ? 'code' : 'password');
  const [codeMethoden, setCodeMethoden] = useState<CodeMethode[]>(codeSchritt ?? ['totp']);
  // The address typed decides whether the tenant's identity provider is offered (single sign-on).
  const [login, setLogin] = useState('');
  const [debouncedLogin] = useDebouncedValue(login, 300);
  const email = domainOfEmail(debouncedLogin) ? debouncedLogin.trim() : null;
  const methoden = useAnmeldeMethoden(email);
  const sso = email ? (methoden.data?.sso ?? null) : null;
  // Break-glass (decision 096): a tenant administrator may open the password form although the tenant signs in
  // through its provider only; the server decides who may use it.
  const [notzugang, setNotzugang] = useState(false);
  const passwort = !email || (methoden.data?.passwort ?? true) || notzugang;
  const [ssoStarting, setSsoStarting] = useState(false);
  const [ssoError, setSsoError] = useState<unknown>(null);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { login: '', password: '' },
    validate: {
      login: (value) => (value.trim() ? null : t('validation.required')),
      password: (value) => (value ? null : t('validation.required')),
    },
    onValuesChange: (values) => setLogin(values.login),
  });
  const ssoFailure = ssoError ? authErrorText(ssoError, t, i18n.language, t('auth.login.ssoFailed')) : null;
  // After repeated failures the server asks for the security check (decision 077): from then on the form shows
  // it, and a sign-in sent while it is still being solved goes out as soon as it is.
  const [pruefung, setPruefung] = useState(false);
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [runde, setRunde] = useState(0);
  const [wartet, setWartet] = useState<SignInInput | null>(null);

  const sende = async (values: SignInInput) => {
    setWartet(null);
    let outcome: Awaited<ReturnType<typeof signIn.mutateAsync>>;
    try {
      outcome = await signIn.mutateAsync(values);
    } catch (error) {
      if (verlangtPruefung(error)) {
        // the password was not looked at: keep it, solve the check and send again by itself, once (a solution
        // the server refused is told, and the next attempt is the user's)
        setPruefung(true);
        if (!values.captcha) setWartet({ login: values.login, password: values.password });
      } else {
        form.setFieldValue('password', '');
      }
      return;
    } finally {
      // a solution counts once, whatever the answer
      if (values.captcha) {
        setCaptcha(null);
        setRunde((r) => r + 1);
      }
    }
    if (outcome !== 'signed-in') {
      setCodeMethoden(outcome.code);
      setStep('code');
      return;
    }
    await onSignedIn();
  };

  // the server answers with catalogue codes: a wrong password, the throttle's wait, a page at another address;
  // "complete the security check first" is not shown while the check is being solved for that very attempt
  const failure =
    signIn.error && !(wartet && verlangtPruefung(signIn.error))
      ? authErrorText(signIn.error, t, i18n.language, t('auth.login.invalid'))
      : passkeySignIn.error
        ? passkeySignIn.error instanceof ApiError
          ? authErrorText(passkeySignIn.error, t, i18n.language, t('sicherheit.passkeys.abgebrochen'))
          : t('sicherheit.passkeys.abgebrochen')
        : null;

  if (step === 'code') {
    return (
      <CodeStepForm
        methoden={codeMethoden}
        onSignedIn={onSignedIn}
        onRestart={() => {
          signIn.reset();
          passkeySignIn.reset();
          form.setFieldValue('password', '');
          setStep('password');
          onCodeSchrittVerlassen?.();
        }}
      />
    );
  }

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(async (values) => {
        if (pruefung && !captcha) {
          setWartet(values);
          return;
        }
        await sende(captcha ? { ...values, captcha } : values);
      })}
    >
      <Stack gap="md">
        <MissingFieldsAlert errors={form.errors} />
        {failure && (
          <Alert color="red" role="alert" title={t('auth.login.failedTitle')}>
            {failure}
          </Alert>
        )}
        <TextInput
          label={t('auth.login.username')}
          autoComplete="username"
          required
          autoFocus
          key={form.key('login')}
          {...form.getInputProps('login')}
        />
        {ssoFailure && (
          <Alert color="red" role="alert" title={t('auth.login.failedTitle')}>
            {ssoFailure}
          </Alert>
        )}
        {sso && (
          <Stack gap="xs">
            {!passwort && <Text size="sm">{t('auth.login.ssoOnly')}</Text>}
            <Button
              type="button"
              variant={passwort ? 'light' : 'filled'}
              fullWidth
              loading={ssoStarting}
              onClick={async () => {
                setSsoError(null);
                setSsoStarting(true);
                try {
                  await startSso(sso.providerId, ssoCallback);
                } catch (error) {
                  setSsoError(error);
                  setSsoStarting(false);
                }
              }}
            >
              {t('auth.login.sso')}
            </Button>
            {passwort && <Divider label={t('auth.login.orPassword')} labelPosition="center" />}
            {!passwort && (
              <Anchor component="button" type="button" size="sm" onClick={() => setNotzugang(true)}>
                {t('auth.login.notzugang')}
              </Anchor>
            )}
          </Stack>
        )}
        {passwort && (
          <>
            <PasswordInput
              visibilityToggleButtonProps={{ 'aria-label': t('auth.togglePasswordVisibility') }}
              label={t('auth.login.password')}
              autoComplete="current-password"
              required
              key={form.key('password')}
              {...form.getInputProps('password')}
            />
            {pruefung && (
              <Sicherheitspruefung
                runde={runde}
                onLoesung={(payload) => {
                  if (payload && wartet) void sende({ ...wartet, captcha: payload });
                  else setCaptcha(payload);
                }}
              />
            )}
            {wartet && (
              <Text size="sm" role="status">
                {t('auth.captcha.waitAlert')}
              </Text>
            )}
            <Button type="submit" loading={signIn.isPending || wartet !== null} fullWidth>
              {t('auth.login.submit')}
            </Button>
          </>
        )}
        {passkeysSupported() && (
          <>
            <Divider label={t('sicherheit.passkeys.oder')} labelPosition="center" />
            <Button
              variant="default"
              fullWidth
              loading={passkeySignIn.isPending}
              onClick={() => {
                signIn.reset();
                passkeySignIn.mutate(undefined, {
                  onSuccess: (outcome) => {
                    // a passkey without user verification: the account's second factor is asked next
                    if (outcome !== 'signed-in') {
                      setCodeMethoden(outcome.code);
                      setStep('code');
                      return;
                    }
                    void onSignedIn();
                  },
                });
              }}
            >
              {t('sicherheit.passkeys.anmelden')}
            </Button>
          </>
        )}
        {passwort && (
          <Anchor component={Link} to="/auth/recovery" size="sm" ta="center">
            {t('auth.login.forgotPassword')}
          </Anchor>
        )}
      </Stack>
    </form>
  );
}

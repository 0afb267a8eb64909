import { Alert, Anchor, Button, PinInput, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CodeMethode, useSendSmsCode, useVerifySignInCode } from '../api/sign-in';
import { authErrorText } from './auth-error-text';

type CodeStepFormProps = {
  /** What the server offers besides backup codes: the authenticator app, a code by SMS (decision 083). */
  methoden: CodeMethode[];
  onSignedIn: () => Promise<void> | void;
  /** Back to user name and password (the code step expired or the user wants to start again). */
  onRestart: () => void;
};

type Art = 'totp' | 'sms' | 'backup';

/**
 * The second step of a sign-in: the six-digit code of the authenticator app, a code by SMS (sent when asked),
 * or one of the backup codes.
 */
export function CodeStepForm({ methoden, onSignedIn, onRestart }: CodeStepFormProps) {
  const { t, i18n } = useTranslation();
  const verify = useVerifySignInCode();
  const sendSms = useSendSmsCode();
  // backup codes come with the authenticator app: a login with only a phone factor has none
  const arten: Art[] = [
    ...(methoden.includes('totp') ? (['totp'] as const) : []),
    ...(methoden.includes('otp') ? (['sms'] as const) : []),
    ...(methoden.includes('totp') || !methoden.includes('otp') ? (['backup'] as const) : []),
  ];
  const [kind, setKind] = useState<Art>(arten[0] ?? 'backup');
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  const failure = verify.error
    ? authErrorText(verify.error, t, i18n.language, t('sicherheit.code.falsch'))
    : sendSms.error
      ? authErrorText(sendSms.error, t, i18n.language, t('sicherheit.code.smsFehler'))
      : null;
  const hinweis = {
    totp: t('sicherheit.code.hinweisApp'),
    sms: sendSms.isSuccess ? t('sicherheit.code.hinweisSmsGesendet') : t('sicherheit.code.hinweisSms'),
    backup: t('sicherheit.code.hinweisBackup'),
  }[kind];
  const wechselLabel = {
    totp: t('sicherheit.code.appStatt'),
    sms: t('sicherheit.code.smsStatt'),
    backup: t('sicherheit.code.backupStatt'),
  };
  const wechsle = (next: Art) => {
    setKind(next);
    setCode('');
    verify.reset();
  };

  const submit = async (value: string) => {
    if (!value.trim()) {
      setMissing(true);
      return;
    }
    setMissing(false);
    try {
      await verify.mutateAsync({ code: value, kind });
    } catch {
      setCode('');
      return;
    }
    await onSignedIn();
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit(code);
      }}
    >
      <Stack gap="md">
        <Text size="sm" role={kind === 'sms' && sendSms.isSuccess ? 'status' : undefined}>
          {hinweis}
        </Text>
        {failure && (
          <Alert color="red" role="alert" title={t('auth.login.failedTitle')}>
            {failure}
          </Alert>
        )}
        {kind === 'sms' && (
          <Button variant="default" loading={sendSms.isPending} onClick={() => sendSms.mutate()}>
            {sendSms.isSuccess ? t('sicherheit.code.smsErneut') : t('sicherheit.code.smsSenden')}
          </Button>
        )}
        {kind !== 'backup' ? (
          <Stack gap={4}>
            <Text id="sign-in-code-label" size="sm" fw={500}>
              {kind === 'sms' ? t('sicherheit.code.labelSms') : t('sicherheit.code.label')}
            </Text>
            <PinInput
              role="group"
              aria-labelledby="sign-in-code-label"
              length={6}
              type="number"
              oneTimeCode
              autoFocus
              value={code}
              onChange={setCode}
              onComplete={(value) => void submit(value)}
              error={missing}
              getInputProps={(index) => ({
                'aria-label': t('sicherheit.code.ziffer', { nummer: index + 1 }),
              })}
            />
            {missing && (
              <Text size="xs" c="red" role="alert">
                {t('validation.required')}
              </Text>
            )}
          </Stack>
        ) : (
          <TextInput
            label={t('sicherheit.code.backupLabel')}
            autoComplete="one-time-code"
            autoFocus
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            error={missing ? t('validation.required') : undefined}
            required
          />
        )}
        <Button type="submit" loading={verify.isPending} fullWidth>
          {t('sicherheit.code.bestaetigen')}
        </Button>
        {arten
          .filter((a) => a !== kind)
          .map((a) => (
            <Anchor key={a} component="button" type="button" size="sm" ta="center" onClick={() => wechsle(a)}>
              {wechselLabel[a]}
            </Anchor>
          ))}
        <Anchor component="button" type="button" size="sm" ta="center" onClick={onRestart}>
          {t('sicherheit.code.neuAnmelden')}
        </Anchor>
      </Stack>
    </form>
  );
}

import { Alert, Anchor, Button, PinInput, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useVerifySignInCode } from '../api/sign-in';
import { authErrorText } from './auth-error-text';

type CodeStepFormProps = {
  onSignedIn: () => Promise<void> | void;
  /** Back to user name and password (the code step expired or the user wants to start again). */
  onRestart: () => void;
};

/** The second step of a sign-in with an authenticator app: its six-digit code, or one of the backup codes. */
export function CodeStepForm({ onSignedIn, onRestart }: CodeStepFormProps) {
  const { t, i18n } = useTranslation();
  const verify = useVerifySignInCode();
  const [kind, setKind] = useState<'totp' | 'backup'>('totp');
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  const failure = verify.error
    ? authErrorText(verify.error, t, i18n.language, t('sicherheit.code.falsch'))
    : null;

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
        <Text size="sm">
          {kind === 'totp' ? t('sicherheit.code.hinweisApp') : t('sicherheit.code.hinweisBackup')}
        </Text>
        {failure && (
          <Alert color="red" role="alert" title={t('auth.login.failedTitle')}>
            {failure}
          </Alert>
        )}
        {kind === 'totp' ? (
          <Stack gap={4}>
            <Text id="sign-in-code-label" size="sm" fw={500}>
              {t('sicherheit.code.label')}
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
        <Anchor
          component="button"
          type="button"
          size="sm"
          ta="center"
          onClick={() => {
            setKind(kind === 'totp' ? 'backup' : 'totp');
            setCode('');
            verify.reset();
          }}
        >
          {kind === 'totp' ? t('sicherheit.code.backupStatt') : t('sicherheit.code.appStatt')}
        </Anchor>
        <Anchor component="button" type="button" size="sm" ta="center" onClick={onRestart}>
          {t('sicherheit.code.neuAnmelden')}
        </Anchor>
      </Stack>
    </form>
  );
}

import {
  Alert,
  Anchor,
  Button,
  FileButton,
  Group,
  Image,
  Paper,
  Progress,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../../components/ConfirmModal';
import { errorMessage } from '../../../../lib/error-message';
import {
  ACCEPTED_TYPES,
  checkUpload,
  TENANT_FILE_URL,
  type TenantFileKind,
  uploadProblemMessage,
  useRemoveTenantFile,
  useUploadTenantFile,
} from '../api/upload-file';

type TenantFileUploadProps = {
  kind: TenantFileKind;
  /** Whether the tenant has such a file now. */
  present: boolean;
  onUploaded: () => void;
};

function TenantFileUpload({ kind, present, onUploaded }: TenantFileUploadProps) {
  const { t, i18n } = useTranslation();
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [version, setVersion] = useState(() => Date.now());
  const upload = useUploadTenantFile(kind, setProgress, () => {
    setVersion(Date.now());
    onUploaded();
  });

  const [confirming, setConfirming] = useState(false);
  const remove = useRemoveTenantFile(kind, () => {
    setConfirming(false);
    upload.reset();
    onUploaded();
  });

  const choose = (file: File | null) => {
    if (!file) return;
    upload.reset();
    const check = checkUpload(kind, file);
    if (check) {
      setProblem(uploadProblemMessage(kind, check, i18n.language === 'en' ? 'en' : 'de'));
      return;
    }
    setProblem(null);
    setProgress(0);
    upload.mutate(file);
  };

  const title = kind === 'logo' ? t('mandant.upload.logoTitle') : t('mandant.upload.privacyTitle');
  const failure = problem ?? (upload.error ? errorMessage(upload.error, t, i18n.language) : null);

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={3} fz="md">
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {kind === 'logo' ? t('mandant.upload.logoHint') : t('mandant.upload.privacyHint')}
        </Text>
        {present && kind === 'logo' && (
          <Image
            src={`${TENANT_FILE_URL.logo}?v=${version}`}
            alt={t('mandant.upload.currentLogo')}
            h={48}
            w="auto"
            maw={200}
            fit="contain"
            style={{ alignSelf: 'flex-start' }}
          />
        )}
        {present && kind === 'datenschutz' && (
          <Anchor href={TENANT_FILE_URL.datenschutz} target="_blank" rel="noopener" size="sm">
            {t('mandant.upload.currentPrivacy')}
          </Anchor>
        )}
        {!present && (
          <Text size="sm" c="dimmed">
            {t('mandant.upload.none')}
          </Text>
        )}
        <Group gap="sm">
          <FileButton onChange={choose} accept={ACCEPTED_TYPES[kind].join(',')}>
            {(props) => (
              <Button {...props} variant="light" loading={upload.isPending}>
                {present ? t('mandant.upload.replace') : t('mandant.upload.choose')}
              </Button>
            )}
          </FileButton>
          {present && (
            <Button
              variant="subtle"
              color="red"
              onClick={() => {
                remove.reset();
                setConfirming(true);
              }}
            >
              {t('mandant.upload.remove')}
            </Button>
          )}
        </Group>
        <ConfirmModal
          opened={confirming}
          title={
            kind === 'logo' ? t('mandant.upload.removeLogoTitle') : t('mandant.upload.removePrivacyTitle')
          }
          confirmLabel={t('mandant.upload.remove')}
          onClose={() => setConfirming(false)}
          loading={remove.isPending}
          error={remove.error ? errorMessage(remove.error, t, i18n.language) : null}
          onConfirm={() => remove.mutate()}
          danger
        >
          <Text size="sm">
            {kind === 'logo' ? t('mandant.upload.removeLogoText') : t('mandant.upload.removePrivacyText')}
          </Text>
        </ConfirmModal>
        {upload.isPending && progress !== null && (
          <Progress
            value={progress}
            aria-label={t('mandant.upload.progress', { percent: progress })}
            animated
          />
        )}
        {upload.isSuccess && (
          <Alert color="green" role="status">
            {t('mandant.upload.done')}
          </Alert>
        )}
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

/** The "Logo und Datenschutz" section of /admin/einstellungen. */
export function LogoPrivacySection({
  hasLogo,
  hasDatenschutz,
  onUploaded,
}: {
  hasLogo: boolean;
  hasDatenschutz: boolean;
  onUploaded: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" component="section" aria-labelledby="logo-privacy-title">
      <Title order={2} fz="lg" id="logo-privacy-title">
        {t('mandant.upload.sectionTitle')}
      </Title>
      <TenantFileUpload kind="logo" present={hasLogo} onUploaded={onUploaded} />
      <TenantFileUpload kind="datenschutz" present={hasDatenschutz} onUploaded={onUploaded} />
    </Stack>
  );
}

import { Alert, Button, CopyButton, Group, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The yellow alert's own title colour is too pale on its background (axe): dark text instead. */
const READABLE_TITLE = { title: { color: 'var(--mantine-color-dark-7)' } };

/** One-time backup codes, shown once: copy, download, and a confirmation that they are kept safe. */
export function BackupCodes({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const text = codes.join('\n');
  const download = () => {
    const url = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'stellwerk-backup-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Stack gap="sm">
      <Alert color="yellow" title={t('sicherheit.backup.titel')} styles={READABLE_TITLE}>
        {t('sicherheit.backup.hinweis')}
      </Alert>
      <List
        aria-label={t('sicherheit.backup.titel')}
        listStyleType="none"
        ff="monospace"
        fz="md"
        style={{ columns: 2 }}
        data-testid="backup-codes"
      >
        {codes.map((code) => (
          <List.Item key={code}>{code}</List.Item>
        ))}
      </List>
      <Group gap="xs">
        <CopyButton value={text}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy}>
              {copied ? t('sicherheit.backup.kopiert') : t('sicherheit.backup.kopieren')}
            </Button>
          )}
        </CopyButton>
        <Button variant="default" onClick={download}>
          {t('sicherheit.backup.herunterladen')}
        </Button>
        <Button onClick={onDone}>{t('sicherheit.backup.gesichert')}</Button>
      </Group>
      <Text size="xs" c="dimmed">
        {t('sicherheit.backup.einmal')}
      </Text>
    </Stack>
  );
}

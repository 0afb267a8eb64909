import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';

type ErrorScreenProps = {
  status: number;
  message: string;
  /** 'Reset Error' clears the error and goes to the start page (reading room or vehicles). */
  onReset: () => void;
};

/** The error layout of spec §2: status code, message and a reset button. */
export function ErrorScreen({ status, message, onReset }: ErrorScreenProps) {
  const { t } = useTranslation();
  useDocumentTitle(`${status} · Stellwerk`);
  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" radius="md" p="xl" maw={520} w="100%" role="alert">
        <Stack gap="md" align="flex-start">
          <Text fw={700} fz={48} lh={1} c="red.7" aria-label={t('error.status', { status })}>
            {status}
          </Text>
          <Title order={1} fz={22}>
            {message}
          </Title>
          <Button onClick={onReset} autoFocus>
            {t('error.reset')}
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}

import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

export function NotFoundScreen() {
  const { t } = useTranslation();
  useDocumentTitle(`404 · ${t('notFound.title')}`);
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="md" maw={480} ta="center">
        {/* the spec's name of this page, 'Page Not Found', stays visible in German too */}
        <Text fw={700} fz={{ base: 32, sm: 40 }} lh={1.1} c="gray.7">
          {t('notFound.status')}
        </Text>
        <Title order={1}>{t('notFound.title')}</Title>
        <Text c="dimmed">{t('notFound.text')}</Text>
        <Button component={Link} to="/">
          {t('notFound.home')}
        </Button>
      </Stack>
    </Center>
  );
}

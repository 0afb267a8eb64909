import { Anchor, Group, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

/** Footer with privacy (the tenant's PDF, when uploaded) and imprint. */
export function AppFooter({ privacyUrl }: { privacyUrl: string | null }) {
  const { t } = useTranslation();
  return (
    <Group
      component="footer"
      justify="center"
      gap="lg"
      py="md"
      mt="xl"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Text size="sm" c="dimmed">
        Stellwerk
      </Text>
      {privacyUrl && (
        <Anchor href={privacyUrl} target="_blank" rel="noopener" size="sm">
          {t('footer.privacy')}
        </Anchor>
      )}
      <Anchor component={Link} to="/impressum" size="sm">
        {t('footer.imprint')}
      </Anchor>
    </Group>
  );
}

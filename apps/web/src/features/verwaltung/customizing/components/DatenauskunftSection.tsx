import { Anchor, Group, Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** "My data": everything stored about the signed-in person as JSON and PDF (Art. 15 and 20 GDPR, decision 200). */
export function DatenauskunftSection() {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="datenauskunft-title">
      <Title order={2} fz="lg" mb="xs" id="datenauskunft-title">
        {t('customizing.datenauskunft.title')}
      </Title>
      <Text size="sm" mb="sm">
        {t('customizing.datenauskunft.text')}
      </Text>
      <Group gap="md" wrap="wrap">
        <Anchor href="/api/me/datenauskunft.pdf" download size="sm" data-testid="datenauskunft-pdf">
          {t('customizing.datenauskunft.pdf')}
        </Anchor>
        <Anchor href="/api/me/datenauskunft.json" download size="sm" data-testid="datenauskunft-json">
          {t('customizing.datenauskunft.json')}
        </Anchor>
      </Group>
    </Paper>
  );
}

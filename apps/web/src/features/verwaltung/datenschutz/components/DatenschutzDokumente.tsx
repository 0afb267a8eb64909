import { Anchor, Group, Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The two documents the tenant's data protection officer and works council ask for, generated from the declarations
 * (decision 200): the works-council data sheet and the record of processing activities (Art. 30 GDPR), as PDFs.
 * Shown with the policy `datenschutz.dokumente`.
 */
export function DatenschutzDokumente() {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="datenschutz-dokumente-titel">
      <Title order={2} fz="lg" mb="xs" id="datenschutz-dokumente-titel">
        {t('datenschutzDokumente.titel')}
      </Title>
      <Text size="sm" mb="sm">
        {t('datenschutzDokumente.text')}
      </Text>
      <Group gap="md" wrap="wrap">
        <Anchor href="/api/datenschutz/betriebsrat.pdf" download size="sm">
          {t('datenschutzDokumente.betriebsrat')}
        </Anchor>
        <Anchor href="/api/datenschutz/verarbeitungsverzeichnis.pdf" download size="sm">
          {t('datenschutzDokumente.verzeichnis')}
        </Anchor>
      </Group>
    </Paper>
  );
}

import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * In the user dialog: what Stellwerk stores about this person, as PDF and JSON (Art. 15 and 20 GDPR, decision 200),
 * for an administrator answering a request on the person's behalf. The user dialog opens only with `benutzer.pflegen`,
 * whose right (`benutzer_pflegen`) is also the right of `datenauskunft.erstellen`; the server checks that policy and
 * writes each download to the audit log.
 */
export function BenutzerDatenauskunft({ benutzerId, name }: { benutzerId: string; name: string }) {
  const { t } = useTranslation();
  const basis = `/api/benutzer/${encodeURIComponent(benutzerId)}/datenauskunft`;
  return (
    <Stack gap="xs" component="section" aria-labelledby="benutzer-datenauskunft-titel">
      <Title order={3} size="h5" id="benutzer-datenauskunft-titel">
        {t('adminBenutzer.datenauskunft.titel')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('adminBenutzer.datenauskunft.text', { name })}
      </Text>
      <Group gap="md" wrap="wrap">
        <Anchor href={`${basis}.pdf`} download size="sm">
          {t('adminBenutzer.datenauskunft.pdf')}
        </Anchor>
        <Anchor href={`${basis}.json`} download size="sm">
          {t('adminBenutzer.datenauskunft.json')}
        </Anchor>
      </Group>
    </Stack>
  );
}

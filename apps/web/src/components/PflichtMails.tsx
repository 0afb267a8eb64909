import { List, Text } from '@mantine/core';
import type { Language } from '@stellwerk/domain/language';
import { PFLICHT_MAILS } from '@stellwerk/domain/mail-schalter';
import { useTranslation } from 'react-i18next';

/**
 * The mails no switch stops (decision 116): security, approval requests, a blocked vehicle. Shown beside the
 * mail and notification switches so nobody expects a switch to stop them.
 */
export function PflichtMails({ language }: { language: Language }) {
  const { t } = useTranslation();
  return (
    <div data-testid="pflicht-mails">
      <Text size="sm" fw={600} mt="md" id="pflicht-mails-title">
        {t('customizing.pflichtMails')}
      </Text>
      <List size="sm" aria-labelledby="pflicht-mails-title">
        {PFLICHT_MAILS.map((m) => (
          <List.Item key={m.art}>{m.grund[language]}</List.Item>
        ))}
      </List>
    </div>
  );
}

import { Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The receipts of a check-in or check-out, each a link to the file (R158); nothing without any. */
export function BelegLinks({ belege }: { belege: readonly { id: string; url: string }[] }) {
  const { t } = useTranslation();
  if (belege.length === 0) return null;
  return (
    <Group gap={8} wrap="wrap">
      <Text size="sm" fw={500}>
        {t('historie.belege')}:
      </Text>
      {belege.map((b, i) => (
        <Anchor key={b.id} href={b.url} target="_blank" rel="noopener" size="sm">
          {t('historie.beleg', { nr: i + 1 })}
        </Anchor>
      ))}
    </Group>
  );
}

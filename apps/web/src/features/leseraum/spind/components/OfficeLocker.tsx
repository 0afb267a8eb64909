import { Stack, Tabs, Title } from '@mantine/core';
import type { TMe } from '@stellwerk/domain/api';
import { useTranslation } from 'react-i18next';
import { MeineSpinde, SpindBuchen } from './MeinSpind';
import { SchlossAuftraege, SpindVerwaltung, ZuRaeumendeSpinde } from './SpindVerwaltung';

/** /officelocker: "Mein Spind" and booking for every user; banks, assignments and clearing for the place keepers. */
export function OfficeLocker({ me }: { me: TMe }) {
  const { t } = useTranslation();
  const mein = (
    <Stack gap="lg">
      <section aria-labelledby="spind-meine">
        <Title order={2} fz="lg" mb="xs" id="spind-meine">
          {t('spind.meine')}
        </Title>
        <MeineSpinde />
      </section>
      <section aria-labelledby="spind-buchen">
        <Title order={2} fz="lg" mb="xs" id="spind-buchen">
          {t('spind.tagBuchen')}
        </Title>
        <SpindBuchen />
      </section>
    </Stack>
  );
  if (!me.darf.includes('spinde.verwalten')) return mein;
  return (
    <Tabs defaultValue="mein" keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value="mein">{t('spind.meine')}</Tabs.Tab>
        <Tabs.Tab value="banken">{t('spind.admin.banken')}</Tabs.Tab>
        <Tabs.Tab value="raeumen">{t('spind.admin.zuRaeumen')}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="mein">{mein}</Tabs.Panel>
      <Tabs.Panel value="banken">
        <SpindVerwaltung />
      </Tabs.Panel>
      <Tabs.Panel value="raeumen">
        <ZuRaeumendeSpinde />
        <SchlossAuftraege />
      </Tabs.Panel>
    </Tabs>
  );
}

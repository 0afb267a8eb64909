import { Group, Text } from '@mantine/core';
import type { TMe } from '@stellwerk/domain/api';
import { useTranslation } from 'react-i18next';
import { AppFooter } from '../../components/AppFooter';
import { Brand } from '../../components/Brand';
import { MenuCount } from '../../components/MenuCount';
import { AssistentKnopf } from '../../features/assistent/chat/components/AssistentKnopf';
import { useFreigabenAnzahl } from '../../features/fahrzeuge/fahrzeug-freigaben/api/freigaben-api';
import { useMe } from '../../features/identitaet/session/api/get-me';
import { useWartendeVormerkungen } from '../../features/leseraum/leseraum/api/bestaetigungen-api';
import { MainMenu } from '../../features/plattform/navigation/components/MainMenu';
import { LanguageSwitch } from '../../features/verwaltung/customizing/components/LanguageSwitch';
import { TenantLogo } from '../../features/verwaltung/mandant/components/TenantLogo';
import { useRefreshMe } from '../use-current-me';

/** Header, menu and footer as every app layout composes them from the features. */
export const useFrameParts = () => {
  const { t } = useTranslation();
  const query = useMe();
  const me: TMe | null = query.data ?? null;
  const refreshMe = useRefreshMe();
  // the count of trips awaiting approval, only for approvers (spec §6)
  const freigaben = useFreigabenAnzahl(
    Boolean(me?.features.FahrzeugBuchung && me.darf.includes('sonderfahrten.freigeben')),
  );

  // the holds waiting for booking staff, per area (R170), only for buchung_pflege
  const staff = Boolean(me?.darf.includes('buchungen.pflegen'));
  const wartendLeseraum = useWartendeVormerkungen('leseraum', staff && Boolean(me?.features.Leseraum));
  const wartendArbeitswelt = useWartendeVormerkungen(
    'arbeitswelt',
    staff && Boolean(me?.features.Arbeitswelt),
  );

  const brand = (
    <Brand
      tenantName={me?.mandant.name}
      logo={
        me?.mandant.hasLogo ? <TenantLogo tenantName={me.mandant.name} version={query.dataUpdatedAt} /> : null
      }
    />
  );
  // the assistant follows the tenant's Chatbot switch (decision 178)
  const headerEnd = me ? (
    <Group gap="xs" wrap="nowrap">
      {me.features.Chatbot && <AssistentKnopf />}
      <Group gap="xs" wrap="nowrap" visibleFrom="sm">
        <Text size="sm" c="dimmed" truncate maw={240}>
          {`${me.user.vorname} ${me.user.nachname}`.trim() || me.user.email}
        </Text>
      </Group>
    </Group>
  ) : null;
  const menu = (
    <MainMenu
      me={me}
      languageSwitch={<LanguageSwitch signedIn={me !== null} onSaved={refreshMe} />}
      badges={{
        '/fahrzeuge/freigaben': (
          <MenuCount
            anzahl={freigaben.data}
            label={t('fahrzeugFreigaben.anzahl', { count: freigaben.data ?? 0 })}
          />
        ),
        '/leseraum/bestaetigungen': (
          <MenuCount
            anzahl={wartendLeseraum.data?.length}
            label={t('bestaetigungen.anzahl', { count: wartendLeseraum.data?.length ?? 0 })}
          />
        ),
        '/arbeitswelt/bestaetigungen': (
          <MenuCount
            anzahl={wartendArbeitswelt.data?.length}
            label={t('bestaetigungen.anzahl', { count: wartendArbeitswelt.data?.length ?? 0 })}
          />
        ),
      }}
    />
  );
  const footer = <AppFooter privacyUrl={me?.mandant.hasDatenschutz ? '/api/mandant/datenschutz' : null} />;
  return { me, brand, headerEnd, menu, footer };
};

import { Divider, NavLink, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { TMe } from '@stellwerk/domain/api';
import { isFeatureAccessible } from '@stellwerk/domain/features';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MenuLink } from '../../../components/MenuLink';
import { HowItWorksModal, RulesModal } from './InfoModals';

type MainMenuProps = {
  /** The signed-in user; `null` shows the menu of a visitor (Login instead of Logout). */
  me: TMe | null;
  /** The language switch (settings feature), placed by the layout. */
  languageSwitch: ReactNode;
};

/** The main menu of spec §2, showing only what the user's features and rights allow. */
export function MainMenu({ me, languageSwitch }: MainMenuProps) {
  const { t } = useTranslation();
  const [howOpened, how] = useDisclosure(false);
  const [rulesOpened, rules] = useDisclosure(false);

  const features = me?.features;
  const vehicles = Boolean(
    features && isFeatureAccessible('FahrzeugBuchung', features) && me?.rights.fahrzeugModul,
  );
  const readingRoom = Boolean(features && isFeatureAccessible('Leseraum', features));
  const licenceChecks = vehicles && Boolean(me?.permissions.includes('fahrzeug_fuehrerscheinpruefung'));
  const admin = Boolean(me && (me.rights.admin || me.user.isPlatformAdmin));

  return (
    <Stack gap={2}>
      {vehicles && (
        <>
          <MenuLink to="/fahrzeuge" label={t('menu.vehicles')} exact />
          <MenuLink to="/fahrzeuge/uebersicht" label={t('menu.overview')} />
          <MenuLink to="/fahrzeuge/freigaben" label={t('menu.approvals')} />
          {licenceChecks && <MenuLink to="/fahrzeuge/fuehrerschein" label={t('menu.licenceChecks')} />}
        </>
      )}
      {readingRoom && (
        <>
          <MenuLink to="/leseraum/karte" label={t('menu.readingRoomMap')} />
          <MenuLink to="/leseraum/liste" label={t('menu.readingRoomList')} />
        </>
      )}
      {me && features?.Arbeitswelt && <MenuLink to="/arbeitswelt" label={t('menu.workspace')} />}
      {me && features?.Officelocker && <MenuLink to="/officelocker" label={t('menu.officeLocker')} />}
      {admin && <MenuLink to="/admin" label={t('menu.admin')} />}
      {me && <Divider my="xs" />}
      {me && <MenuLink to="/einstellungen" label={t('menu.settings')} />}
      {me && <MenuLink to="/leseraum/passwort" label={t('menu.password')} />}
      <NavLink component="button" label={t('menu.howItWorks')} onClick={how.open} />
      <NavLink component="button" label={t('menu.rules')} onClick={rules.open} />
      <Divider my="xs" />
      {languageSwitch}
      {me ? (
        <MenuLink to="/logout" label={t('menu.logout')} />
      ) : (
        <MenuLink to="/login" label={t('menu.login')} />
      )}
      <HowItWorksModal
        opened={howOpened}
        onClose={how.close}
        vehicles={vehicles || !me}
        readingRoom={readingRoom || !me}
      />
      <RulesModal
        opened={rulesOpened}
        onClose={rules.close}
        vehicles={vehicles || !me}
        readingRoom={readingRoom || !me}
      />
    </Stack>
  );
}

import { Badge, Divider, NavLink, Stack, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { TMe } from '@stellwerk/domain/api';
import { isPermissionName } from '@stellwerk/domain/permissions';
import { mayOpenScreen } from '@stellwerk/domain/screens';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MenuLink } from '../../../../components/MenuLink';
import { useFaelligeFuehrerscheine } from '../api/faellige-fuehrerscheine';
import { HowItWorksModal, RulesModal } from './InfoModals';

type MainMenuProps = {
  /** The signed-in user; `null` shows the menu of a visitor (Login instead of Logout). */
  me: TMe | null;
  /** The language switch (settings feature), placed by the layout. */
  languageSwitch: ReactNode;
  /** Counts next to entries, by path, composed by the layout from the features (e.g. approvals awaiting). */
  badges?: Partial<Record<string, ReactNode>>;
};

/**
 * The main menu of spec §2: each entry only when the screen table lets the user open it (feature
 * switches and rights, decision 036).
 */
export function MainMenu({ me, languageSwitch, badges = {} }: MainMenuProps) {
  const { t } = useTranslation();
  const [howOpened, how] = useDisclosure(false);
  const [rulesOpened, rules] = useDisclosure(false);

  const features = me?.features;
  const ctx = me && {
    permissions: new Set(me.permissions.filter(isPermissionName)),
    isPlatformAdmin: me.user.isPlatformAdmin,
    features: me.features,
  };
  const may = (path: string) => mayOpenScreen(path, ctx);
  const vehicles = may('/fahrzeuge');
  const readingRoom = may('/leseraum/karte');
  // spec §6: the count of licences to check only with fahrzeug_fuehrerscheinpruefung
  const licenceChecks = may('/fahrzeuge/fuehrerschein');
  const faellig = useFaelligeFuehrerscheine(licenceChecks);

  return (
    <Stack gap={2}>
      {vehicles && <MenuLink to="/fahrzeuge" label={t('menu.vehicles')} exact />}
      {may('/fahrzeuge/uebersicht') && <MenuLink to="/fahrzeuge/uebersicht" label={t('menu.overview')} />}
      {may('/fahrzeuge/freigaben') && (
        <MenuLink
          to="/fahrzeuge/freigaben"
          label={t('menu.approvals')}
          rightSection={badges['/fahrzeuge/freigaben']}
        />
      )}
      {licenceChecks && (
        <MenuLink
          to="/fahrzeuge/fuehrerschein"
          label={t('menu.licenceChecks')}
          rightSection={
            faellig.data ? (
              <>
                <Badge size="sm" color="orange" circle aria-hidden="true">
                  {faellig.data}
                </Badge>
                <VisuallyHidden>{t('fuehrerschein.menuFaellig', { count: faellig.data })}</VisuallyHidden>
              </>
            ) : null
          }
        />
      )}
      {readingRoom && <MenuLink to="/leseraum/karte" label={t('menu.readingRoomMap')} />}
      {may('/leseraum/liste') && <MenuLink to="/leseraum/liste" label={t('menu.readingRoomList')} />}
      {may('/leseraum/bestaetigungen') && (
        <MenuLink
          to="/leseraum/bestaetigungen"
          label={t('bestaetigungen.menuLeseraum')}
          rightSection={badges['/leseraum/bestaetigungen']}
        />
      )}
      {me && features?.Arbeitswelt && <MenuLink to="/arbeitswelt" label={t('menu.workspace')} />}
      {features?.Arbeitswelt && may('/arbeitswelt/bestaetigungen') && (
        <MenuLink
          to="/arbeitswelt/bestaetigungen"
          label={t('bestaetigungen.menuArbeitswelt')}
          rightSection={badges['/arbeitswelt/bestaetigungen']}
        />
      )}
      {me && features?.Officelocker && <MenuLink to="/officelocker" label={t('menu.officeLocker')} />}
      {may('/admin') && <MenuLink to="/admin" label={t('menu.admin')} />}
      {me && <Divider my="xs" />}
      {me && <MenuLink to="/einstellungen" label={t('menu.customizing')} exact />}
      {me && <MenuLink to="/einstellungen/sicherheit" label={t('sicherheit.menu')} />}
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

import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
import { PlaceholderPage } from '../../components/PlaceholderPage';
import { PasswordChangeForm } from '../../features/auth/components/PasswordChangeForm';
import { EigeneEinstellungen } from '../../features/eigene-einstellungen/components/EigeneEinstellungen';
import { Impressum } from '../../features/impressum/components/Impressum';
import { useCurrentMe, useRefreshMe } from '../use-current-me';

export function FahrzeugePage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage title={t('pages.fahrzeuge.title')} description={t('pages.fahrzeuge.description')} />
  );
}

export function FahrzeugUebersichtPage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage title={t('pages.uebersicht.title')} description={t('pages.uebersicht.description')} />
  );
}

export function FreigabenPage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage title={t('pages.freigaben.title')} description={t('pages.freigaben.description')} />
  );
}

export function FuehrerscheinPage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage
      title={t('pages.fuehrerschein.title')}
      description={t('pages.fuehrerschein.description')}
    />
  );
}

export function LeseraumKartePage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage
      title={t('pages.leseraumKarte.title')}
      description={t('pages.leseraumKarte.description')}
    />
  );
}

export function LeseraumListePage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage
      title={t('pages.leseraumListe.title')}
      description={t('pages.leseraumListe.description')}
    />
  );
}

export function ArbeitsweltPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('arbeitswelt.title')} description={t('pages.arbeitswelt.description')} />;
}

export function ArbeitsweltKartePage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('arbeitswelt.map')} />;
}

export function ArbeitsweltListePage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('arbeitswelt.list')} />;
}

export function OfficelockerPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('menu.officeLocker')} description={t('pages.officelocker.description')} />;
}

export function ImpressumPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('footer.imprint')} />
      <Impressum />
    </>
  );
}

/** /leseraum/passwort: create or change the password. */
export function PasswordPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('auth.password.title')} />
      <PasswordChangeForm />
    </>
  );
}

/** /einstellungen: personal data, password, language and the personal settings with their source. */
export function PersonalSettingsPage() {
  const { t } = useTranslation();
  const me = useCurrentMe();
  const refreshMe = useRefreshMe();
  if (!me) return null;
  const features = Object.entries(me.features)
    .filter(([, on]) => on)
    .map(([name]) => name);
  return (
    <>
      <PageHeader title={t('settings.title')} />
      <EigeneEinstellungen
        features={features}
        refreshKey={me}
        effective={me.settings}
        onSaved={refreshMe}
        details={[
          { label: t('settings.personal.username'), value: me.user.username ?? '' },
          { label: t('settings.personal.employeeId'), value: me.user.employeeId ?? '' },
          { label: t('settings.personal.tenant'), value: me.mandant.name },
        ]}
      />
    </>
  );
}

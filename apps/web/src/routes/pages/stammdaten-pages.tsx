/** Admin master-data pages: locations, equipment, opening hours and the tenant's settings. */
import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
import { SsoEinstellungen } from '../../features/identitaet/sso/components/SsoEinstellungen';
import { AusstattungList } from '../../features/leseraum/admin-ausstattung/components/AusstattungList';
import { OeffnungszeitenAdmin } from '../../features/leseraum/admin-oeffnungszeiten/components/OeffnungszeitenAdmin';
import { StandortList } from '../../features/verwaltung/admin-lokationen/components/StandortList';
import { MandantCustomizing } from '../../features/verwaltung/customizing/components/MandantCustomizing';
import { DatenschutzDokumente } from '../../features/verwaltung/datenschutz/components/DatenschutzDokumente';
import { LogoPrivacySection } from '../../features/verwaltung/mandant/components/TenantFileUpload';
import { useCurrentMe, useRefreshMe } from '../use-current-me';

/** /admin/lokationen */
export function LokationenPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('adminLokationen.title')} description={t('adminLokationen.description')} />
      <StandortList />
    </>
  );
}

/** /admin/ausstattung */
export function AusstattungPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('adminAusstattung.title')} description={t('adminAusstattung.description')} />
      <AusstattungList />
    </>
  );
}

/** /admin/oeffnungszeiten (menu "Sonderöffnungszeiten") */
export function OeffnungszeitenPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader
        title={t('adminOeffnungszeiten.title')}
        description={t('adminOeffnungszeiten.description')}
      />
      <OeffnungszeitenAdmin />
    </>
  );
}

/** /admin/einstellungen: the typed tenant and group settings, then the tenant logo and privacy statement. */
export function AdminCustomizingPage() {
  const { t } = useTranslation();
  const me = useCurrentMe();
  const refreshMe = useRefreshMe();
  return (
    <>
      <PageHeader title={t('admin.customizing.title')} description={t('adminCustomizing.description')} />
      <Stack gap="xl" maw={900}>
        <Stack gap="sm" component="section" aria-labelledby="tenant-settings-title">
          <Title order={2} fz="lg" id="tenant-settings-title">
            {t('admin.customizing.tenantCustomizing')}
          </Title>
          <MandantCustomizing
            refreshKey={me}
            tenantOnly={
              // logo and privacy PDF belong to the tenant level only (policy mandant.gestalten)
              me?.darf.includes('mandant.gestalten') && (
                <LogoPrivacySection
                  hasLogo={me.mandant.hasLogo}
                  hasDatenschutz={me.mandant.hasDatenschutz}
                  onUploaded={refreshMe}
                />
              )
            }
          />
        </Stack>
        {me?.darf.includes('sso.pflegen') && <SsoEinstellungen />}
        {me?.darf.includes('datenschutz.dokumente') && <DatenschutzDokumente />}
      </Stack>
    </>
  );
}

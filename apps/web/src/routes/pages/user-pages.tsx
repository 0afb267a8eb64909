import { Anchor, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { NotAvailable } from '../../components/NotAvailable';
import { PageHeader } from '../../components/PageHeader';
import { PlaceholderPage } from '../../components/PlaceholderPage';
import { PasswordChangeForm } from '../../features/auth/components/PasswordChangeForm';
import { Impressum } from '../../features/impressum/components/Impressum';
import { LanguageSwitch } from '../../features/settings/components/LanguageSwitch';
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

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value || '–'}</Text>
    </div>
  );
}

/** /einstellungen: personal data, language, password; the booking and mail settings come later. */
export function PersonalSettingsPage() {
  const { t } = useTranslation();
  const me = useCurrentMe();
  const refreshMe = useRefreshMe();
  if (!me) return null;
  return (
    <>
      <PageHeader title={t('settings.title')} />
      <Stack gap="lg" maw={720}>
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="personal-data">
          <Title order={2} fz="lg" mb="sm" id="personal-data">
            {t('settings.personal.title')}
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Field
              label={t('settings.personal.name')}
              value={`${me.user.vorname} ${me.user.nachname}`.trim()}
            />
            <Field label={t('settings.personal.email')} value={me.user.email} />
            <Field label={t('settings.personal.username')} value={me.user.username ?? ''} />
            <Field label={t('settings.personal.employeeId')} value={me.user.employeeId ?? ''} />
            <Field label={t('settings.personal.tenant')} value={me.mandant.name} />
          </SimpleGrid>
        </Paper>
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="language-title">
          <Title order={2} fz="lg" mb="sm" id="language-title">
            {t('menu.language')}
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            {t('settings.language.hint')}
          </Text>
          <LanguageSwitch signedIn onSaved={refreshMe} withLabel={false} />
        </Paper>
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="password-title">
          <Title order={2} fz="lg" mb="sm" id="password-title">
            {t('menu.password')}
          </Title>
          <Anchor component={Link} to="/leseraum/passwort" size="sm">
            {t('settings.passwordLink')}
          </Anchor>
        </Paper>
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="booking-settings-title">
          <Title order={2} fz="lg" mb="sm" id="booking-settings-title">
            {t('settings.booking.title')}
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            {t('settings.booking.description')}
          </Text>
          <NotAvailable />
        </Paper>
      </Stack>
    </>
  );
}

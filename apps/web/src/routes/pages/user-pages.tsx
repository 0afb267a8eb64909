import { Stack } from '@mantine/core';
import type { Bereich } from '@stellwerk/domain/leseraum/leseraum-buchung/api';
import { isSpindGroesse, type SpindGroesse } from '@stellwerk/domain/leseraum/spind/regeln';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
import { FreigabenListe } from '../../features/fahrzeuge/fahrzeug-freigaben/components/FreigabenListe';
import { FahrzeugUebersicht } from '../../features/fahrzeuge/fahrzeug-uebersicht/components/FahrzeugUebersicht';
import {
  buchenSuche,
  ZUebersichtSuche,
} from '../../features/fahrzeuge/fahrzeug-uebersicht/hooks/uebersicht-suche';
import { FuehrerscheinListe } from '../../features/fahrzeuge/fuehrerschein/components/FuehrerscheinListe';
import {
  type TFuehrerscheinSuche,
  ZFuehrerscheinSuche,
} from '../../features/fahrzeuge/fuehrerschein/hooks/fuehrerschein-suche';
import { PasswordChangeForm } from '../../features/identitaet/auth/components/PasswordChangeForm';
import { IdentitaetenListe } from '../../features/identitaet/sicherheit/components/IdentitaetenListe';
import { PasskeyListe } from '../../features/identitaet/sicherheit/components/PasskeyListe';
import { SitzungenListe } from '../../features/identitaet/sicherheit/components/SitzungenListe';
import { TelefonFaktorKarte } from '../../features/identitaet/sicherheit/components/TelefonFaktorKarte';
import { ZweiFaktorEinrichtung } from '../../features/identitaet/sicherheit/components/ZweiFaktorEinrichtung';
import { ZugriffstokenKarte } from '../../features/identitaet/sicherheit/components/ZugriffstokenKarte';
import { type Ansicht, Sitzplan } from '../../features/leseraum/leseraum/components/Sitzplan';
import { ansichtAus, vorgabenAus, ZPlatzSuche } from '../../features/leseraum/leseraum/hooks/platz-suche';
import { OfficeLocker } from '../../features/leseraum/spind/components/OfficeLocker';
import { KalenderAboKarte } from '../../features/plattform/kalender/components/KalenderAboKarte';
import { NoAreaNotice } from '../../features/plattform/navigation/components/NoAreaNotice';
import { PushKarte } from '../../features/plattform/push/components/PushKarte';
import { EigenesCustomizing } from '../../features/verwaltung/customizing/components/EigenesCustomizing';
import { Impressum } from '../../features/verwaltung/impressum/components/Impressum';
import { useCurrentMe, useRefreshMe } from '../use-current-me';

/** '/' for a user with no area to open: what the tenant has switched on, and sign-out. */
export function NoAreaPage() {
  const { t } = useTranslation();
  const me = useCurrentMe();
  return (
    <>
      <PageHeader title={t('noArea.title')} />
      {me && <NoAreaNotice me={me} />}
    </>
  );
}

/** /fahrzeuge/uebersicht: the timeline; a selection opens the booking dialog of /fahrzeuge (decision 047). */
export function FahrzeugUebersichtPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const suche = ZUebersichtSuche.parse(useSearch({ strict: false }));
  return (
    <>
      <PageHeader title={t('pages.uebersicht.title')} description={t('pages.uebersicht.description')} />
      <FahrzeugUebersicht
        suche={suche}
        onSucheChange={(next) =>
          void navigate({ to: '/fahrzeuge/uebersicht', search: next as never, replace: true })
        }
        onBuchen={(ziel) => void navigate({ to: '/fahrzeuge', search: buchenSuche(ziel) as never })}
      />
    </>
  );
}

/** /fahrzeuge/freigaben: the special trips awaiting the approver (decision 049). */
export function FreigabenPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('pages.freigaben.title')} description={t('pages.freigaben.description')} />
      <FreigabenListe />
    </>
  );
}

/** /fahrzeuge/fuehrerschein: licence checks; filters live in the URL. */
export function FuehrerscheinPage() {
  const { t } = useTranslation();
  const me = useCurrentMe();
  const navigate = useNavigate();
  const suche = ZFuehrerscheinSuche.parse(useSearch({ strict: false }));
  const onSucheChange = useCallback(
    (patch: Partial<TFuehrerscheinSuche>) =>
      void navigate({
        to: '/fahrzeuge/fuehrerschein',
        // merged into the search as it is when the navigation runs, not as it was rendered
        search: ((prev: TFuehrerscheinSuche) => ({ ...prev, ...patch })) as never,
        replace: true,
      }),
    [navigate],
  );
  return (
    <>
      <PageHeader title={t('pages.fuehrerschein.title')} description={t('pages.fuehrerschein.description')} />
      <FuehrerscheinListe
        suche={suche}
        onSucheChange={onSucheChange}
        pruefer={me ? `${me.user.vorname} ${me.user.nachname}`.trim() : ''}
      />
    </>
  );
}

/** The preferred locker size (SpindGroesse) the booking dialog preselects; M when unset or unknown. */
const spindGroesseAus = (wert: unknown): SpindGroesse => (isSpindGroesse(wert) ? wert : 'M');

/** The seat-planning screen of an area in map or list view; plan, day, period and filter live in the URL. */
function SitzplanPage({ bereich, ansicht }: { bereich: Bereich; ansicht: Ansicht }) {
  const { t } = useTranslation();
  const me = useCurrentMe();
  const navigate = useNavigate();
  const suche = ZPlatzSuche.parse(useSearch({ strict: false }));
  const base = bereich === 'leseraum' ? '/leseraum' : '/arbeitswelt';
  const setting = (name: string) => me?.customizing[name]?.value;
  const zoom = setting('Zoom');
  const lieblingsGrundriss = setting('LeseraumLieblingsGrundriss');
  const lieblingsPlaetze = setting('LeseraumLieblingsPlatz');
  return (
    <>
      <PageHeader
        title={
          bereich === 'arbeitswelt'
            ? ansicht === 'karte'
              ? t('arbeitswelt.map')
              : t('arbeitswelt.list')
            : ansicht === 'karte'
              ? t('pages.leseraumKarte.title')
              : t('pages.leseraumListe.title')
        }
        description={
          bereich === 'arbeitswelt'
            ? t('pages.arbeitswelt.description')
            : ansicht === 'karte'
              ? t('pages.leseraumKarte.description')
              : t('pages.leseraumListe.description')
        }
      />
      <Sitzplan
        bereich={bereich}
        ansicht={ansicht}
        suche={suche}
        onSucheChange={(next) =>
          void navigate({ to: `${base}/${ansicht}`, search: next as never, replace: true })
        }
        onAnsichtChange={(next) => void navigate({ to: `${base}/${next}`, search: suche as never })}
        lieblingsGrundriss={typeof lieblingsGrundriss === 'string' ? lieblingsGrundriss : ''}
        lieblingsPlaetze={
          Array.isArray(lieblingsPlaetze)
            ? lieblingsPlaetze.filter((v): v is string => typeof v === 'string')
            : []
        }
        zoomProzent={typeof zoom === 'number' ? zoom : 100}
        vorgaben={vorgabenAus(setting)}
        spindGroesse={me?.features.Officelocker ? spindGroesseAus(setting('SpindGroesse')) : null}
        zeigeSpinde={Boolean(me?.features.Officelocker)}
      />
    </>
  );
}

export function LeseraumKartePage() {
  return <SitzplanPage bereich="leseraum" ansicht="karte" />;
}

export function LeseraumListePage() {
  return <SitzplanPage bereich="leseraum" ansicht="liste" />;
}

/** /arbeitswelt: the workspace in the user's view (Ansicht), the map by default. */
export function ArbeitsweltPage() {
  const me = useCurrentMe();
  return <SitzplanPage bereich="arbeitswelt" ansicht={ansichtAus((name) => me?.customizing[name]?.value)} />;
}

export function ArbeitsweltKartePage() {
  return <SitzplanPage bereich="arbeitswelt" ansicht="karte" />;
}

export function ArbeitsweltListePage() {
  return <SitzplanPage bereich="arbeitswelt" ansicht="liste" />;
}

/** /officelocker: my lockers and booking one for a day; the place keepers also maintain banks (decision 186). */
export function OfficelockerPage() {
  const { t } = useTranslation();
  const me = useCurrentMe();
  return (
    <>
      <PageHeader title={t('spind.titel')} description={t('pages.officelocker.description')} />
      {me && <OfficeLocker me={me} />}
    </>
  );
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

/**
 * /einstellungen: personal data, password, language and the personal settings with their source; push
 * notifications on this device.
 */
export function PersonalCustomizingPage() {
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
      <EigenesCustomizing
        features={features}
        refreshKey={me}
        effective={me.customizing}
        onSaved={refreshMe}
        profil={{ vorname: me.user.vorname, nachname: me.user.nachname, email: me.user.email }}
        details={[
          { label: t('settings.personal.username'), value: me.user.username ?? '' },
          { label: t('settings.personal.employeeId'), value: me.user.employeeId ?? '' },
          { label: t('settings.personal.tenant'), value: me.mandant.name },
        ]}
      />
      {/* web push on this device, following the same switches as the mails (decision 245) */}
      <Stack mt="lg">
        <PushKarte />
      </Stack>
    </>
  );
}

/** /einstellungen/sicherheit: second factor, ways to sign in, passkeys and sessions; where enrolment is asked for. */
export function SicherheitPage() {
  const { t } = useTranslation();
  const me = useCurrentMe();
  return (
    <>
      <PageHeader title={t('sicherheit.titel')} description={t('sicherheit.beschreibung')} />
      <Stack gap="lg">
        <ZweiFaktorEinrichtung />
        <TelefonFaktorKarte />
        {me && <IdentitaetenListe email={me.user.email} />}
        <PasskeyListe />
        <SitzungenListe />
        <KalenderAboKarte />
        <ZugriffstokenKarte />
      </Stack>
    </>
  );
}

import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { weekdayFromName } from '@stellwerk/domain/time';
import type { TEigenerCustomizingEintrag, TProfil } from '@stellwerk/domain/verwaltung/admin-stammdaten.api';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { TFunction } from 'i18next';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCustomizingValue } from '../../../../components/CustomizingControl';
import { CustomizingEditor } from '../../../../components/CustomizingEditor';
import { optionHelp, optionLabel } from '../../../../components/customizing-value';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { LoadingState } from '../../../../components/LoadingState';
import { PflichtMails } from '../../../../components/PflichtMails';
import { customizingKeys, useEigenesCustomizing, useSetEigenesCustomizing } from '../api/customizing';
import { DatenauskunftSection } from './DatenauskunftSection';
import { ProfilForm } from './ProfilForm';

/** The sections of the personal settings page and the options each shows (spec §2 "Settings"). */
export const SECTIONS = [
  { id: 'allgemein', names: ['Sprache', 'Startseite'] },
  {
    id: 'anzeige',
    names: ['Ansicht', 'Filter', 'Buchungsmodus', 'Tageszeit', 'LeseraumZeitVon', 'LeseraumZeitBis', 'Zoom'],
  },
  {
    id: 'benachrichtigungen',
    names: [
      'BenachrichtigungBuchungsbestaetigung',
      'BenachrichtigungAenderung',
      'BenachrichtigungStornierung',
      'BenachrichtigungErinnerung',
      'BenachrichtigungSonderfreigabe',
      'BenachrichtigungBestaetigungsanfrage',
      'LeseraumEmailErinnerungBuchungsbeginn',
      'FahrzeugZeitErinnerungsmail',
    ],
  },
  {
    id: 'fahrzeugreport',
    names: ['FahrzeugReportPersoenlich', 'FahrzeugReportRhythmus', 'FahrzeugReportEmpfaenger'],
  },
] as const;

type SectionId = (typeof SECTIONS)[number]['id'];

const sectionTitle = (id: SectionId, t: TFunction) =>
  id === 'allgemein'
    ? t('customizing.sections.allgemein')
    : id === 'anzeige'
      ? t('customizing.sections.anzeige')
      : id === 'benachrichtigungen'
        ? t('customizing.sections.benachrichtigungen')
        : t('customizing.sections.fahrzeugreport');

const sourceBadge = (o: TEigenerCustomizingEintrag, t: TFunction) => {
  switch (o.source) {
    case 'benutzer':
      return (
        <Badge color="blue" variant="light">
          {t('customizing.source.benutzer')}
        </Badge>
      );
    case 'gruppe':
      return (
        <Badge color="gray" variant="light">
          {t('customizing.source.gruppe')}
        </Badge>
      );
    case 'mandant':
      return (
        <Badge color="gray" variant="light">
          {t('customizing.source.mandant')}
        </Badge>
      );
    default:
      return (
        <Badge color="gray" variant="light">
          {t('customizing.source.default')}
        </Badge>
      );
  }
};

/** The tenant's and the group's value beside the own one (R295), e.g. "Mandant: 09:00 · Gruppe Alle: 10:00". */
const ebenenText = (o: TEigenerCustomizingEintrag, t: TFunction): string =>
  [
    o.mandantWert === null
      ? null
      : t('customizing.ebenen.mandant', { wert: formatCustomizingValue(o, o.mandantWert, t) }),
    o.gruppenWert === null
      ? null
      : t('customizing.ebenen.gruppe', {
          gruppe: o.gruppenWert.gruppe,
          wert: formatCustomizingValue(o, o.gruppenWert.value, t),
        }),
  ]
    .filter(Boolean)
    .join(' · ');

/** The booking window as it applies to the user (set by administrators, shown read-only). */
const buchungsfenster = (
  effective: Record<string, { value: unknown }>,
  features: readonly string[],
  t: TFunction,
): { label: string; value: string }[] => {
  const number = (name: string) => {
    const value = effective[name]?.value;
    return typeof value === 'number' ? value : null;
  };
  const lines: { label: string; value: string }[] = [];
  const leseraum = number('LeseraumVorausbuchbareTage');
  if (leseraum !== null && features.includes('Leseraum'))
    lines.push({
      label: t('customizing.buchungsfenster.leseraum'),
      value: `${leseraum} ${t('customizing.units.tage')}`,
    });
  // vehicles: days ahead, or in the weekly mode weeks that grow on a weekday (decision 140)
  const wochentag = weekdayFromName(String(effective.FahrzeugBuchungsfensterWochentag?.value ?? ''));
  const wochen = number('BuchungsfensterWochen');
  const fahrzeug = number('FahrzeugVorausbuchbareTage');
  if (features.includes('FahrzeugBuchung') && wochentag !== null && wochen !== null)
    lines.push({
      label: t('customizing.buchungsfenster.fahrzeug'),
      value: t('customizing.buchungsfenster.woechentlich', {
        wochen,
        tag: t(`customizing.weekdays.${wochentag}`),
        zeit: String(effective.FahrzeugBuchungsfensterUhrzeit?.value ?? '00:00'),
      }),
    });
  else if (fahrzeug !== null && features.includes('FahrzeugBuchung'))
    lines.push({
      label: t('customizing.buchungsfenster.fahrzeug'),
      value: `${fahrzeug} ${t('customizing.units.tage')}`,
    });
  return lines;
};

type EigenesCustomizingProps = {
  /** Features switched on for the tenant: options of switched-off areas are not shown. */
  features: readonly string[];
  /** Changes whenever /api/me was read again (a settings.changed event): the settings are read again. */
  refreshKey: unknown;
  /** The effective settings of /api/me: the booking window is shown from them (administrators set it). */
  effective: Record<string, { value: unknown }>;
  /** Read-only account data shown with the name (user name, employee id, tenant). */
  details: { label: string; value: string }[];
  /** After a save: /api/me applies the new values (language, start page). */
  onSaved: () => void;
  /** The user's name and e-mail address (from /api/me). */
  profil: TProfil;
};

/** /einstellungen: personal data, password, and the personal options with where their value comes from. */
export function EigenesCustomizing({
  features,
  refreshKey,
  details,
  effective,
  onSaved,
  profil,
}: EigenesCustomizingProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'de';
  const query = useEigenesCustomizing();
  const set = useSetEigenesCustomizing(onSaved);
  const queryClient = useQueryClient();
  const isFirst = useRef(true);

  // biome-ignore lint/correctness/useExhaustiveDependencies: re-read when /api/me changed (settings.changed)
  useEffect(() => {
    if (isFirst.current) {
      isFirst.current = false;
      return;
    }
    void queryClient.invalidateQueries({ queryKey: customizingKeys.benutzer, exact: true });
  }, [refreshKey, queryClient]);

  if (query.isPending) return <LoadingState rows={8} />;
  if (query.isError) return <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />;

  const byName = new Map(query.data.optionen.map((o) => [o.name, o]));
  const visible = (o: TEigenerCustomizingEintrag) => {
    // the start page is a choice only when both areas are switched on
    if (o.name === 'Startseite') return features.includes('FahrzeugBuchung') && features.includes('Leseraum');
    return ['Systemeinstellungen', 'Einstellungen'].includes(o.feature) || features.includes(o.feature);
  };

  return (
    <Stack gap="lg" maw={760}>
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="profil-title">
        <Title order={2} fz="lg" mb="sm" id="profil-title">
          {t('settings.personal.title')}
        </Title>
        <ProfilForm profil={profil} details={details} onSaved={onSaved} />
      </Paper>
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="password-title">
        <Title order={2} fz="lg" mb="xs" id="password-title">
          {t('menu.password')}
        </Title>
        <Anchor component={Link} to="/leseraum/passwort" size="sm">
          {t('settings.passwordLink')}
        </Anchor>
      </Paper>
      <DatenauskunftSection />
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="buchungsfenster-title">
        <Title order={2} fz="lg" mb="xs" id="buchungsfenster-title">
          {t('customizing.buchungsfenster.title')}
        </Title>
        <Stack gap={4} component="dl" m={0}>
          {buchungsfenster(effective, features, t).map((line) => (
            <Group key={line.label} gap="xs" wrap="wrap">
              <Text size="sm" component="dt">
                {line.label}:
              </Text>
              <Text size="sm" fw={600} component="dd" m={0}>
                {line.value}
              </Text>
            </Group>
          ))}
        </Stack>
        <Text size="xs" c="dimmed" mt="xs">
          {t('customizing.buchungsfenster.hint')}
        </Text>
      </Paper>
      {SECTIONS.map((section) => {
        const optionen = section.names
          .map((name) => byName.get(name))
          .filter((o): o is TEigenerCustomizingEintrag => o !== undefined && visible(o));
        if (optionen.length === 0) return null;
        return (
          <Paper
            key={section.id}
            withBorder
            p="md"
            radius="md"
            component="section"
            aria-labelledby={`section-${section.id}`}
          >
            <Title order={2} fz="lg" id={`section-${section.id}`}>
              {sectionTitle(section.id, t)}
            </Title>
            {optionen.map((o) => (
              <CustomizingEditor
                key={o.name}
                meta={o}
                label={optionLabel(o, language)}
                description={optionHelp(o, language)}
                current={o.effective}
                readOnly={!o.canEdit}
                canReset={o.value !== null}
                resetLabel={t('customizing.reset')}
                badges={sourceBadge(o, t)}
                hint={
                  <>
                    {o.value === null ? (
                      <Text size="xs" c="dimmed" component="span">
                        {t('customizing.geerbtHint')}
                      </Text>
                    ) : (
                      t('customizing.persoenlichHint', { standard: formatCustomizingValue(o, o.default, t) })
                    )}
                    {ebenenText(o, t) && (
                      <Text size="xs" c="dimmed" component="span" display="block">
                        {ebenenText(o, t)}
                      </Text>
                    )}
                  </>
                }
                onSave={(value) => set.mutateAsync({ name: o.name, value })}
                onReset={() => set.mutateAsync({ name: o.name, value: null })}
              />
            ))}
            {section.id === 'benachrichtigungen' && <PflichtMails language={language} />}
          </Paper>
        );
      })}
    </Stack>
  );
}

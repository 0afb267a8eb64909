import { Badge, Button, Card, Code, Collapse, Group, Stack, Table, Text } from '@mantine/core';
import type { TProtokollEintrag } from '@stellwerk/domain/verwaltung/admin-stammdaten.api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { diffAuditValues } from '../lib/audit-diff';
import { formatDateTime } from '../lib/format-date';

/** The entities and actions the server records (audit writers in apps/server/src/modules). */
export const AUDIT_ENTITIES = [
  'benutzer',
  'benutzer.profil',
  'gruppe',
  'rolle',
  'mandant',
  'mandant.logos',
  'mandant.datenschutz',
  'standort',
  'ausstattung',
  'oeffnungszeit',
  'abweichende_oeffnungszeit',
  'leseraum_buchung',
  'customizing.mandant',
  'customizing.gruppe',
  // security events (decisions 060, 081, 100, 101)
  'benutzer.faktor',
  'benutzer.identitaet',
  'benutzer.anmeldung',
  'benutzer.sitzung',
] as const;
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'import',
  'upload',
  'cancel',
  // security events (decisions 060, 081, 100, 101)
  'faktor_hinzugefuegt',
  'faktor_entfernt',
  'backup_codes_erneuert',
  'faktoren_zuruecksetzen',
  'identitaet_hinzugefuegt',
  'identitaet_entfernt',
  'passwort_gesetzt',
  'passwort_geaendert',
  'passkey_widerrufen',
  'anmeldung_fehlgeschlagen',
  'anmeldung_gedrosselt',
  'sitzung_beendet',
] as const;

/** Readable names of audit entities and actions; unknown values are shown as recorded. */
export const useAuditLabels = () => {
  const { t } = useTranslation();
  const entities: Record<string, string> = {
    benutzer: t('adminProtokoll.entities.benutzer'),
    'benutzer.profil': t('adminProtokoll.entities.benutzerProfil'),
    gruppe: t('adminProtokoll.entities.gruppe'),
    rolle: t('adminProtokoll.entities.rolle'),
    mandant: t('adminProtokoll.entities.mandant'),
    'mandant.logos': t('adminProtokoll.entities.logo'),
    'mandant.datenschutz': t('adminProtokoll.entities.datenschutz'),
    standort: t('adminProtokoll.entities.standort'),
    ausstattung: t('adminProtokoll.entities.ausstattung'),
    oeffnungszeit: t('adminProtokoll.entities.oeffnungszeit'),
    abweichende_oeffnungszeit: t('adminProtokoll.entities.sonderoeffnungszeit'),
    leseraum_buchung: t('adminProtokoll.entities.leseraumBuchung'),
    'customizing.mandant': t('adminProtokoll.entities.einstellungMandant'),
    'customizing.gruppe': t('adminProtokoll.entities.einstellungGruppe'),
    'benutzer.faktor': t('adminProtokoll.entities.benutzerFaktor'),
    'benutzer.identitaet': t('adminProtokoll.entities.benutzerIdentitaet'),
    'benutzer.anmeldung': t('adminProtokoll.entities.benutzerAnmeldung'),
    'benutzer.sitzung': t('adminProtokoll.entities.benutzerSitzung'),
    fahrzeug: t('adminProtokoll.entities.fahrzeug'),
    'fahrzeug.bild': t('adminProtokoll.entities.fahrzeugBild'),
    fahrzeug_aufbewahrung: t('adminProtokoll.entities.fahrzeugAufbewahrung'),
    fahrzeug_buchung_anonymisierung: t('adminProtokoll.entities.fahrzeugBuchungAnonymisierung'),
    fahrzeug_schaden: t('adminProtokoll.entities.fahrzeugSchaden'),
    grundriss_leseraum: t('adminProtokoll.entities.grundrissLeseraum'),
    kalender_abo: t('adminProtokoll.entities.kalenderAbo'),
    kiosk: t('adminProtokoll.entities.kiosk'),
    leseraum: t('adminProtokoll.entities.leseraum'),
    leseraum_buchung_anonymisierung: t('adminProtokoll.entities.leseraumBuchungAnonymisierung'),
    'mandant.administrator': t('adminProtokoll.entities.mandantAdministrator'),
    'mandant.plattform_admin': t('adminProtokoll.entities.mandantPlattformAdmin'),
    'mandant.sso': t('adminProtokoll.entities.mandantSso'),
    'mandant.sso.schluessel': t('adminProtokoll.entities.mandantSsoSchluessel'),
    scim_token: t('adminProtokoll.entities.scimToken'),
    serviceheft_eintrag: t('adminProtokoll.entities.serviceheftEintrag'),
    spind_buchung: t('adminProtokoll.entities.spindBuchung'),
    zugriffstoken: t('adminProtokoll.entities.zugriffstoken'),
    'assistent.werkzeug': t('adminProtokoll.entities.assistentWerkzeug'),
  };
  const actions: Record<string, string> = {
    create: t('adminProtokoll.actions.create'),
    update: t('adminProtokoll.actions.update'),
    delete: t('adminProtokoll.actions.delete'),
    import: t('adminProtokoll.actions.import'),
    upload: t('adminProtokoll.actions.upload'),
    cancel: t('adminProtokoll.actions.cancel'),
    faktor_hinzugefuegt: t('adminProtokoll.actions.faktorHinzugefuegt'),
    faktor_entfernt: t('adminProtokoll.actions.faktorEntfernt'),
    backup_codes_erneuert: t('adminProtokoll.actions.backupCodesErneuert'),
    faktoren_zuruecksetzen: t('adminProtokoll.actions.faktorenZuruecksetzen'),
    identitaet_hinzugefuegt: t('adminProtokoll.actions.identitaetHinzugefuegt'),
    identitaet_entfernt: t('adminProtokoll.actions.identitaetEntfernt'),
    passwort_gesetzt: t('adminProtokoll.actions.passwortGesetzt'),
    passwort_geaendert: t('adminProtokoll.actions.passwortGeaendert'),
    passkey_widerrufen: t('adminProtokoll.actions.passkeyWiderrufen'),
    anmeldung_fehlgeschlagen: t('adminProtokoll.actions.anmeldungFehlgeschlagen'),
    anmeldung_gedrosselt: t('adminProtokoll.actions.anmeldungGedrosselt'),
    sitzung_beendet: t('adminProtokoll.actions.sitzungBeendet'),
    continue: t('adminProtokoll.actions.continue'),
    datenauskunft: t('adminProtokoll.actions.datenauskunft'),
    dsgvo_loeschung: t('adminProtokoll.actions.dsgvoLoeschung'),
    gekoppelt_gebucht: t('adminProtokoll.actions.gekoppeltGebucht'),
    gekoppelt_verschoben: t('adminProtokoll.actions.gekoppeltVerschoben'),
    gekoppelt_storniert: t('adminProtokoll.actions.gekoppeltStorniert'),
    gekoppelt_beendet: t('adminProtokoll.actions.gekoppeltBeendet'),
    geleert: t('adminProtokoll.actions.geleert'),
    geraeumt: t('adminProtokoll.actions.geraeumt'),
    identitaet_verknuepft: t('adminProtokoll.actions.identitaetVerknuepft'),
    link: t('adminProtokoll.actions.link'),
    move: t('adminProtokoll.actions.move'),
    reject: t('adminProtokoll.actions.reject'),
    revoke: t('adminProtokoll.actions.revoke'),
    sprachmodell: t('adminProtokoll.actions.sprachmodell'),
    bestaetigt: t('adminProtokoll.actions.bestaetigt'),
    schloss_fehler: t('adminProtokoll.actions.schlossFehler'),
    schloss_aufgegeben: t('adminProtokoll.actions.schlossAufgegeben'),
    schloss_erneut: t('adminProtokoll.actions.schlossErneut'),
  };
  return {
    entityLabel: (entity: string) => entities[entity] ?? entity,
    actionLabel: (action: string) => actions[action] ?? action,
  };
};

type AuditEntriesProps = {
  items: readonly TProtokollEintrag[];
  /** Filters the log by the entry's user, when the page offers that. */
  onUserClick?: (benutzerId: string) => void;
};

function Changes({ entry }: { entry: TProtokollEintrag }) {
  const { t } = useTranslation();
  const changes = diffAuditValues(entry.oldValue, entry.newValue);
  if (changes.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('adminProtokoll.noChanges')}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={300}>
      <Table fz="xs" verticalSpacing={4} withTableBorder withColumnBorders>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('adminProtokoll.field')}</Table.Th>
            <Table.Th>{t('adminProtokoll.before')}</Table.Th>
            <Table.Th>{t('adminProtokoll.after')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {changes.map((c) => (
            <Table.Tr key={c.field || 'value'}>
              <Table.Td fw={500}>{c.field || t('adminProtokoll.value')}</Table.Td>
              <Table.Td bg={c.before !== null ? 'var(--mantine-color-red-light)' : undefined}>
                {c.before === null ? (
                  '–'
                ) : (
                  <Code
                    block
                    bg="transparent"
                    p={0}
                    style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
                  >
                    {c.before}
                  </Code>
                )}
              </Table.Td>
              <Table.Td bg={c.after !== null ? 'var(--mantine-color-teal-light)' : undefined}>
                {c.after === null ? (
                  '–'
                ) : (
                  <Code
                    block
                    bg="transparent"
                    p={0}
                    style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
                  >
                    {c.after}
                  </Code>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Entry({ entry, onUserClick }: { entry: TProtokollEintrag; onUserClick?: (id: string) => void }) {
  const { t, i18n } = useTranslation();
  const { entityLabel, actionLabel } = useAuditLabels();
  const [open, setOpen] = useState(false);
  const detailsId = `audit-${entry.id}`;
  return (
    <Card withBorder padding="sm" radius="md" component="li">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" align="flex-start">
          <Group gap="xs">
            <Badge
              variant="light"
              color={entry.action === 'delete' ? 'red' : entry.action === 'create' ? 'teal' : 'blue'}
            >
              {actionLabel(entry.action)}
            </Badge>
            <Text size="sm" fw={600}>
              {entityLabel(entry.entity)}
            </Text>
          </Group>
          <Text size="sm" c="dimmed">
            <time dateTime={entry.at}>{formatDateTime(entry.at, i18n.language)}</time>
          </Text>
        </Group>
        <Group gap="xs" justify="space-between">
          <Text size="sm">
            {t('adminProtokoll.by')}{' '}
            {entry.benutzerId && onUserClick ? (
              <Button
                variant="subtle"
                size="compact-sm"
                px={4}
                onClick={() => onUserClick(entry.benutzerId!)}
                title={t('adminProtokoll.filterByUser')}
              >
                {entry.benutzerName ?? entry.benutzerId}
              </Button>
            ) : (
              (entry.benutzerName ?? t('adminProtokoll.system'))
            )}
            {entry.entityId && (
              <Text span size="xs" c="dimmed" ml="xs" style={{ wordBreak: 'break-all' }}>
                {t('adminProtokoll.id')}: {entry.entityId}
              </Text>
            )}
          </Text>
          <Button
            size="compact-sm"
            variant="light"
            onClick={() => setOpen((o) => !o)}
            aria-expanded={open}
            aria-controls={detailsId}
          >
            {open ? t('adminProtokoll.hideChanges') : t('adminProtokoll.showChanges')}
          </Button>
        </Group>
        <Collapse expanded={open} id={detailsId}>
          {open && <Changes entry={entry} />}
        </Collapse>
      </Stack>
    </Card>
  );
}

/** Audit log entries, newest first as the server sends them; each opens a readable diff. */
export function AuditEntries(props: AuditEntriesProps) {
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {props.items.map((entry) => (
        <Entry key={entry.id} entry={entry} onUserClick={props.onUserClick} />
      ))}
    </Stack>
  );
}

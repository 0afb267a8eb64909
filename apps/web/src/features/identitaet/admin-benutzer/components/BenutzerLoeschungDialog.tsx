import { Alert, Badge, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import type { TBenutzerListItem } from '@stellwerk/domain/identitaet/admin-benutzer.api';
import type { TLoeschKategorie } from '@stellwerk/domain/verwaltung/datenschutz/api';
import { loeschPlan } from '@stellwerk/domain/verwaltung/datenschutz/loeschung';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../../lib/error-message';
import { useLoescheBenutzerDsgvo } from '../api/benutzer-api';

const FARBE = { geloescht: 'red', anonymisiert: 'orange', behalten: 'blue' } as const;

/** Per declared category what erasing does (before) or did (after, with counts), and why. */
function Kategorien({ zeilen }: { zeilen: (Omit<TLoeschKategorie, 'anzahl'> & { anzahl?: number })[] }) {
  const { t, i18n } = useTranslation();
  const sprache = i18n.language.startsWith('en') ? 'en' : 'de';
  const mitAnzahl = zeilen.some((z) => z.anzahl !== undefined);
  const art = {
    geloescht: t('adminBenutzer.dsgvo.art.geloescht'),
    anonymisiert: t('adminBenutzer.dsgvo.art.anonymisiert'),
    behalten: t('adminBenutzer.dsgvo.art.behalten'),
  };
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table striped fz="sm" aria-label={t('adminBenutzer.dsgvo.tabelle')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('adminBenutzer.dsgvo.kategorie')}</Table.Th>
            <Table.Th>{t('adminBenutzer.dsgvo.behandlung')}</Table.Th>
            {mitAnzahl ? <Table.Th>{t('adminBenutzer.dsgvo.anzahl')}</Table.Th> : null}
            <Table.Th>{t('adminBenutzer.dsgvo.grund')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {zeilen.map((z) => (
            <Table.Tr key={z.id} data-kategorie={z.id}>
              <Table.Td>{z.titel[sprache]}</Table.Td>
              <Table.Td>
                <Badge color={FARBE[z.behandlung]} variant="light" miw="max-content">
                  {art[z.behandlung]}
                </Badge>
              </Table.Td>
              {mitAnzahl ? <Table.Td>{z.anzahl}</Table.Td> : null}
              <Table.Td>{z.grund[sprache]}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * Erasing a user under the GDPR (decision 235): the dialog first says what will happen per data category (from
 * the declarations), and after the confirmation shows the server's report of what was deleted, anonymised and kept.
 */
export function BenutzerLoeschungDialog({
  user,
  onClose,
}: {
  user: TBenutzerListItem | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const loeschen = useLoescheBenutzerDsgvo();
  const close = () => {
    loeschen.reset();
    onClose();
  };
  const name = user ? `${user.vorname} ${user.nachname}`.trim() || user.email : '';
  const bericht = loeschen.data;

  return (
    <Modal
      opened={user !== null}
      onClose={close}
      size="xl"
      title={bericht ? t('adminBenutzer.dsgvo.berichtTitel') : t('adminBenutzer.dsgvo.titel')}
    >
      {bericht ? (
        <Stack>
          <Alert color="teal" role="status">
            {t('adminBenutzer.dsgvo.fertig', {
              name,
              fahrzeug: bericht.storniert.fahrzeugBuchungen,
              platz: bericht.storniert.platzBuchungen,
              spind: bericht.storniert.spindBuchungen,
            })}
          </Alert>
          <Kategorien zeilen={bericht.kategorien} />
          <Group justify="flex-end">
            <Button onClick={close}>{t('adminBenutzer.dsgvo.schliessen')}</Button>
          </Group>
        </Stack>
      ) : (
        <Stack>
          <Text>{t('adminBenutzer.dsgvo.hinweis', { name, email: user?.email ?? '' })}</Text>
          <Kategorien zeilen={loeschPlan()} />
          {loeschen.error ? (
            <Alert color="red" role="alert">
              {errorMessage(loeschen.error, t, i18n.language)}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('adminBenutzer.cancel')}
            </Button>
            <Button color="red" loading={loeschen.isPending} onClick={() => user && loeschen.mutate(user.id)}>
              {t('adminBenutzer.dsgvo.bestaetigen')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

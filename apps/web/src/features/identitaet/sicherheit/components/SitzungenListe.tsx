import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import type { TSitzung } from '@stellwerk/domain/identitaet/sicherheit/api';
import type { AbmeldeScope } from '@stellwerk/domain/identitaet/sicherheit/sitzung';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { errorMessage } from '../../../../lib/error-message';
import { formatDateTime } from '../../../../lib/format-date';
import { QUERY_ROOTS } from '../../../../lib/query-roots';
import { announceSignOut } from '../../../../lib/session-broadcast';
import { useAbmelden, useBeendeSitzung, useSitzungen } from '../api/sitzungen';
import { SicherheitsKarte } from './SicherheitsKarte';
import { EntfernenKnopf, SicherheitsTabelle } from './SicherheitsTabelle';

/**
 * Personal settings: the user's active sessions (browser, system, last use, this device marked), each other
 * device with its own button to end it (asked first, decision 101), and the three sign-out scopes of spec §7.
 * Signing out this device or everywhere returns to /login (the other tabs too).
 */
export function SitzungenListe() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const sitzungen = useSitzungen();
  const abmelden = useAbmelden();
  const [asking, setAsking] = useState<AbmeldeScope | null>(null);
  const [done, setDone] = useState<number | null>(null);
  const beenden = useBeendeSitzung();
  const [ending, setEnding] = useState<TSitzung | null>(null);
  const [ended, setEnded] = useState<string | null>(null);

  const run = (scope: AbmeldeScope) =>
    abmelden.mutate(scope, {
      onSuccess: (result) => {
        setAsking(null);
        if (scope === 'others') {
          setDone(result.beendet);
          return;
        }
        announceSignOut();
        queryClient.clear();
        queryClient.setQueryData(QUERY_ROOTS.me, null);
        window.location.assign('/login');
      },
    });

  const items = sitzungen.data?.items ?? [];
  const unknown = t('sicherheit.sitzungen.unbekannt');
  const geraetVon = (s: TSitzung) =>
    t('sicherheit.sitzungen.browserAuf', { browser: s.browser ?? unknown, system: s.system ?? unknown });
  const beende = (s: TSitzung) =>
    beenden.mutate(s.id, {
      onSuccess: (result) => {
        setEnding(null);
        if (!result.diesesGeraet) {
          setEnded(geraetVon(s));
          return;
        }
        announceSignOut();
        queryClient.clear();
        queryClient.setQueryData(QUERY_ROOTS.me, null);
        window.location.assign('/login');
      },
    });

  return (
    <SicherheitsKarte
      id="sitzungen-titel"
      titel={t('sicherheit.sitzungen.titel')}
      beschreibung={t('sicherheit.sitzungen.beschreibung')}
      abfrage={sitzungen}
      ladeZeilen={2}
    >
      {done !== null && (
        <Text size="sm" role="status">
          {t('sicherheit.sitzungen.beendet', { anzahl: done })}
        </Text>
      )}
      {ended !== null && (
        <Text size="sm" role="status">
          {t('sicherheit.sitzungen.einzelnBeendet', { geraet: ended })}
        </Text>
      )}
      {items.length > 0 && (
        <SicherheitsTabelle
          label={t('sicherheit.sitzungen.titel')}
          testId="sitzungen"
          spalten={[t('sicherheit.sitzungen.geraet'), t('sicherheit.sitzungen.zuletzt')]}
        >
          {items.map((s) => (
            <Table.Tr key={s.id}>
              <Table.Td>
                <Group gap="xs" wrap="wrap">
                  <Text fw={500}>{geraetVon(s)}</Text>
                  {s.diesesGeraet && (
                    <Badge color="blue" variant="light">
                      {t('sicherheit.sitzungen.diesesGeraet')}
                    </Badge>
                  )}
                </Group>
                <Text size="xs" c="dimmed">
                  {t('sicherheit.sitzungen.angemeldet', {
                    datum: formatDateTime(s.erstellt, i18n.language),
                    adresse: s.ipAddress ?? unknown,
                  })}
                </Text>
              </Table.Td>
              <Table.Td>
                <Stack gap={6} align="flex-start">
                  <Text size="sm">{formatDateTime(s.zuletztAktiv, i18n.language)}</Text>
                  {/* this device signs out with the buttons below the list */}
                  {!s.diesesGeraet && (
                    <EntfernenKnopf
                      onClick={() => {
                        beenden.reset();
                        setEnding(s);
                      }}
                      label={t('sicherheit.sitzungen.beendenVon', {
                        geraet: geraetVon(s),
                        datum: formatDateTime(s.erstellt, i18n.language),
                      })}
                    >
                      {t('sicherheit.sitzungen.beenden')}
                    </EntfernenKnopf>
                  )}
                </Stack>
              </Table.Td>
            </Table.Tr>
          ))}
        </SicherheitsTabelle>
      )}
      {abmelden.error && !asking && <ErrorAlert error={abmelden.error} />}
      <Group gap="xs" wrap="wrap">
        <Button variant="default" onClick={() => run('local')} loading={abmelden.isPending && !asking}>
          {t('sicherheit.sitzungen.lokal')}
        </Button>
        <Button variant="default" onClick={() => setAsking('others')} disabled={items.length < 2}>
          {t('sicherheit.sitzungen.andere')}
        </Button>
        <Button color="red" variant="light" onClick={() => setAsking('global')}>
          {t('sicherheit.sitzungen.global')}
        </Button>
      </Group>
      <ConfirmDialog
        opened={ending !== null}
        title={t('sicherheit.sitzungen.beendenTitel')}
        message={t('sicherheit.sitzungen.beendenHinweis', {
          geraet: ending ? geraetVon(ending) : '',
          adresse: ending?.ipAddress ?? unknown,
        })}
        confirmLabel={t('sicherheit.sitzungen.beenden')}
        cancelLabel={t('sicherheit.abbrechen')}
        loading={beenden.isPending}
        error={beenden.error ? errorMessage(beenden.error, t, i18n.language) : null}
        onConfirm={() => ending && beende(ending)}
        onClose={() => setEnding(null)}
      />
      <ConfirmDialog
        opened={asking !== null}
        title={asking === 'global' ? t('sicherheit.sitzungen.global') : t('sicherheit.sitzungen.andere')}
        message={
          asking === 'global'
            ? t('sicherheit.sitzungen.globalHinweis')
            : t('sicherheit.sitzungen.andereHinweis')
        }
        confirmLabel={
          asking === 'global' ? t('sicherheit.sitzungen.global') : t('sicherheit.sitzungen.andere')
        }
        cancelLabel={t('sicherheit.abbrechen')}
        loading={abmelden.isPending}
        error={abmelden.error ? errorMessage(abmelden.error, t, i18n.language) : null}
        onConfirm={() => asking && run(asking)}
        onClose={() => {
          abmelden.reset();
          setAsking(null);
        }}
      />
    </SicherheitsKarte>
  );
}

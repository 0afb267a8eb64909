import {
  Alert,
  Anchor,
  Box,
  Button,
  Group,
  List,
  Paper,
  Stack,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import type { TAusfuehrenAntwort } from '@stellwerk/domain/assistent/api';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../../lib/error-message';
import { type AssistentAnfrage, useAusfuehren } from '../api/assistent-api';

type Nachricht =
  | { id: number; rolle: 'nutzer'; text: string }
  | { id: number; rolle: 'assistent'; anfrage: AssistentAnfrage; antwort: TAusfuehrenAntwort; offen: boolean }
  | { id: number; rolle: 'fehler'; text: string };

type NeueNachricht =
  | { rolle: 'nutzer'; text: string }
  | { rolle: 'assistent'; anfrage: AssistentAnfrage; antwort: TAusfuehrenAntwort; offen: boolean }
  | { rolle: 'fehler'; text: string };

/** Where a booking is shown: the vehicles' "Meine Buchungen", or the area of the place. */
const ZIEL = {
  fahrzeug: { to: '/fahrzeuge', search: { ansicht: 'buchungen' } },
  leseraum: { to: '/leseraum', search: {} },
  arbeitswelt: { to: '/arbeitswelt', search: {} },
} as const;

/**
 * The assistant's chat (decisions 178, 190, 219): the messages with their role for screen readers (new replies
 * are announced), the input (Enter sends), the assistant's exact reading with "Ja"/"Abbrechen" before any change,
 * the result with a link to the booking, refusals with the rules' alternatives. The panel keeps the conversation;
 * the server keeps none: "Ja" sends the same text and reference time again with `bestaetigt`.
 */
export function AssistentPanel({ onLink }: { onLink?: () => void }) {
  const { t, i18n } = useTranslation();
  const ausfuehren = useAusfuehren();
  const [text, setText] = useState('');
  const [nachrichten, setNachrichten] = useState<Nachricht[]>([]);
  const naechsteId = useRef(1);
  const ende = useRef<HTMLDivElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll after every new message
  useEffect(() => {
    ende.current?.scrollIntoView?.({ block: 'end' });
  }, [nachrichten.length]);

  const neu = (n: NeueNachricht) => {
    const id = naechsteId.current++;
    setNachrichten((liste) => [...liste, { ...n, id } as Nachricht]);
  };
  const schliesse = (id: number) =>
    setNachrichten((liste) =>
      liste.map((n) => (n.id === id && n.rolle === 'assistent' ? { ...n, offen: false } : n)),
    );

  const sende = (anfrage: AssistentAnfrage) =>
    ausfuehren.mutate(anfrage, {
      onSuccess: (antwort) =>
        neu({
          rolle: 'assistent',
          anfrage,
          antwort,
          offen: ['bestaetigen', 'rueckfrage'].includes(antwort.art),
        }),
      onError: (error) => neu({ rolle: 'fehler', text: errorMessage(error, t, i18n.language) }),
    });

  const abschicken = (event: FormEvent) => {
    event.preventDefault();
    const eingabe = text.trim();
    if (!eingabe || ausfuehren.isPending) return;
    neu({ rolle: 'nutzer', text: eingabe });
    setText('');
    // the reference time is fixed with the request, so "Ja" confirms exactly the reading shown
    sende({ text: eingabe, bezug: new Date().toISOString() });
  };

  const bestaetige = (n: Extract<Nachricht, { rolle: 'assistent' }>) => {
    schliesse(n.id);
    const { antwort } = n;
    neu({ rolle: 'nutzer', text: t('assistent.ja') });
    // a tool call of the language model is confirmed as shown (decision 248)
    if (antwort.werkzeug) {
      sende({ ...n.anfrage, bestaetigt: true, werkzeug: antwort.werkzeug });
      return;
    }
    sende({
      ...n.anfrage,
      bestaetigt: true,
      ...(antwort.lesung.absicht === 'fahrzeug_buchen' && antwort.fahrzeuge[0]
        ? { fahrzeugId: antwort.fahrzeuge[0].id }
        : {}),
      ...(antwort.lesung.absicht === 'platz_buchen' && antwort.plaetze[0]
        ? { platzId: antwort.plaetze[0].id }
        : {}),
      ...(antwort.buchungId ? { buchungId: antwort.buchungId } : {}),
    });
  };

  const waehle = (n: Extract<Nachricht, { rolle: 'assistent' }>, buchungId: string, label: string) => {
    schliesse(n.id);
    neu({ rolle: 'nutzer', text: label });
    sende({ ...n.anfrage, buchungId });
  };

  const zeitpunkt = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'de-DE', {
      timeZone: 'Europe/Berlin',
      dateStyle: 'short',
      timeStyle: 'short',
    }).format(new Date(iso));

  const jaText = (antwort: TAusfuehrenAntwort) =>
    antwort.lesung.absicht === 'buchung_stornieren'
      ? t('assistent.jaStornieren')
      : antwort.lesung.absicht === 'einchecken'
        ? t('assistent.jaEinchecken')
        : t('assistent.jaBuchen');

  return (
    <Stack gap="sm" h="100%">
      <Box
        role="log"
        aria-live="polite"
        aria-label={t('assistent.verlauf')}
        style={{ flex: 1, overflowY: 'auto' }}
        data-testid="assistent-verlauf"
      >
        <Stack gap="xs">
          {nachrichten.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('assistent.hinweis')}
            </Text>
          )}
          {nachrichten.map((n) => {
            if (n.rolle === 'nutzer')
              return (
                <Paper key={n.id} p="xs" bg="var(--mantine-color-blue-light)" ml="xl" data-rolle="nutzer">
                  <VisuallyHidden>{t('assistent.rolleNutzer')}: </VisuallyHidden>
                  <Text size="sm">{n.text}</Text>
                </Paper>
              );
            if (n.rolle === 'fehler')
              return (
                <Alert key={n.id} color="red" data-rolle="fehler" title={t('assistent.fehler')}>
                  {n.text}
                </Alert>
              );
            const { antwort } = n;
            const abgelehnt = antwort.art === 'abgelehnt';
            return (
              <Paper key={n.id} p="xs" withBorder mr="xl" data-rolle="assistent" data-art={antwort.art}>
                <VisuallyHidden>{t('assistent.rolleAssistent')}: </VisuallyHidden>
                {antwort.verstanden === 'ersatz' && (
                  <Text size="xs" c="dimmed" mb={4} data-testid="assistent-ersatz">
                    {t('assistent.sprachmodellAusgefallen')}
                  </Text>
                )}
                {abgelehnt ? (
                  <Alert color="red" p="xs">
                    {antwort.zusammenfassung}
                  </Alert>
                ) : (
                  <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                    {antwort.zusammenfassung}
                  </Text>
                )}
                {antwort.art === 'bestaetigen' &&
                  antwort.lesung.absicht === 'fahrzeug_buchen' &&
                  antwort.fahrzeuge[0] && (
                    <Text size="sm" mt={4}>
                      {t('assistent.vorschlag', {
                        was: `${antwort.fahrzeuge[0].bezeichnung} (${antwort.fahrzeuge[0].standort})`,
                      })}
                    </Text>
                  )}
                {abgelehnt && (antwort.fahrzeuge.length > 0 || antwort.plaetze.length > 0) && (
                  <>
                    <Text size="sm" mt={4}>
                      {t('assistent.alternativen')}
                    </Text>
                    <List size="sm">
                      {antwort.fahrzeuge.map((f) => (
                        <List.Item key={f.id}>{`${f.bezeichnung} (${f.standort})`}</List.Item>
                      ))}
                      {antwort.plaetze.map((p) => (
                        <List.Item key={p.id}>{`${p.bezeichnung} (${p.grundriss})`}</List.Item>
                      ))}
                    </List>
                  </>
                )}
                {abgelehnt && antwort.naechsteFreieZeit && (
                  <Group gap="xs" mt={4} data-testid="assistent-naechste-zeit">
                    <Text size="sm">
                      {t('assistent.naechsteFreieZeit', {
                        von: zeitpunkt(antwort.naechsteFreieZeit.von),
                        bis: zeitpunkt(antwort.naechsteFreieZeit.bis),
                        anzahl: antwort.naechsteFreieZeit.fahrzeuge,
                      })}
                    </Text>
                    <Button
                      size="xs"
                      variant="light"
                      disabled={ausfuehren.isPending}
                      onClick={() => {
                        const anfrage = antwort.naechsteFreieZeit!.anfrage;
                        neu({ rolle: 'nutzer', text: anfrage });
                        // a new request, read and shown for confirmation like a typed one (decision 254)
                        sende({ text: anfrage, bezug: new Date().toISOString() });
                      }}
                    >
                      {t('assistent.naechsteFreieZeitBuchen')}
                    </Button>
                  </Group>
                )}
                {antwort.art === 'rueckfrage' && antwort.buchungen.length > 0 && (
                  <Stack gap={4} mt="xs">
                    {antwort.buchungen.map((b) => {
                      const label = `${b.bezeichnung}, ${new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'de-DE', { timeZone: 'Europe/Berlin', dateStyle: 'short', timeStyle: 'short' }).format(new Date(b.von))}`;
                      return (
                        <Button
                          key={b.id}
                          size="xs"
                          variant="light"
                          disabled={!n.offen || ausfuehren.isPending}
                          onClick={() => waehle(n, b.id, label)}
                          styles={{ label: { whiteSpace: 'normal' } }}
                          h="auto"
                          py={4}
                        >
                          {label}
                        </Button>
                      );
                    })}
                  </Stack>
                )}
                {antwort.art === 'bestaetigen' && (
                  <Group gap="xs" mt="xs">
                    <Button
                      size="xs"
                      disabled={!n.offen || ausfuehren.isPending}
                      onClick={() => bestaetige(n)}
                    >
                      {jaText(antwort)}
                    </Button>
                    <Button
                      size="xs"
                      variant="default"
                      disabled={!n.offen || ausfuehren.isPending}
                      onClick={() => {
                        schliesse(n.id);
                        neu({ rolle: 'nutzer', text: t('assistent.abbrechen') });
                      }}
                    >
                      {t('assistent.abbrechen')}
                    </Button>
                  </Group>
                )}
                {antwort.ausgefuehrt && antwort.buchungArt && (
                  <Anchor
                    component={Link}
                    size="sm"
                    to={ZIEL[antwort.buchungArt].to}
                    search={ZIEL[antwort.buchungArt].search as never}
                    onClick={onLink}
                    mt={4}
                    display="inline-block"
                  >
                    {t('assistent.zurBuchung')}
                  </Anchor>
                )}
              </Paper>
            );
          })}
          {ausfuehren.isPending && (
            <Text size="sm" c="dimmed">
              {t('assistent.denkt')}
            </Text>
          )}
          <div ref={ende} />
        </Stack>
      </Box>
      <form onSubmit={abschicken}>
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            label={t('assistent.eingabe')}
            placeholder={t('assistent.beispiel')}
            value={text}
            maxLength={500}
            onChange={(e) => setText(e.currentTarget.value)}
            autoComplete="off"
          />
          <Button type="submit" loading={ausfuehren.isPending}>
            {t('assistent.senden')}
          </Button>
        </Group>
      </form>
    </Stack>
  );
}

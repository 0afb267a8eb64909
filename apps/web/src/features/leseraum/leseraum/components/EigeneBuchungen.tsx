import { Anchor, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import type { Bereich, TLeseraumBuchung } from '@stellwerk/domain/leseraum/leseraum-buchung/api';
import { type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { OfflineStand } from '../../../../components/OfflineStand';
import { type BuchungsSchritt, useBuchungsSchritt, useEigeneBuchungen } from '../api/leseraum-api';
import { countdownText, useNow } from '../hooks/countdown';
import { zeitraumText } from '../hooks/zeitraum-text';
import { useZustandText } from '../hooks/zustand-text';
import { EigenerPlatz } from './EigenerPlatz';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <Text component="h2" fz="sm" fw={700} mb={6}>
        {title}
      </Text>
      {children}
    </section>
  );
}

/** The check-in address of a booking's place, as its QR code carries it (decision 058). */
const checkInPfad = (buchung: TLeseraumBuchung): string =>
  `/${buchung.grundriss.bereich}/karte?${new URLSearchParams({
    grundriss: buchung.grundriss.id,
    platz: buchung.leseraum.id,
    checkin: '1',
  }).toString()}`;

/** One of the user's bookings with its countdown and next steps (sidebar, and the place's dialog). */
export function BuchungKarte({ buchung }: { buchung: TLeseraumBuchung }) {
  const { t, i18n } = useTranslation();
  const zustand = useZustandText();
  const now = useNow();
  const schritt = useBuchungsSchritt();
  const karte = useRef<HTMLDivElement>(null);
  const titelId = useId();
  // after a step the keyboard focus stays with the booking (its button is gone or was disabled while the step
  // ran, and the focus fell to the page): on this card, or where the booking is shown now
  const run = (s: BuchungsSchritt) =>
    schritt.mutate(
      { id: buchung.id, schritt: s },
      {
        onSuccess: () =>
          requestAnimationFrame(() => {
            const ziel = karte.current?.isConnected
              ? karte.current
              : document.querySelector<HTMLElement>(`[data-buchung-id="${buchung.id}"]`);
            ziel?.focus();
          }),
      },
    );
  const [fragen, setFragen] = useState(false);
  const countdown = buchung.countdownBis ? new Date(buchung.countdownBis) : null;
  // a hold and a reservation carry the names of their seat states on the map and in the list
  const statusText: Record<TLeseraumBuchung['status'], string> = {
    vorgemerkt: zustand.zustand('eigene_vormerkung'),
    reserviert: zustand.zustand('eigene_reservierung'),
    aktiv: t('sitzplan.status.aktiv'),
    durchgeführt: t('sitzplan.status.durchgefuehrt'),
    storniert: t('sitzplan.status.storniert'),
    verschlossen: t('sitzplan.status.verschlossen'),
  };
  return (
    <Card
      ref={karte}
      withBorder
      padding="xs"
      radius="sm"
      data-buchung-id={buchung.id}
      tabIndex={-1}
      role="group"
      aria-labelledby={titelId}
    >
      <Group justify="space-between" gap={4} wrap="nowrap">
        <Text size="sm" fw={600} id={titelId}>
          {buchung.leseraum.bezeichnung}
        </Text>
        {/* text colours of at least 4.5:1 on the badge's background (WCAG 1.4.3; the light yellow had 2.68:1) */}
        <Badge
          size="sm"
          variant={buchung.status === 'vorgemerkt' ? 'outline' : 'light'}
          color={
            buchung.status === 'vorgemerkt' ? 'blue.8' : buchung.status === 'reserviert' ? 'blue' : 'gray'
          }
          c={
            buchung.status === 'vorgemerkt' ? 'blue.8' : buchung.status === 'reserviert' ? 'blue.9' : 'dark.6'
          }
          tt="none"
        >
          {statusText[buchung.status]}
        </Badge>
      </Group>
      <Text size="xs" c="dimmed">
        {zeitraumText(buchung, i18n.language)} · {buchung.grundriss.bezeichnung}
      </Text>
      {countdown && countdown > now && (
        <Text size="xs" mt={2} aria-live="off">
          {buchung.status === 'vorgemerkt'
            ? t('sitzplan.countdownBestaetigen', { zeit: countdownText(countdown, now) })
            : buchung.kannEinchecken
              ? t('sitzplan.countdownCheckInEnde', { zeit: countdownText(countdown, now) })
              : t('sitzplan.countdownCheckIn', { zeit: countdownText(countdown, now) })}
        </Text>
      )}
      {buchung.status === 'vorgemerkt' && buchung.bestaetigerMail === null && (
        <Text size="xs" mt={2} c="dimmed">
          {t('sitzplan.wartetAufPersonal')}
        </Text>
      )}
      <Group gap={4} mt={6}>
        {buchung.kannBestaetigen && (
          <Button size="compact-xs" onClick={() => run('bestaetigen')} loading={schritt.isPending}>
            {t('sitzplan.bestaetigen')}
          </Button>
        )}
        {buchung.kannEinchecken && (
          <Button size="compact-xs" color="teal" onClick={() => run('check-in')} loading={schritt.isPending}>
            {t('sitzplan.einchecken')}
          </Button>
        )}
        {buchung.kannStornieren && (
          <Button size="compact-xs" variant="subtle" color="red" onClick={() => setFragen(true)}>
            {t('sitzplan.stornieren')}
          </Button>
        )}
      </Group>
      {buchung.status === 'reserviert' && (
        // the address the place's QR code opens (decision 058): readable offline with the booking (decision 244)
        <Anchor size="xs" href={checkInPfad(buchung)} mt={4} display="block">
          {t('sitzplan.checkInLink')}
        </Anchor>
      )}
      {schritt.error && <ErrorAlert error={schritt.error} />}
      <ConfirmDialog
        opened={fragen}
        title={t('sitzplan.stornoTitel')}
        message={t('sitzplan.stornoFrage', {
          platz: buchung.leseraum.bezeichnung,
          wann: zeitraumText(buchung, i18n.language),
        })}
        confirmLabel={t('sitzplan.stornieren')}
        cancelLabel={t('sitzplan.behalten')}
        color="red"
        loading={schritt.isPending}
        onConfirm={() => {
          setFragen(false);
          run('storno');
        }}
        onClose={() => setFragen(false)}
      />
    </Card>
  );
}

/**
 * The sidebar of the seat-planning area (spec §2): where you sit today, your holds and reservations with
 * their countdown and next steps, and the bookings you have been to.
 */
export function EigeneBuchungen({ bereich }: { bereich: Bereich }) {
  const { t } = useTranslation();
  const now = useNow(60_000);
  const list = useEigeneBuchungen(bereich);
  if (list.isPending)
    return (
      <Text size="sm" c="dimmed">
        {t('common.loading')}
      </Text>
    );
  if (list.error) return <ErrorAlert error={list.error} onRetry={() => void list.refetch()} />;
  const jetzt = list.data.find(
    (b) =>
      (b.status === 'reserviert' || b.status === 'durchgeführt') &&
      new Date(b.von) <= new Date(now.getTime() + 15 * 60_000) &&
      new Date(b.bis) > now,
  );
  const offen = list.data.filter(
    (b) => b !== jetzt && (b.status === 'vorgemerkt' || b.status === 'reserviert'),
  );
  const besucht = list.data.filter((b) => b !== jetzt && b.status === 'durchgeführt');
  const empty = (text: string) => (
    <Text size="sm" c="dimmed">
      {text}
    </Text>
  );
  return (
    <Stack gap="lg">
      <OfflineStand pfad={`/api/leseraum-buchungen?bereich=${bereich}`} />
      <Section title={t('leseraum.sidebar.ownPlace')}>
        <EigenerPlatz bereich={bereich} />
        {jetzt ? <BuchungKarte buchung={jetzt} /> : empty(t('sitzplan.keinPlatzJetzt'))}
      </Section>
      <Section title={t('leseraum.sidebar.reservations')}>
        {offen.length > 0 ? (
          <Stack gap="xs">
            {offen.map((b) => (
              <BuchungKarte key={b.id} buchung={b} />
            ))}
          </Stack>
        ) : (
          empty(t('sitzplan.keineVormerkungen'))
        )}
      </Section>
      <Section title={t('leseraum.sidebar.bookings')}>
        {besucht.length > 0 ? (
          <Stack gap="xs">
            {besucht.map((b) => (
              <BuchungKarte key={b.id} buchung={b} />
            ))}
          </Stack>
        ) : (
          empty(t('sitzplan.keineBuchungen'))
        )}
      </Section>
    </Stack>
  );
}

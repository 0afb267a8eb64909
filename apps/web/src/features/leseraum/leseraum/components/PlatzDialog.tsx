import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  List,
  Modal,
  NumberInput,
  SegmentedControl,
  Stack,
  Text,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type {
  Bereich,
  TBelegung,
  TLeseraumBuchungInput,
  TPlatzBelegung,
} from '@stellwerk/domain/leseraum/leseraum-buchung/api';
import { buchungsAngebot } from '@stellwerk/domain/leseraum/leseraum-buchung/buchbarkeit';
import { SPIND_GROESSEN, type SpindGroesse } from '@stellwerk/domain/leseraum/spind/regeln';
import { TIME_ZONE } from '@stellwerk/domain/time';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { ApiError } from '../../../../lib/api-client';
import { SymbolIcon } from '../../../../components/PlatzSymbol';
import { useCreateBuchung, useEigeneBuchungen } from '../api/leseraum-api';
import type { PlatzAuswahl } from '../hooks/platz-suche';
import { useSperrgrundText } from '../hooks/sperrgrund-text';
import { useZustandText } from '../hooks/zustand-text';
import { BuchungKarte } from './EigeneBuchungen';
import { LieblingsStern } from './LieblingsStern';

const timeOf = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'de-DE', {
    timeZone: TIME_ZONE,
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));

const dayOf = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'de-DE', {
    timeZone: TIME_ZONE,
    weekday: 'short',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date(iso));

type BuchungsAnfrage = TLeseraumBuchungInput;

/** The place a refusal offers instead (`leseraum_buchung.belegt_angebot`, decision 261), or null. */
const angebotAus = (error: unknown): { id: string; bezeichnung: string } | null => {
  if (!(error instanceof ApiError) || error.code !== 'leseraum_buchung.belegt_angebot') return null;
  const { platzId, platz } = error.params;
  return typeof platzId === 'string' && typeof platz === 'string'
    ? { id: platzId, bezeichnung: platz }
    : null;
};

/**
 * The booking dialog of a place (spec §2 'booking' modal): what the place offers, what is booked on the
 * day, the chosen period, the group size for rooms, "Spind dazubuchen" where the tenant offers office lockers
 * (decision 216), and "Vormerken". The server checks every rule; its message is shown here when one refuses.
 */
export function PlatzDialog({
  bereich,
  platz,
  belegung,
  auswahl,
  lieblinge,
  spindGroesse = null,
  onClose,
}: {
  bereich: Bereich;
  platz: TPlatzBelegung | null;
  belegung: TBelegung | undefined;
  auswahl: PlatzAuswahl;
  lieblinge: readonly string[];
  /** The preselected locker size (the user's SpindGroesse) while lockers are offered; null: no locker option. */
  spindGroesse?: SpindGroesse | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const text = useZustandText();
  const sperrgrundText = useSperrgrundText();
  const create = useCreateBuchung();
  // the user's open bookings of this place with their next steps: a place's QR code (decision 058) opens this
  // dialog, where the booker confirms or checks in
  const eigene = useEigeneBuchungen(bereich);
  const eigeneHier = (eigene.data ?? []).filter(
    (b) =>
      b.leseraum.id === platz?.id &&
      (b.status === 'vorgemerkt' ||
        b.status === 'reserviert' ||
        (b.status === 'durchgeführt' && new Date(b.bis) > new Date())),
  );
  const [gruppe, setGruppe] = useState<number | string>(1);
  const [mitSpind, setMitSpind] = useState(false);
  const [groesse, setGroesse] = useState<SpindGroesse | null>(null);
  const [letzteAnfrage, setLetzteAnfrage] = useState<BuchungsAnfrage | null>(null);
  const spindWahl = groesse ?? spindGroesse ?? 'M';
  const zeitraum = belegung?.zeitraum;
  // what the place offers (R362): the chosen period, or, when part of it is taken, its free hours instead
  const angebot =
    platz && belegung && (platz.zustand === 'frei' || platz.zustand === 'stundenweise_belegt')
      ? buchungsAngebot({
          modus: auswahl.modus,
          sperrgrund: belegung.sperrgrund,
          zeitraum: zeitraum ? { von: new Date(zeitraum.von), bis: new Date(zeitraum.bis) } : null,
          belegungen: platz.zeiten.map((z) => ({
            von: new Date(z.von),
            bis: new Date(z.bis),
            status: z.status,
          })),
          now: new Date(),
          mindestMinuten: belegung.minimaleBuchungslaenge,
        })
      : ({ art: 'keins' } as const);
  const buchbar = angebot.art === 'zeitraum';

  const close = () => {
    create.reset();
    setGruppe(1);
    setMitSpind(false);
    setGroesse(null);
    onClose();
  };

  /** Holds the chosen period, or (`stunden`) one of the free periods of a partly taken place. */
  const submit = (stunden?: { von: Date; bis: Date }) => {
    if (!platz || !zeitraum) return;
    const gruppengroesse = typeof gruppe === 'number' ? gruppe : 1;
    const spind = spindGroesse !== null && mitSpind ? { spind: spindWahl } : {};
    const basis = stunden
      ? {
          modus: 'stuendlich' as const,
          leseraumId: platz.id,
          von: stunden.von.toISOString(),
          bis: stunden.bis.toISOString(),
          gruppengroesse,
        }
      : auswahl.modus === 'ganztags'
        ? {
            modus: 'ganztags' as const,
            leseraumId: platz.id,
            tag: auswahl.tag,
            tageszeit: auswahl.tageszeit,
            gruppengroesse,
          }
        : {
            modus: 'stuendlich' as const,
            leseraumId: platz.id,
            von: zeitraum.von,
            bis: zeitraum.bis,
            gruppengroesse,
          };
    sende({ ...basis, ...spind });
  };

  /** Sends a hold; remembered, so that a refusal offering another place (decision 261) can be taken at once. */
  const sende = (anfrage: BuchungsAnfrage) => {
    setLetzteAnfrage(anfrage);
    create.mutate(anfrage, {
      onSuccess: (buchung) => {
        const vorgemerkt =
          buchung.bestaetigerMail === null
            ? t('sitzplan.vorgemerktPersonal', { platz: buchung.leseraum.bezeichnung })
            : t('sitzplan.vorgemerktSelbst', {
                platz: buchung.leseraum.bezeichnung,
                frist: timeOf(buchung.von, i18n.language),
              });
        notifications.show({
          color: 'teal',
          // the close button of the notice has a name (axe button-name)
          closeButtonProps: { 'aria-label': t('common.close') },
          title: t('sitzplan.vorgemerktTitel'),
          message: buchung.spind
            ? `${vorgemerkt} ${t('sitzplan.spindGebucht', { nummer: buchung.spind.nummer, bank: buchung.spind.bank })}`
            : vorgemerkt,
        });
        close();
      },
    });
  };
  // The place was taken meanwhile and the server offers the nearest free one of the room for the same period.
  const angebotenerPlatz = angebotAus(create.error);

  return (
    <Modal
      opened={platz !== null}
      onClose={close}
      title={platz?.bezeichnung ?? ''}
      size="md"
      closeButtonProps={{ 'aria-label': t('common.close') }}
      // The page behind still does not scroll (wheel and touch are held), but its scroll bar is not hidden:
      // hiding it sets a custom property on <body>, and that made the browser restyle every element of the
      // page, the 1,000 places of the plan among them, in the frame that shows the dialog.
      removeScrollProps={{ removeScrollBar: false }}
      // Shown at once: with a fade the dialog's content was first rendered in the next animation frame, so a
      // click on the plan was answered a frame later (a click answers within 200 ms of the data).
      transitionProps={{ duration: 0 }}
    >
      {platz && (
        <Stack gap="sm">
          <Group gap="xs">
            <LieblingsStern art="platz" id={platz.id} name={platz.bezeichnung} lieblinge={lieblinge} />
            <SymbolIcon zustand={platz.zustand} />
            <Text size="sm">{text.zustand(platz.zustand)}</Text>
            {platz.marker.map((m) => (
              <Badge key={m} variant="light" color={m === 'ersthelfer' ? 'green' : 'red'} tt="none">
                {text.marker(m)}
              </Badge>
            ))}
          </Group>
          {platz.kapazitaet > 1 && (
            <Text size="sm">{t('sitzplan.plaetze', { count: platz.kapazitaet })}</Text>
          )}
          {/* what the place offers and the conditions of its use (spec §3 leseraum) */}
          {platz.beschreibung && <Text size="sm">{platz.beschreibung}</Text>}
          {platz.bedingungen && (
            <section aria-label={t('sitzplan.bedingungen')}>
              <Text size="sm" fw={600}>
                {t('sitzplan.bedingungen')}
              </Text>
              <Text size="sm">{platz.bedingungen}</Text>
            </section>
          )}
          {platz.ausstattung.length > 0 && (
            <Group gap={4}>
              {platz.ausstattung.map((a) => (
                <Badge key={a.id} variant="light" color="gray" tt="none">
                  {a.anzahl > 1 ? `${a.anzahl} × ${a.name}` : a.name}
                </Badge>
              ))}
            </Group>
          )}
          {eigeneHier.length > 0 && (
            <section aria-label={t('sitzplan.eigeneHier')}>
              <Text size="sm" fw={600} mb={4}>
                {t('sitzplan.eigeneHier')}
              </Text>
              <Stack gap="xs">
                {eigeneHier.map((b) => (
                  <BuchungKarte key={b.id} buchung={b} />
                ))}
              </Stack>
            </section>
          )}
          {platz.zeiten.length > 0 && (
            <div>
              <Text size="sm" fw={600}>
                {t('sitzplan.gebuchteZeiten')}
              </Text>
              <List size="sm">
                {platz.zeiten.map((z) => (
                  <List.Item key={`${z.von}-${z.bis}`}>
                    {timeOf(z.von, i18n.language)}–{timeOf(z.bis, i18n.language)}
                    {z.status === 'vorgemerkt' ? ` (${text.zustand('vorgemerkt')})` : ''}
                  </List.Item>
                ))}
              </List>
            </div>
          )}
          {belegung?.sperrgrund ? (
            <Alert color="gray" data-testid="tag-gesperrt">
              {sperrgrundText(belegung.sperrgrund, belegung.letzterTag)}
            </Alert>
          ) : zeitraum ? (
            <Text size="sm">
              {t('sitzplan.zeitraum', {
                tag: dayOf(zeitraum.von, i18n.language),
                von: timeOf(zeitraum.von, i18n.language),
                bis: timeOf(zeitraum.bis, i18n.language),
              })}
            </Text>
          ) : (
            <Alert color="gray">{t('sitzplan.nichtsMehrBuchbar')}</Alert>
          )}
          {angebot.art === 'freie_zeiten' && (
            <section aria-label={t('buchbarkeit.freieZeiten')}>
              <Text size="sm" fw={600}>
                {t('buchbarkeit.freieZeiten')}
              </Text>
              <Text size="sm" c="dimmed" mb={4}>
                {t('buchbarkeit.nichtGanztags')}
              </Text>
              <Stack gap={4}>
                {angebot.zeiten.map((z) => {
                  const zeit = `${timeOf(z.von.toISOString(), i18n.language)}–${timeOf(z.bis.toISOString(), i18n.language)}`;
                  return (
                    <Group key={z.von.toISOString()} justify="space-between" gap="xs">
                      <Text size="sm">{zeit}</Text>
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() => submit(z)}
                        loading={create.isPending}
                        aria-label={t('buchbarkeit.stundenVormerken', { zeit })}
                      >
                        {t('sitzplan.vormerken')}
                      </Button>
                    </Group>
                  );
                })}
              </Stack>
            </section>
          )}
          {angebot.art !== 'keins' && platz.kapazitaet > 1 && (
            <NumberInput
              label={t('sitzplan.gruppengroesse')}
              description={t('sitzplan.gruppengroesseHilfe', { max: platz.kapazitaet })}
              min={1}
              max={platz.kapazitaet}
              allowDecimal={false}
              value={gruppe}
              onChange={setGruppe}
            />
          )}
          {angebot.art !== 'keins' && spindGroesse !== null && (
            <Stack gap={4}>
              <Checkbox
                label={t('sitzplan.spindDazubuchen')}
                checked={mitSpind}
                onChange={(e) => setMitSpind(e.currentTarget.checked)}
              />
              {mitSpind && (
                <SegmentedControl
                  aria-label={t('sitzplan.spindGroesse')}
                  size="xs"
                  data={SPIND_GROESSEN.map((g) => ({ value: g, label: g }))}
                  value={spindWahl}
                  onChange={(v) => setGroesse(v as SpindGroesse)}
                />
              )}
            </Stack>
          )}
          {create.error && <ErrorAlert error={create.error} />}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close}>
              {t('sitzplan.abbrechen')}
            </Button>
            {angebotenerPlatz && letzteAnfrage && (
              <Button
                onClick={() => sende({ ...letzteAnfrage, leseraumId: angebotenerPlatz.id })}
                loading={create.isPending}
              >
                {t('sitzplan.angebotVormerken', { platz: angebotenerPlatz.bezeichnung })}
              </Button>
            )}
            {/* the place turned out taken: its own button would only be refused again */}
            {buchbar && !angebotenerPlatz && (
              <Button onClick={() => submit()} loading={create.isPending}>
                {t('sitzplan.vormerken')}
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

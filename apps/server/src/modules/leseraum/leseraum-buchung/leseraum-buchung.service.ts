/**
 * Reading-room and workspace bookings (issue 9): plans of an area, a plan's occupancy for a day, and the
 * booking steps of spec §4. Every step authorises first, then runs the domain rules inside one tenant
 * transaction after locking the place (or the booking); the exclusion constraint is the last line.
 */

import type { TBetroffeneBuchung } from '@stellwerk/domain/admin-stammdaten.api';
import { arraySetting, numberSetting, stringSetting } from '@stellwerk/domain/customizing';
import { DomainError, toDomainError } from '@stellwerk/domain/errors';
import { publikumFuer } from '@stellwerk/domain/events';
import type { FeatureSwitches } from '@stellwerk/domain/features';
import { type Language, parseLanguage } from '@stellwerk/domain/language';
import type {
  Bereich,
  TBelegung,
  TBelegungQuery,
  TGrundrissKurz,
  TLeseraumAblehnungInput,
  TLeseraumBuchung,
  TLeseraumBuchungAenderung,
  TLeseraumBuchungInput,
  TLeseraumStornoInput,
  TLieblingsPlatz,
  TMailErneutAntwort,
  TMailErneutInput,
} from '@stellwerk/domain/leseraum-buchung/api';
import { platzZustand } from '@stellwerk/domain/leseraum-buchung/belegung';
import { platzMarkerVon, zustandMitEigentuemer } from '@stellwerk/domain/leseraum-buchung/helfer';
import { letzterBuchbarerTag, tagSperrgrund } from '@stellwerk/domain/leseraum-buchung/buchbarkeit';
import {
  deaktivierungsStorno,
  vonDeaktivierungBetroffen,
} from '@stellwerk/domain/leseraum-buchung/deaktivierung';
import {
  bestaetigerFuerNeueBuchung,
  checkInFenster,
  countdownZiel,
  type LeseraumAkteur,
  type LeseraumVerfallGrund,
  leseraumAkteur,
  leseraumBestaetigungVerstoss,
  leseraumAblehnungVerstoss,
  leseraumCheckInVerstoss,
  leseraumStornoVerstoss,
  leseraumVerfall,
  personalGrundVerstoss,
} from '@stellwerk/domain/leseraum-buchung/machine';
import {
  leseraumErinnerungFaellig,
  leseraumMailErneutVerstoss,
  leseraumMailFuer,
} from '@stellwerk/domain/leseraum-buchung/mail';
import { leseraumBuchungAbilities } from '@stellwerk/domain/leseraum-buchung/policy';
import {
  buchungsWoche,
  ganztagsZeitraum,
  leseraumBuchungVerstoss,
  zeitraumDerAnfrage,
} from '@stellwerk/domain/leseraum-buchung/rules';
import { leseraumRegelnAus } from '@stellwerk/domain/leseraum-buchung/settings';
import {
  type AbweichendeOeffnung,
  oeffnungszeitAm,
  type Wochenoeffnung,
} from '@stellwerk/domain/oeffnungszeiten';
import { isOeffnungszeitStatus } from '@stellwerk/domain/status';
import {
  addCalendarDays,
  berlinDateKey,
  berlinInstant,
  formatDateDE,
  formatTimeDE,
  isValidTime,
} from '@stellwerk/domain/time';
import type { Database, Tx } from '../../../db/client.ts';
import { SQLSTATE, sqlStateOf } from '../../../db/errors.ts';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import { aktiveInhaber } from '../../identitaet/auth/auth.inhaber.ts';
import {
  loadEffectiveSettings,
  loadFeatureSwitches,
} from '../../verwaltung/customizing/customizing.service.ts';
import { publishEvent } from '../../plattform/events/events.service.ts';
import type { LeseraumMailArt } from '../../plattform/mail/mail.leseraum-templates.ts';
import { enqueueMail } from '../../plattform/mail/mail.service.ts';
import {
  type BuchungRow,
  betrifftArbeitswelt,
  countBuchungenDesBuchenden,
  findAktiveGrundrisse,
  findAusstattungDerPlaetze,
  findBelegungen,
  findBelegungenDesPlatzes,
  findBenutzerIdByMail,
  findBuchung,
  findEigeneBuchungen,
  findEigenerPlatz,
  findGrundriss,
  findHelfer,
  findOeffnung,
  findOffeneBuchungenBis,
  findOffeneBuchungenDerPlaetze,
  findOhneErinnerung,
  findPersonenMitMail,
  findPlaetze,
  findPlaetzeMitPlan,
  findWartendeVormerkungen,
  insertBuchung,
  lockBuchung,
  lockPlatz,
  type PlanRow,
  updateBuchung,
} from './leseraum-buchung.repository.ts';

export type LeseraumDeps = { database: Pick<Database, 'withTenant'>; now: () => Date; publicUrl: string };

const isBereich = (s: string): s is Bereich => s === 'leseraum' || s === 'arbeitswelt';
const bereichOf = (s: string): Bereich => (isBereich(s) ? s : 'leseraum');

/**
 * The reading room needs the tenant's Leseraum switch; the workspace is always open (spec §1: the feature
 * check for Arbeitswelt always grants access). A switched-off area answers 404, like a page that is not there.
 */
const assertBereichOffen = (features: FeatureSwitches, bereich: Bereich) => {
  if (bereich === 'leseraum' && !features.Leseraum) throw new DomainError('not_found');
};

const istPersonal = (user: SessionUser) => user.permissions.has('buchung_pflege');

/**
 * Tells, on commit, the booker's and the staff's open pages that this booking changed, and every other page of
 * the tenant that its plan's occupancy did (decision 115).
 */
const meldeBuchung = (
  tx: Tx,
  mandantId: string,
  row: Pick<BuchungRow, 'id' | 'grundrissId' | 'buchenderId'>,
) =>
  publishEvent(
    tx,
    mandantId,
    { type: 'leseraum_buchung', id: row.id, grundrissId: row.grundrissId },
    { an: publikumFuer('leseraum_buchung', [row.buchenderId]) },
  );

const toOeffnung = (rows: Awaited<ReturnType<typeof findOeffnung>>) => {
  const weekly: Wochenoeffnung[] = rows.weekly;
  const specials: AbweichendeOeffnung[] = rows.specials.flatMap((s) =>
    isOeffnungszeitStatus(s.status) ? [{ ...s, status: s.status }] : [],
  );
  return { weekly, specials };
};

const toGrundrissKurz = (p: PlanRow): TGrundrissKurz => ({
  id: p.id,
  bezeichnung: p.bezeichnung,
  beschreibung: p.beschreibung,
  standort: p.standortId && p.standortName !== null ? { id: p.standortId, name: p.standortName } : null,
  bereich: bereichOf(p.bereich),
  planUrl: p.dateiId ? `/api/dateien/${p.dateiId}` : null,
});

/** Groups rows by a key (Map.groupBy needs Node 21; the machines run Node 20). */
const groupBy = <T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> => {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
};

const zeitText = (von: Date, bis: Date) => `${formatTimeDE(von)}–${formatTimeDE(bis)}`;

const toApi = (row: BuchungRow, user: SessionUser, now: Date): TLeseraumBuchung => {
  const abilities = leseraumBuchungAbilities({
    buchung: row,
    userMail: user.email,
    istPersonal: istPersonal(user),
    now,
  });
  const countdown = countdownZiel({ status: row.status, von: row.von, now });
  return {
    id: row.id,
    von: row.von.toISOString(),
    bis: row.bis.toISOString(),
    status: row.status,
    gruppengroesse: row.gruppengroesse,
    leseraum: { id: row.leseraumId, bezeichnung: row.leseraumBezeichnung, kapazitaet: row.kapazitaet },
    grundriss: {
      id: row.grundrissId,
      bezeichnung: row.grundrissBezeichnung,
      bereich: bereichOf(row.bereich),
    },
    buchenderMail: row.buchenderMail,
    bestaetigerMail: row.bestaetigerMail,
    kannBestaetigen: abilities.kannBestaetigen,
    kannStornieren: abilities.kannStornieren,
    kannEinchecken: abilities.kannEinchecken,
    kannAendern: abilities.kannAendern,
    countdownBis: countdown ? countdown.toISOString() : null,
  };
};

// --- mails --------------------------------------------------------------------------------------------

type StornoGrund = LeseraumVerfallGrund | 'personal' | 'abgelehnt' | 'schliessung';

const GRUENDE: Record<StornoGrund, Record<Language, string>> = {
  frist_abgelaufen: {
    de: 'Die Vormerkung wurde nicht bis zum Beginn bestätigt.',
    en: 'The hold was not confirmed before the start.',
  },
  nicht_eingecheckt: {
    de: 'Es wurde nicht bis 15 Minuten nach Beginn eingecheckt.',
    en: 'Nobody checked in by 15 minutes after the start.',
  },
  personal: { de: 'Storniert durch das Buchungspersonal.', en: 'Cancelled by booking staff.' },
  abgelehnt: {
    de: 'Die Vormerkung wurde vom Buchungspersonal abgelehnt.',
    en: 'Booking staff declined the hold.',
  },
  schliessung: {
    de: 'Der Bereich ist in diesem Zeitraum geschlossen.',
    en: 'The area is closed during this period.',
  },
};

/** The reason line of a cancellation mail; a closing's own description (a special time's) follows it. */
const grundText = (grund: StornoGrund, language: Language, zusatz?: string) => {
  const text = GRUENDE[grund][language];
  const worte = zusatz?.replace(/[.\s]+$/, '');
  return worte ? `${text.slice(0, -1)} (${worte}).` : text;
};

const languageOfMail = async (tx: Tx, mail: string): Promise<Language> => {
  const benutzerId = await findBenutzerIdByMail(tx, mail);
  return benutzerId
    ? parseLanguage(stringSetting(await loadEffectiveSettings(tx, benutzerId), 'Sprache'))
    : 'de';
};

const sendMail = async (
  tx: Tx,
  deps: Pick<LeseraumDeps, 'publicUrl' | 'now'>,
  mandantId: string,
  row: Pick<
    BuchungRow,
    'von' | 'bis' | 'buchenderMail' | 'leseraumBezeichnung' | 'grundrissBezeichnung' | 'bereich'
  >,
  typ: LeseraumMailArt,
  extra: {
    bestaetigungDurchPersonal?: boolean;
    alt?: { von: Date; bis: Date };
    grund?: StornoGrund;
    /** Words added to the reason (a closing special time's description). */
    grundZusatz?: string;
    /** Another recipient than the booker (POST /api/mail to the confirmer). */
    to?: string;
    /** A mail the user asked for again (POST /api/mail): sent whatever the switches say (decision 116). */
    ausdruecklich?: boolean;
    /** bestaetigung_anfrage: who holds the place. */
    buchender?: string;
  } = {},
): Promise<string | null> => {
  const to = extra.to ?? row.buchenderMail;
  const language = await languageOfMail(tx, to);
  const fenster = checkInFenster(row.von);
  return enqueueMail(
    tx,
    {
      mandantId,
      to,
      template: 'leseraum_buchung',
      language,
      params: {
        typ,
        platz: row.leseraumBezeichnung,
        grundriss: row.grundrissBezeichnung,
        datum: formatDateDE(row.von),
        zeit: zeitText(row.von, row.bis),
        url: `${deps.publicUrl}/${bereichOf(row.bereich) === 'arbeitswelt' ? 'arbeitswelt' : 'leseraum'}/${typ === 'bestaetigung_anfrage' ? 'bestaetigungen' : 'liste'}`,
        buchender: extra.buchender,
        bestaetigung:
          typ === 'useMailVormerkung' ||
          typ === 'bestaetigung_anfrage' ||
          (typ === 'erinnerung' && extra.bestaetigungDurchPersonal !== undefined)
            ? { durch: extra.bestaetigungDurchPersonal ? 'personal' : 'selbst', frist: formatTimeDE(row.von) }
            : undefined,
        checkIn:
          typ === 'useMailBuchungBestaetigt' ||
          (typ === 'erinnerung' && extra.bestaetigungDurchPersonal === undefined)
            ? { von: formatTimeDE(fenster.beginn), bis: formatTimeDE(fenster.ende) }
            : undefined,
        alt: extra.alt
          ? { datum: formatDateDE(extra.alt.von), zeit: zeitText(extra.alt.von, extra.alt.bis) }
          : undefined,
        grund: extra.grund ? grundText(extra.grund, language, extra.grundZusatz) : undefined,
      },
    },
    deps.now(),
    { ausdruecklich: extra.ausdruecklich },
  );
};

/**
 * Whether a request names the workspace (decision 126): its area, or the id of a workspace plan, place or booking.
 * Asked only when the reading room is switched off and the request's input was refused, so that the workspace's
 * own input errors stay what they are.
 */
export const betrifftArbeitsweltAnfrage = async (
  database: Pick<Database, 'withTenant'>,
  user: SessionUser,
  anfrage: { bereich: unknown[]; ids: string[] },
): Promise<boolean> => {
  if (anfrage.bereich.includes('arbeitswelt')) return true;
  return database.withTenant(user.mandantId, (tx) => betrifftArbeitswelt(tx, anfrage.ids));
};

// --- reading --------------------------------------------------------------------------------------------

/** GET /api/grundrisse?bereich=…: the active plans of an area (spec §7: with location, ordered by id). */
export const listGrundrisse = async (deps: LeseraumDeps, user: SessionUser, bereich: Bereich) =>
  deps.database.withTenant(user.mandantId, async (tx) => {
    assertBereichOffen(await loadFeatureSwitches(tx), bereich);
    return (await findAktiveGrundrisse(tx, bereich)).map(toGrundrissKurz);
  });

/** The chosen period of a day for the occupancy view, or null when nothing of it can be booked. */
const gewaehlterZeitraum = (
  query: TBelegungQuery,
  oeffnung: { weekly: Wochenoeffnung[]; specials: AbweichendeOeffnung[] },
  now: Date,
) => {
  if (query.modus === 'ganztags')
    return ganztagsZeitraum({ day: query.tag, tageszeit: query.tageszeit, ...oeffnung, now });
  const von = query.von ?? '09:00';
  const bis = query.bis ?? '18:00';
  if (!isValidTime(von) || !isValidTime(bis)) throw new DomainError('zeit.ungueltig');
  const period = { von: berlinInstant(query.tag, von), bis: berlinInstant(query.tag, bis) };
  return period.von < period.bis ? period : null;
};

/**
 * GET /api/grundrisse/{id}/belegung: every place of the plan with its state for the chosen period of a day
 * (spec §2 seat states), its description and conditions, markers, equipment and the day's booked times (not who
 * booked them).
 */
export const getBelegung = async (
  deps: LeseraumDeps,
  user: SessionUser,
  grundrissId: string,
  query: TBelegungQuery,
): Promise<TBelegung> =>
  deps.database.withTenant(user.mandantId, async (tx) => {
    const plan = await findGrundriss(tx, grundrissId);
    if (!plan) throw new DomainError('not_found');
    assertBereichOffen(await loadFeatureSwitches(tx), bereichOf(plan.bereich));
    const now = deps.now();
    const oeffnung = toOeffnung(await findOeffnung(tx, grundrissId, query.tag, query.tag));
    const hours = oeffnungszeitAm({ day: query.tag, ...oeffnung });
    const dayStart = berlinInstant(query.tag, '00:00');
    const dayEnd = berlinInstant(addCalendarDays(query.tag, 1), '00:00');
    const tag = hours
      ? { von: berlinInstant(query.tag, hours.von), bis: berlinInstant(query.tag, hours.bis) }
      : { von: dayStart, bis: dayEnd };
    const regeln = leseraumRegelnAus(await loadEffectiveSettings(tx, user.benutzerId));
    // a day nobody may book shows every place as not bookable, with the reason (R186)
    const sperrgrund = tagSperrgrund({ day: query.tag, now, regeln, ...oeffnung });
    const zeitraum = sperrgrund ? null : gewaehlterZeitraum(query, oeffnung, now);
    const plaetze = await findPlaetze(tx, grundrissId);
    const ausstattung = await findAusstattungDerPlaetze(tx, grundrissId);
    const belegungen = await findBelegungen(tx, { grundrissId, from: dayStart, to: dayEnd });
    const byPlatz = groupBy(belegungen, (b) => b.leseraumId);
    // helpers are people (decision 138): the places they hold or use that day, and their own place, are marked
    const helfer = await findHelfer(tx);
    const helferById = new Map(helfer.map((h) => [h.id, h]));
    const helferByMail = new Map(helfer.map((h) => [h.email.toLowerCase(), h]));
    const ausstattungByPlatz = groupBy(ausstattung, (a) => a.leseraumId);
    return {
      grundriss: toGrundrissKurz(plan),
      tag: query.tag,
      oeffnung: hours,
      zeitraum: zeitraum ? { von: zeitraum.von.toISOString(), bis: zeitraum.bis.toISOString() } : null,
      sperrgrund,
      letzterTag: letzterBuchbarerTag({ now, vorausbuchbareTage: regeln.vorausbuchbareTage }),
      minimaleBuchungslaenge: regeln.minimaleBuchungslaenge,
      plaetze: plaetze.map((p) => {
        const buchungen = byPlatz.get(p.id) ?? [];
        const personen = [
          ...(p.eigentuemerId ? [helferById.get(p.eigentuemerId)] : []),
          ...buchungen.map((b) =>
            b.buchenderMail ? helferByMail.get(b.buchenderMail.toLowerCase()) : undefined,
          ),
        ].filter((h) => h !== undefined);
        const marker = platzMarkerVon({ platz: p, personen });
        return {
          id: p.id,
          bezeichnung: p.bezeichnung,
          kapazitaet: p.kapazitaet,
          position: p.position,
          beschreibung: p.beschreibung,
          bedingungen: p.bedingungen,
          zustand: zustandMitEigentuemer({
            zustand: platzZustand({
              aktiv: p.aktiv && plan.aktiv,
              tagGeoeffnet: hours !== null && sperrgrund === null,
              zeitraum: zeitraum ?? tag,
              tag,
              buchungen,
              userMail: user.email,
            }),
            eigentuemerId: p.eigentuemerId,
            benutzerId: user.benutzerId,
          }),
          marker,
          ausstattung: (ausstattungByPlatz.get(p.id) ?? []).map((a) => ({
            id: a.id,
            name: a.name,
            anzahl: a.anzahl,
          })),
          zeiten: buchungen.map((b) => ({
            von: b.von.toISOString(),
            bis: b.bis.toISOString(),
            status: b.status,
          })),
        };
      }),
    };
  });

/** GET /api/leseraum-buchungen?bereich=…: the user's bookings of an area that have not ended a day ago. */
export const listEigeneBuchungen = async (deps: LeseraumDeps, user: SessionUser, bereich: Bereich) =>
  deps.database.withTenant(user.mandantId, async (tx) => {
    assertBereichOffen(await loadFeatureSwitches(tx), bereich);
    const now = deps.now();
    const rows = await findEigeneBuchungen(tx, {
      mail: user.email,
      bereich,
      from: new Date(now.getTime() - 86_400_000),
    });
    return rows.map((r) => toApi(r, user, now));
  });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * GET /api/leseraum-lieblingsplaetze?bereich=…: the places of the area the user marked as favourites
 * (LeseraumLieblingsPlatz at user level); ids of deleted places or inactive plans are left out.
 */
export const listLieblingsPlaetze = async (
  deps: LeseraumDeps,
  user: SessionUser,
  bereich: Bereich,
): Promise<TLieblingsPlatz[]> =>
  deps.database.withTenant(user.mandantId, async (tx) => {
    assertBereichOffen(await loadFeatureSwitches(tx), bereich);
    const ids = arraySetting(
      await loadEffectiveSettings(tx, user.benutzerId),
      'LeseraumLieblingsPlatz',
    ).filter((v): v is string => typeof v === 'string' && UUID.test(v));
    const rows = await findPlaetzeMitPlan(tx, { ids, bereich });
    return rows.map((r) => ({
      id: r.id,
      bezeichnung: r.bezeichnung,
      kapazitaet: r.kapazitaet,
      aktiv: r.aktiv,
      grundriss: { id: r.grundrissId, bezeichnung: r.grundrissBezeichnung },
    }));
  });

/** GET /api/leseraum-eigener-platz?bereich=…: the user's own place of the area (decision 138), or null. */
export const getEigenerPlatz = async (
  deps: LeseraumDeps,
  user: SessionUser,
  bereich: Bereich,
): Promise<TLieblingsPlatz | null> =>
  deps.database.withTenant(user.mandantId, async (tx) => {
    assertBereichOffen(await loadFeatureSwitches(tx), bereich);
    const r = await findEigenerPlatz(tx, { benutzerId: user.benutzerId, bereich });
    return r
      ? {
          id: r.id,
          bezeichnung: r.bezeichnung,
          kapazitaet: r.kapazitaet,
          aktiv: r.aktiv,
          grundriss: { id: r.grundrissId, bezeichnung: r.grundrissBezeichnung },
        }
      : null;
  });

/** GET /api/leseraum-buchungen/wartend?bereich=…: holds waiting for staff confirmation (buchung_pflege). */
export const listWartendeVormerkungen = async (deps: LeseraumDeps, user: SessionUser, bereich: Bereich) => {
  if (!istPersonal(user)) throw new DomainError('auth.forbidden');
  return deps.database.withTenant(user.mandantId, async (tx) => {
    assertBereichOffen(await loadFeatureSwitches(tx), bereich);
    const now = deps.now();
    return (await findWartendeVormerkungen(tx, { bereich, from: now })).map((r) => toApi(r, user, now));
  });
};

// --- booking -------------------------------------------------------------------------------------------

/** Runs `insert` and turns the exclusion constraint's refusal into the catalogue's "taken" message. */
const guardTaken = async <T>(fn: () => Promise<T>): Promise<T> => {
  try {
    return await fn();
  } catch (err) {
    if (sqlStateOf(err) === SQLSTATE.exclusionViolation) throw new DomainError('leseraum_buchung.belegt');
    throw err;
  }
};

/** Checks every rule of a new or moved booking of `leseraumId` for `user` inside `tx`; returns the period. */
const pruefeZeitraum = async (
  tx: Tx,
  deps: LeseraumDeps,
  user: SessionUser,
  {
    anfrage,
    leseraumId,
    gruppengroesse,
    buchenderMail,
    ignoreId,
  }: {
    anfrage: TLeseraumBuchungAenderung;
    leseraumId: string;
    gruppengroesse: number;
    buchenderMail: string;
    ignoreId?: string;
  },
) => {
  const platz = await lockPlatz(tx, leseraumId);
  if (!platz) throw new DomainError('not_found');
  assertBereichOffen(await loadFeatureSwitches(tx), bereichOf(platz.bereich));
  const now = deps.now();
  const regeln = leseraumRegelnAus(await loadEffectiveSettings(tx, user.benutzerId));
  const anfrageDomain =
    anfrage.modus === 'ganztags'
      ? anfrage
      : { modus: 'stuendlich' as const, von: new Date(anfrage.von), bis: new Date(anfrage.bis) };
  const day = anfrageDomain.modus === 'ganztags' ? anfrageDomain.tag : berlinDateKey(anfrageDomain.von);
  const oeffnung = toOeffnung(await findOeffnung(tx, platz.grundrissId, day, day));
  const period = zeitraumDerAnfrage({ anfrage: anfrageDomain, ...oeffnung, now });
  if (!period) {
    if (!oeffnungszeitAm({ day, ...oeffnung }))
      throw new DomainError('leseraum_buchung.tag_nicht_buchbar', {
        datum: formatDateDE(berlinInstant(day, '12:00')),
      });
    throw new DomainError('leseraum_buchung.in_vergangenheit');
  }
  // another user's own place is not booked (decision 138); its owner may hold it like any place
  const buchenderId =
    platz.eigentuemerId === null
      ? null
      : buchenderMail.toLowerCase() === user.email.toLowerCase()
        ? user.benutzerId
        : await findBenutzerIdByMail(tx, buchenderMail);
  const woche = buchungsWoche(day);
  const eigeneBuchungenInWoche = await countBuchungenDesBuchenden(tx, {
    mail: buchenderMail,
    from: berlinInstant(woche.montag, '00:00'),
    to: berlinInstant(addCalendarDays(woche.sonntag, 1), '00:00'),
    ignoreId,
  });
  const belegungen = await findBelegungenDesPlatzes(tx, {
    leseraumId,
    from: berlinInstant(day, '00:00'),
    to: berlinInstant(addCalendarDays(day, 1), '00:00'),
  });
  const verstoss = leseraumBuchungVerstoss({
    ...period,
    now,
    modus: anfrage.modus,
    regeln,
    ...oeffnung,
    platz: {
      aktiv: platz.aktiv,
      kapazitaet: platz.kapazitaet,
      grundrissAktiv: platz.grundrissAktiv,
      fremderEigentuemer: platz.eigentuemerId !== null && platz.eigentuemerId !== buchenderId,
    },
    gruppengroesse,
    eigeneBuchungenInWoche,
    belegungen,
    ignoreId,
  });
  if (verstoss) throw toDomainError(verstoss);
  return { platz, period };
};

/**
 * A hold of a place that booking staff confirm goes on their list (/leseraum/bestaetigungen, counted in the
 * menu) and each active holder of buchung_pflege but the booker gets the request by mail, unless their own
 * switch BenachrichtigungBestaetigungsanfrage stops it (R170, decisions 116, 136).
 */
const bitteUmBestaetigung = async (
  tx: Tx,
  deps: Pick<LeseraumDeps, 'publicUrl' | 'now'>,
  user: SessionUser,
  row: BuchungRow,
) => {
  const ids = (await aktiveInhaber(tx, 'buchung_pflege')).filter((id) => id !== user.benutzerId);
  const [buchender] = await findPersonenMitMail(tx, [user.benutzerId]);
  const name = buchender ? `${buchender.vorname} ${buchender.nachname}`.trim() : '';
  const wer = name ? `${name} (${user.email})` : user.email;
  for (const person of await findPersonenMitMail(tx, ids))
    await sendMail(tx, deps, user.mandantId, row, 'bestaetigung_anfrage', {
      to: person.email,
      buchender: wer,
    });
};

/** POST /api/leseraum-buchungen: a hold (vorgemerkt) of a place for the user, with the pre-booking mail. */
export const createBuchung = async (
  deps: LeseraumDeps,
  user: SessionUser,
  input: TLeseraumBuchungInput,
): Promise<TLeseraumBuchung> =>
  deps.database.withTenant(user.mandantId, async (tx) => {
    const { platz, period } = await pruefeZeitraum(tx, deps, user, {
      anfrage: input,
      leseraumId: input.leseraumId,
      gruppengroesse: input.gruppengroesse,
      buchenderMail: user.email,
    });
    const id = await guardTaken(() =>
      insertBuchung(tx, {
        mandantId: user.mandantId,
        leseraumId: platz.id,
        von: period.von,
        bis: period.bis,
        status: 'vorgemerkt',
        systembenutzer1Mail: user.email,
        systembenutzer2Mail: bestaetigerFuerNeueBuchung({
          buchenderMail: user.email,
          bestaetigungDurchPersonal: platz.bestaetigungDurchPersonal,
        }),
        gruppengroesse: input.gruppengroesse,
      }),
    );
    const row = (await findBuchung(tx, id))!;
    await sendMail(tx, deps, user.mandantId, row, leseraumMailFuer({ art: 'erstellt' })!, {
      bestaetigungDurchPersonal: platz.bestaetigungDurchPersonal,
    });
    if (platz.bestaetigungDurchPersonal) await bitteUmBestaetigung(tx, deps, user, row);
    await meldeBuchung(tx, user.mandantId, row);
    return toApi(row, user, deps.now());
  });

/** The booking as the user may see it: their own, or any with buchung_pflege; 404 otherwise. */
const requireSichtbar = (
  row: BuchungRow | undefined,
  user: SessionUser,
): { row: BuchungRow; akteur: LeseraumAkteur } => {
  if (!row) throw new DomainError('not_found');
  const akteur = leseraumAkteur({
    userMail: user.email,
    buchenderMail: row.buchenderMail,
    bestaetigerMail: row.bestaetigerMail,
    istPersonal: istPersonal(user),
  });
  if (akteur === 'andere') throw new DomainError('not_found');
  return { row, akteur };
};

const withBuchung = async <T>(
  deps: LeseraumDeps,
  user: SessionUser,
  id: string,
  fn: (tx: Tx, found: { row: BuchungRow; akteur: LeseraumAkteur }, now: Date) => Promise<T>,
): Promise<T> =>
  deps.database.withTenant(user.mandantId, async (tx) => {
    const found = requireSichtbar(await lockBuchung(tx, id), user);
    assertBereichOffen(await loadFeatureSwitches(tx), bereichOf(found.row.bereich));
    return fn(tx, found, deps.now());
  });

/** The booking after a change in this transaction (it exists: the caller holds its lock). */
const reload = async (tx: Tx, id: string) => (await findBuchung(tx, id))!;

/** PUT /api/leseraum-buchungen/{id}: new times for a hold or reservation that has not begun (same rules). */
export const aendereBuchung = async (
  deps: LeseraumDeps,
  user: SessionUser,
  id: string,
  input: TLeseraumBuchungAenderung,
): Promise<TLeseraumBuchung> =>
  withBuchung(deps, user, id, async (tx, { row }, now) => {
    const abilities = leseraumBuchungAbilities({
      buchung: row,
      userMail: user.email,
      istPersonal: istPersonal(user),
      now,
    });
    if (!abilities.kannAendern)
      throw new DomainError('leseraum_buchung.schritt_nicht_erlaubt', { status: row.status });
    // decision 125: a group size left out keeps the stored one; a given one is checked and stored
    const gruppengroesse = input.gruppengroesse ?? row.gruppengroesse;
    const { period } = await pruefeZeitraum(tx, deps, user, {
      anfrage: input,
      leseraumId: row.leseraumId,
      gruppengroesse,
      buchenderMail: row.buchenderMail,
      ignoreId: row.id,
    });
    await guardTaken(() =>
      updateBuchung(tx, row.id, {
        von: period.von,
        bis: period.bis,
        gruppengroesse,
        erinnerungGesendetAm: null,
      }),
    );
    const updated = await reload(tx, row.id);
    await sendMail(tx, deps, user.mandantId, updated, leseraumMailFuer({ art: 'geaendert' })!, {
      alt: { von: row.von, bis: row.bis },
    });
    await meldeBuchung(tx, user.mandantId, updated);
    return toApi(updated, user, now);
  });

/** POST /api/leseraum-buchungen/{id}/bestaetigen: the confirmer reserves a hold before its start. */
export const bestaetigeBuchung = async (deps: LeseraumDeps, user: SessionUser, id: string) =>
  withBuchung(deps, user, id, async (tx, { row, akteur }, now) => {
    const verstoss = leseraumBestaetigungVerstoss({ status: row.status, akteur, von: row.von, now });
    if (verstoss) throw toDomainError(verstoss);
    await updateBuchung(tx, row.id, {
      status: 'reserviert',
      systembenutzer2Mail: row.bestaetigerMail ?? user.email,
    });
    const updated = await reload(tx, row.id);
    await sendMail(
      tx,
      deps,
      user.mandantId,
      updated,
      leseraumMailFuer({ art: 'status', nach: 'reserviert' })!,
    );
    await meldeBuchung(tx, user.mandantId, updated);
    return toApi(updated, user, now);
  });

/**
 * POST /api/leseraum-buchungen/{id}/storno: the booker or staff cancel a hold or reservation; staff cancelling
 * another user's booking give a reason, which the booker gets in the mail (R173, decision 136).
 */
export const storniereBuchung = async (
  deps: LeseraumDeps,
  user: SessionUser,
  id: string,
  input: TLeseraumStornoInput = {},
) =>
  withBuchung(deps, user, id, async (tx, { row, akteur }, now) => {
    const verstoss = leseraumStornoVerstoss({ status: row.status, akteur });
    if (verstoss) throw toDomainError(verstoss);
    const byStaff = row.buchenderMail.toLowerCase() !== user.email.toLowerCase();
    const ohneGrund = personalGrundVerstoss({ durchPersonal: byStaff, grund: input.grund });
    if (ohneGrund) throw toDomainError(ohneGrund);
    await updateBuchung(tx, row.id, { status: 'storniert' });
    const updated = await reload(tx, row.id);
    await sendMail(
      tx,
      deps,
      user.mandantId,
      updated,
      leseraumMailFuer({ art: 'status', nach: 'storniert' })!,
      byStaff ? { grund: 'personal', grundZusatz: input.grund?.trim() } : {},
    );
    await meldeBuchung(tx, user.mandantId, updated);
    return toApi(updated, user, now);
  });

/**
 * POST /api/leseraum-buchungen/{id}/ablehnen: booking staff decline a hold waiting for them, before it lapses,
 * with a reason; the hold is cancelled, the staff member is recorded as its confirmer (who decided), and the
 * booker gets the cancellation mail with the reason (R170, decision 136).
 */
export const lehneBuchungAb = async (
  deps: LeseraumDeps,
  user: SessionUser,
  id: string,
  input: TLeseraumAblehnungInput,
) =>
  withBuchung(deps, user, id, async (tx, { row }, now) => {
    const verstoss = leseraumAblehnungVerstoss({
      status: row.status,
      bestaetigerMail: row.bestaetigerMail,
      istPersonal: istPersonal(user),
      von: row.von,
      now,
      grund: input.grund,
    });
    if (verstoss) throw toDomainError(verstoss);
    await updateBuchung(tx, row.id, { status: 'storniert', systembenutzer2Mail: user.email });
    const updated = await reload(tx, row.id);
    await sendMail(tx, deps, user.mandantId, updated, 'useMailStorno', {
      grund: 'abgelehnt',
      grundZusatz: input.grund.trim(),
    });
    await meldeBuchung(tx, user.mandantId, updated);
    return toApi(updated, user, now);
  });

/** POST /api/leseraum-buchungen/{id}/check-in: a reservation becomes durchgeführt inside its window. */
export const checkInBuchung = async (deps: LeseraumDeps, user: SessionUser, id: string) =>
  withBuchung(deps, user, id, async (tx, { row, akteur }, now) => {
    const verstoss = leseraumCheckInVerstoss({ status: row.status, akteur, von: row.von, now });
    if (verstoss) throw toDomainError(verstoss);
    await updateBuchung(tx, row.id, { status: 'durchgeführt' });
    await meldeBuchung(tx, user.mandantId, row);
    return toApi(await reload(tx, row.id), user, now);
  });

// --- the scheduler's share -------------------------------------------------------------------------------

/**
 * Releases, in one tenant's transaction, the holds whose deadline passed and the reservations nobody
 * checked in to (spec §4), each with the cancellation mail naming why. Idempotent: a released booking is
 * storniert and not found again. Returns how many were released.
 */
export const releaseLapsedBuchungen = async (
  tx: Tx,
  deps: Pick<LeseraumDeps, 'publicUrl'>,
  { mandantId, now }: { mandantId: string; now: Date },
): Promise<number> => {
  const rows = await findOffeneBuchungenBis(tx, now);
  let released = 0;
  for (const row of rows) {
    const grund = leseraumVerfall({ status: row.status, von: row.von, now });
    if (!grund) continue;
    await updateBuchung(tx, row.id, { status: 'storniert' });
    await sendMail(tx, { publicUrl: deps.publicUrl, now: () => now }, mandantId, row, 'useMailStorno', {
      grund,
    });
    released++;
    await meldeBuchung(tx, mandantId, row);
  }
  return released;
};

/**
 * POST /api/mail (spec §7, decision 052): sends one of a booking's own mails again, to its booker or its
 * confirmer. Only whoever may see the booking (booker, confirmer, staff with buchung_pflege) may ask; anyone
 * else gets 404 like an unknown id. The text is rendered from the booking; the body only picks the type and,
 * for the adjustment mail, the previous times.
 */
export const sendeMailErneut = async (
  deps: LeseraumDeps,
  user: SessionUser,
  input: TMailErneutInput,
): Promise<TMailErneutAntwort> =>
  withBuchung(deps, user, input.buchung, async (tx, { row }) => {
    const verstoss = leseraumMailErneutVerstoss({
      typ: input.typ,
      status: row.status,
      hatAlt: input.buchungAlt != null,
      empfaenger: input.empfaenger,
      bestaetigerMail: row.bestaetigerMail,
    });
    if (verstoss) throw toDomainError(verstoss);
    const alt = input.buchungAlt
      ? { von: new Date(input.buchungAlt.von), bis: new Date(input.buchungAlt.bis) }
      : undefined;
    if (alt && !(alt.von < alt.bis)) throw new DomainError('leseraum_buchung.ende_vor_beginn');
    const to = input.empfaenger === 'bestaetiger' ? row.bestaetigerMail! : row.buchenderMail;
    const mailId = await sendMail(tx, deps, user.mandantId, row, input.typ, {
      to,
      ausdruecklich: true,
      alt,
      bestaetigungDurchPersonal: input.typ === 'useMailVormerkung' ? row.bestaetigerMail === null : undefined,
    });
    if (!mailId) throw new Error('a mail asked for again is never stopped by a switch');
    return { mailId, buchung: row.id, typ: input.typ, an: to, status: 'eingereiht' };
  });

/** The longest reminder lead the option allows (LeseraumEmailErinnerungBuchungsbeginn, max 10080 minutes). */
const MAX_ERINNERUNG_MS = 10_080 * 60_000;

/**
 * The reminder before the start (scheduler, per tenant): for each hold or reservation starting within the
 * booker's lead (LeseraumEmailErinnerungBuchungsbeginn, minutes, 0 = none; the booker's effective value),
 * queues the reminder once and records it (`erinnerung_gesendet_am`). A hold is reminded to confirm, a
 * reservation of its check-in window. Returns how many were queued.
 */
export const sendLeseraumErinnerungen = async (
  tx: Tx,
  deps: Pick<LeseraumDeps, 'publicUrl'>,
  { mandantId, now }: { mandantId: string; now: Date },
): Promise<number> => {
  const rows = await findOhneErinnerung(tx, { now, bis: new Date(now.getTime() + MAX_ERINNERUNG_MS) });
  const minutenDes = new Map<string, number>();
  let sent = 0;
  for (const row of rows) {
    const key = row.buchenderMail.toLowerCase();
    let minuten = minutenDes.get(key);
    if (minuten === undefined) {
      const benutzerId = await findBenutzerIdByMail(tx, row.buchenderMail);
      minuten = benutzerId
        ? numberSetting(await loadEffectiveSettings(tx, benutzerId), 'LeseraumEmailErinnerungBuchungsbeginn')
        : 0;
      minutenDes.set(key, minuten);
    }
    if (!leseraumErinnerungFaellig({ status: row.status, von: row.von, minuten, gesendet: false, now }))
      continue;
    await sendMail(tx, { publicUrl: deps.publicUrl, now: () => now }, mandantId, row, 'erinnerung', {
      bestaetigungDurchPersonal: row.status === 'vorgemerkt' ? row.bestaetigerMail === null : undefined,
    });
    await updateBuchung(tx, row.id, { erinnerungGesendetAm: now });
    sent++;
  }
  return sent;
};

/**
 * Cancels bookings because their area closes (opening hours, decision 031/052): each booking is locked, the
 * cancel rule runs with the system acting as staff (holds and reservations only; a performed booking stays),
 * and the booking gets the same cancellation mail and live event as any other cancel, the reason naming the
 * closing (`beschreibung`, a special time's description, if any). Returns the ids cancelled.
 */
export const storniereWegenSchliessung = async (
  tx: Tx,
  deps: Pick<LeseraumDeps, 'publicUrl'>,
  {
    mandantId,
    ids,
    beschreibung,
    now,
  }: { mandantId: string; ids: string[]; beschreibung?: string; now: Date },
): Promise<Set<string>> => {
  const storniert = new Set<string>();
  for (const id of ids) {
    const row = await lockBuchung(tx, id);
    if (!row || leseraumStornoVerstoss({ status: row.status, akteur: 'personal' })) continue;
    if (row.status !== 'vorgemerkt' && row.status !== 'reserviert') continue;
    await updateBuchung(tx, row.id, { status: 'storniert' });
    await sendMail(tx, { publicUrl: deps.publicUrl, now: () => now }, mandantId, row, 'useMailStorno', {
      grund: 'schliessung',
      grundZusatz: beschreibung || undefined,
    });
    storniert.add(row.id);
    await meldeBuchung(tx, mandantId, row);
  }
  return storniert;
};

// --- deactivating places (/admin/raeume, decision 051) ----------------------------------------------------

const toBetroffene = (row: BuchungRow): TBetroffeneBuchung => ({
  id: row.id,
  von: row.von.toISOString(),
  bis: row.bis.toISOString(),
  status: row.status,
  leseraumId: row.leseraumId,
  leseraum: row.leseraumBezeichnung,
  buchender: row.buchenderMail,
});

/**
 * The bookings deactivating the places `leseraumIds` at `now` would cancel (holds and reservations that have
 * not ended), soonest first. Runs in the caller's tenant transaction; the caller has authorised.
 */
export const findDeaktivierungBetroffene = async (
  tx: Tx,
  { leseraumIds, now }: { leseraumIds: readonly string[]; now: Date },
): Promise<TBetroffeneBuchung[]> =>
  (await findOffeneBuchungenDerPlaetze(tx, { leseraumIds, from: now }))
    .filter((r) => vonDeaktivierungBetroffen({ status: r.status, bis: r.bis, now }))
    .map(toBetroffene);

/**
 * Cancels by the system, in the caller's tenant transaction, the bookings of the places `leseraumIds` that
 * deactivating them affects: each becomes `storniert` (the rule of `deaktivierungsStorno`), its booker gets
 * the deactivation mail (useMailRaumDeaktivierungSystemStorno) in their language, and open plans hear of it.
 * The caller has authorised and has changed (or locked) the places. Returns the bookings cancelled.
 */
export const storniereDurchSystem = async (
  tx: Tx,
  deps: Pick<LeseraumDeps, 'publicUrl'>,
  { mandantId, leseraumIds, now }: { mandantId: string; leseraumIds: readonly string[]; now: Date },
): Promise<TBetroffeneBuchung[]> => {
  const rows = await findOffeneBuchungenDerPlaetze(tx, { leseraumIds, from: now, lock: true });
  const done: BuchungRow[] = [];
  for (const row of rows) {
    if (!vonDeaktivierungBetroffen({ status: row.status, bis: row.bis, now })) continue;
    const storno = deaktivierungsStorno(row.status);
    if (!storno) continue;
    await updateBuchung(tx, row.id, { status: storno.nach });
    await sendMail(tx, { publicUrl: deps.publicUrl, now: () => now }, mandantId, row, storno.mail);
    done.push(row);
  }
  for (const row of done) await meldeBuchung(tx, mandantId, row);
  return done.map((r) => ({ ...toBetroffene(r), status: 'storniert' }));
};

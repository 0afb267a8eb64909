/**
 * Licence checks (/fahrzeuge/fuehrerschein, right fahrzeug_fuehrerscheinpruefung; decisions 050, 057):
 * the list of everyone who may book vehicles with their licence and its state, the record of spec §3, the
 * check dialog, driving bans that cancel the trips they cover (through the vehicle booking service, with its
 * mails), the menu's count of due checks, and the reminder job.
 */

import { DomainError, type RuleViolation, toDomainError } from '@stellwerk/domain/errors';
import { publikumFuer } from '@stellwerk/domain/events';
import type {
  TFahrverbotBuchung,
  TFuehrerscheinGespeichert,
  TFuehrerscheinListe,
  TFuehrerscheinListeQuery,
  TFuehrerscheinZeile,
} from '@stellwerk/domain/fahrzeuge/fuehrerschein/api';
import { faelligeErinnerungen } from '@stellwerk/domain/fahrzeuge/fuehrerschein/erinnerung';
import { filtereZeilen, zaehleFaellige } from '@stellwerk/domain/fahrzeuge/fuehrerschein/liste';
import {
  BEFRISTETE_KLASSEN,
  fahrverbotZeitraumVerstoss,
  fuehrerscheinHinweise,
  isFahrverbotImZeitraum,
  pruefungErfassen,
  pruefungsStand,
} from '@stellwerk/domain/fahrzeuge/fuehrerschein/rules';
import type {
  TFahrverbotEingabe,
  TFuehrerscheinAenderung,
  TFuehrerscheinEingabe,
  TFuehrerscheinPruefungEingabe,
} from '@stellwerk/domain/fahrzeuge/fuehrerschein/schemas';
import { FUEHRERSCHEIN_LEER } from '@stellwerk/domain/fahrzeuge/fuehrerschein/schemas';
import {
  fuehrerscheinAusSpalten,
  klassenAblaufAusSpalten,
  klassenAblaufZuSpalten,
  klassenZuSpalten,
} from '@stellwerk/domain/fahrzeuge/fuehrerschein/spalten';
import { type Language, parseLanguage } from '@stellwerk/domain/language';
import { nichtGefunden } from '@stellwerk/domain/nicht-gefunden';
import { mitBleibendem } from '@stellwerk/domain/put-bleibt';
import { addCalendarDays, berlinDateKey, berlinInstant, formatDateDE } from '@stellwerk/domain/time';
import {
  arrayCustomizing,
  booleanCustomizing,
  numberCustomizing,
  type ResolvedCustomizing,
  stringCustomizing,
} from '@stellwerk/domain/verwaltung/customizing';
import type { Database, Tx } from '../../../db/client.ts';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import { assertDarf } from '../../identitaet/auth/auth.guards.ts';
import { aktiveInhaber } from '../../identitaet/auth/auth.inhaber.ts';
import { publishEvent } from '../../plattform/events/events.service.ts';
import { enqueueMail } from '../../plattform/mail/mail.service.ts';
import {
  loadEffectiveCustomizing,
  loadFeatureSwitches,
} from '../../verwaltung/customizing/customizing.service.ts';
import { fahrverbotStornos } from '../fahrzeug-buchung/fahrzeug-buchung.fahrverbot.ts';
import {
  type FuehrerscheinRow,
  findErinnerungen,
  findFuehrerscheine,
  findPersonen,
  insertErinnerungen,
  lockFuehrerschein,
  type PersonRow,
  updatePruefung,
  upsertFuehrerschein,
} from './fuehrerschein.repository.ts';

export type FuehrerscheinDeps = {
  database: Pick<Database, 'withTenant'>;
  now: () => Date;
  publicUrl: string;
};

/** Tenant-level settings are read through a user id no record belongs to (only tenant level and defaults). */
const NIEMAND = '00000000-0000-0000-0000-000000000000';

// --- guards ---------------------------------------------------------------------------------------------

const requirePruefer = (user: SessionUser): void => {
  assertDarf(user, 'fuehrerscheine.pruefen');
};

/** Runs `fn` in the tenant's transaction after the right and the tenant's vehicle switch (404 when off). */
const inModul = <T>(deps: FuehrerscheinDeps, user: SessionUser, fn: (tx: Tx) => Promise<T>) => {
  requirePruefer(user);
  return deps.database.withTenant(user.mandantId, async (tx) => {
    if (!(await loadFeatureSwitches(tx)).FahrzeugBuchung) throw new DomainError('not_found');
    return fn(tx);
  });
};

// --- shaping --------------------------------------------------------------------------------------------

type Einstellungen = {
  intervallMonate: number;
  vorlaufTage: number;
  pruefmethoden: string[];
  mails: boolean;
};

const einstellungenAus = (settings: ResolvedCustomizing): Einstellungen => ({
  intervallMonate: numberCustomizing(settings, 'FahrzeugFuehrerscheinPruefungIntervallMonate'),
  vorlaufTage: numberCustomizing(settings, 'FahrzeugFuehrerscheinErinnerungVorlaufTage'),
  pruefmethoden: arrayCustomizing(settings, 'FahrzeugFuehrerscheinPruefmethoden').flatMap((m) =>
    typeof m === 'string' && m.trim() !== '' ? [m.trim()] : [],
  ),
  mails: booleanCustomizing(settings, 'FahrzeugMailFuehrerscheinSenden'),
});

const nameOf = (p: Pick<PersonRow, 'vorname' | 'nachname'>): string => `${p.vorname} ${p.nachname}`.trim();

/** Warnings of a record: the document expired (only warns), a truck/bus class the user holds expired. */
const hinweiseVon = (row: FuehrerscheinRow, now: Date): RuleViolation[] => {
  const fs = fuehrerscheinAusSpalten(row);
  const heute = berlinDateKey(now);
  const klassen: RuleViolation[] = BEFRISTETE_KLASSEN.flatMap((klasse) => {
    const ablauf = fs.klassenAblauf?.[klasse];
    return fs.klassen[klasse] && ablauf && ablauf < heute
      ? [
          {
            code: 'fuehrerschein.klasse_abgelaufen' as const,
            params: { klasse, datum: formatDateDE(berlinInstant(ablauf, '12:00')) },
          },
        ]
      : [];
  });
  return [...fuehrerscheinHinweise({ fuehrerschein: fs, now }), ...klassen];
};

const zeileAus = (
  person: PersonRow,
  row: FuehrerscheinRow | undefined,
  pruefer: ReadonlyMap<string, PersonRow>,
  now: Date,
  vorlaufTage: number,
): TFuehrerscheinZeile => {
  const heute = berlinDateKey(now);
  const benutzer = { id: person.id, name: nameOf(person), email: person.email };
  if (!row) return { benutzer, fuehrerschein: null, stand: 'fehlt', fahrverbotHeute: false, hinweise: [] };
  const fs = fuehrerscheinAusSpalten(row);
  const p = row.prueferId ? pruefer.get(row.prueferId) : undefined;
  return {
    benutzer,
    fuehrerschein: {
      fuehrerscheinnummer: row.fuehrerscheinnummer,
      ausstellungsdatum: row.ausstellungsdatum,
      letztePruefung: row.letztePruefung,
      naechstePruefung: row.naechstePruefung,
      pruefer: row.prueferId ? { id: row.prueferId, name: p ? nameOf(p) : '' } : null,
      pruefmethode: row.pruefmethode,
      originalGesehen: row.originalGesehen,
      geprueftAm: row.geprueftAm ? row.geprueftAm.toISOString() : null,
      zusatzinfo: row.zusatzinfo,
      fahrverbot: row.fahrverbot,
      fahrverbotVon: row.fahrverbotVon,
      fahrverbotBis: row.fahrverbotBis,
      klassen: fs.klassen as Record<keyof typeof fs.klassen, boolean>,
      klassenAblauf: fs.klassenAblauf ?? {},
      dokumentAblauf: row.dokumentAblauf,
    },
    stand: pruefungsStand({ naechstePruefung: row.naechstePruefung, now, vorlaufTage }),
    fahrverbotHeute: isFahrverbotImZeitraum({
      fuehrerschein: fs,
      von: berlinInstant(heute, '00:00'),
      bis: berlinInstant(addCalendarDays(heute, 1), '00:00'),
    }),
    hinweise: hinweiseVon(row, now),
  };
};

/** The rows of `personen` with their records and examiners. */
const zeilenVon = async (
  tx: Tx,
  personen: readonly PersonRow[],
  now: Date,
  vorlaufTage: number,
): Promise<TFuehrerscheinZeile[]> => {
  const rows = new Map(
    (
      await findFuehrerscheine(
        tx,
        personen.map((p) => p.id),
      )
    ).map((r) => [r.benutzerId, r]),
  );
  const prueferIds = [...new Set([...rows.values()].flatMap((r) => (r.prueferId ? [r.prueferId] : [])))];
  const pruefer = new Map((await findPersonen(tx, prueferIds)).map((p) => [p.id, p]));
  return personen.map((p) => zeileAus(p, rows.get(p.id), pruefer, now, vorlaufTage));
};

/** Everyone active who may book vehicles (spec §6 fahrzeug_buchen), with their records. */
const alleZeilen = async (tx: Tx, now: Date, vorlaufTage: number) =>
  zeilenVon(tx, await findPersonen(tx, await aktiveInhaber(tx, 'fahrzeug_buchen')), now, vorlaufTage);

const listenZeile = (z: TFuehrerscheinZeile) => ({
  name: z.benutzer.name,
  email: z.benutzer.email,
  fuehrerscheinnummer: z.fuehrerschein?.fuehrerscheinnummer ?? null,
  naechstePruefung: z.fuehrerschein?.naechstePruefung ?? null,
  stand: z.stand,
});

// --- reading --------------------------------------------------------------------------------------------

/** GET /api/fuehrerscheine: one row per user who may book vehicles, by next check (no record first). */
export const listFuehrerscheine = (
  deps: FuehrerscheinDeps,
  user: SessionUser,
  query: TFuehrerscheinListeQuery,
): Promise<TFuehrerscheinListe> =>
  inModul(deps, user, async (tx) => {
    const now = deps.now();
    const einstellungen = einstellungenAus(await loadEffectiveCustomizing(tx, user.benutzerId));
    const zeilen = await alleZeilen(tx, now, einstellungen.vorlaufTage);
    const byId = new Map(zeilen.map((z) => [z.benutzer.id, z]));
    const gefiltert = filtereZeilen({
      zeilen: zeilen.map((z) => ({ ...listenZeile(z), id: z.benutzer.id })),
      suche: query.suche,
      filter: query.stand,
    });
    return {
      heute: berlinDateKey(now),
      intervallMonate: einstellungen.intervallMonate,
      vorlaufTage: einstellungen.vorlaufTage,
      pruefmethoden: einstellungen.pruefmethoden,
      zeilen: gefiltert.map((z) => byId.get(z.id)!),
    };
  });

/**
 * The count of checks to act on (no record, overdue, due within the lead) among the users who may book, in
 * the caller's tenant transaction: the menu's badge and the admin start page.
 */
export const anzahlFaelligeFuehrerscheine = async (tx: Tx, now: Date): Promise<number> => {
  const { vorlaufTage } = einstellungenAus(await loadEffectiveCustomizing(tx, NIEMAND));
  return zaehleFaellige((await alleZeilen(tx, now, vorlaufTage)).map(listenZeile));
};

/** GET /api/fuehrerscheine/anzahl */
export const getAnzahlFaellige = (deps: FuehrerscheinDeps, user: SessionUser): Promise<{ faellig: number }> =>
  inModul(deps, user, async (tx) => ({ faellig: await anzahlFaelligeFuehrerscheine(tx, deps.now()) }));

// --- changing -------------------------------------------------------------------------------------------

const requirePerson = async (tx: Tx, benutzerId: string): Promise<PersonRow> => {
  const [person] = await findPersonen(tx, [benutzerId]);
  if (!person) throw nichtGefunden('person', benutzerId);
  return person;
};

const zeileNach = async (tx: Tx, person: PersonRow, now: Date): Promise<TFuehrerscheinZeile> => {
  const { vorlaufTage } = einstellungenAus(await loadEffectiveCustomizing(tx, NIEMAND));
  const [zeile] = await zeilenVon(tx, [person], now, vorlaufTage);
  return zeile!;
};

const pruefeFahrverbot = (ban: TFahrverbotEingabe): void => {
  const v = fahrverbotZeitraumVerstoss(ban);
  if (v) throw toDomainError(v);
};

/**
 * POST /api/fuehrerscheine/{benutzerId}/fahrverbot-vorschau: the trips the user drives that this driving ban
 * would cancel, before saving it.
 */
export const fahrverbotVorschau = (
  deps: FuehrerscheinDeps,
  user: SessionUser,
  benutzerId: string,
  ban: TFahrverbotEingabe,
): Promise<TFahrverbotBuchung[]> =>
  inModul(deps, user, async (tx) => {
    await requirePerson(tx, benutzerId);
    pruefeFahrverbot(ban);
    return fahrverbotStornos(tx, deps, user, { fahrerId: benutzerId, fahrverbot: ban, stornieren: false });
  });

/**
 * PUT /api/fuehrerscheine/{benutzerId}: creates or changes the licence record (spec §3, §7 upsert); the check
 * itself is recorded separately. A driving ban cancels the trips the user drives in its period, each with the
 * cancellation mail.
 */
export const saveFuehrerschein = (
  deps: FuehrerscheinDeps,
  user: SessionUser,
  benutzerId: string,
  aenderung: TFuehrerscheinAenderung,
): Promise<TFuehrerscheinGespeichert> =>
  inModul(deps, user, async (tx) => {
    const now = deps.now();
    const person = await requirePerson(tx, benutzerId);
    const vorher = await lockFuehrerschein(tx, benutzerId);
    // decision 125: what the PUT left out stays as stored (a new record: none, no ban, no expiry days)
    const input: TFuehrerscheinEingabe = mitBleibendem(
      {
        ...aenderung,
        ...(vorher
          ? {
              fuehrerscheinnummer: vorher.fuehrerscheinnummer,
              zusatzinfo: vorher.zusatzinfo,
              fahrverbot: vorher.fahrverbot,
              fahrverbotVon: vorher.fahrverbotVon,
              fahrverbotBis: vorher.fahrverbotBis,
              klassenAblauf: klassenAblaufAusSpalten(vorher),
              dokumentAblauf: vorher.dokumentAblauf,
            }
          : FUEHRERSCHEIN_LEER),
      },
      aenderung,
    );
    pruefeFahrverbot(input);
    await upsertFuehrerschein(tx, {
      mandantId: user.mandantId,
      benutzerId,
      fuehrerscheinnummer: input.fuehrerscheinnummer || null,
      ausstellungsdatum: input.ausstellungsdatum,
      zusatzinfo: input.zusatzinfo || null,
      fahrverbot: input.fahrverbot,
      fahrverbotVon: input.fahrverbotVon,
      fahrverbotBis: input.fahrverbotBis,
      ...klassenZuSpalten(input.klassen),
      ...klassenAblaufZuSpalten(input.klassenAblauf),
      dokumentAblauf: input.dokumentAblauf,
    });
    const storniert = await fahrverbotStornos(tx, deps, user, {
      fahrerId: benutzerId,
      fahrverbot: input,
      stornieren: true,
    });
    await publishEvent(
      tx,
      user.mandantId,
      { type: 'fuehrerschein', id: benutzerId },
      { an: publikumFuer('fuehrerschein', [benutzerId]) },
    );
    return { zeile: await zeileNach(tx, person, now), storniert };
  });

/**
 * POST /api/fuehrerscheine/{benutzerId}/pruefung: records a check by the session user today (Berlin): the
 * method (the original in person or one the tenant names), that the original was seen, and the next check
 * after the tenant's interval. No copy of the licence is stored.
 */
export const recordPruefung = (
  deps: FuehrerscheinDeps,
  user: SessionUser,
  benutzerId: string,
  input: TFuehrerscheinPruefungEingabe,
): Promise<TFuehrerscheinZeile> =>
  inModul(deps, user, async (tx) => {
    const now = deps.now();
    const person = await requirePerson(tx, benutzerId);
    if (!(await lockFuehrerschein(tx, benutzerId))) throw new DomainError('fuehrerschein.kein_eintrag');
    const einstellungen = einstellungenAus(await loadEffectiveCustomizing(tx, user.benutzerId));
    const result = pruefungErfassen({
      prueferId: user.benutzerId,
      now,
      methode: input.methode,
      originalGesehen: input.originalGesehen,
      erlaubteMethoden: einstellungen.pruefmethoden,
      intervallMonate: einstellungen.intervallMonate,
    });
    if (result.verstoss) throw toDomainError(result.verstoss);
    const { pruefung } = result;
    await updatePruefung(tx, benutzerId, {
      prueferId: pruefung.prueferId,
      letztePruefung: pruefung.letztePruefung,
      naechstePruefung: pruefung.naechstePruefung,
      pruefmethode: pruefung.methode,
      originalGesehen: input.originalGesehen,
      geprueftAm: pruefung.geprueftAm,
    });
    await publishEvent(
      tx,
      user.mandantId,
      { type: 'fuehrerschein', id: benutzerId },
      { an: publikumFuer('fuehrerschein', [benutzerId]) },
    );
    return zeileNach(tx, person, now);
  });

// --- reminders (decision 057) ---------------------------------------------------------------------------

const languageOf = async (tx: Tx, benutzerId: string): Promise<Language> =>
  parseLanguage(stringCustomizing(await loadEffectiveCustomizing(tx, benutzerId), 'Sprache'));

const datumDE = (day: string): string => formatDateDE(berlinInstant(day, '12:00'));

/**
 * The reminder job's share of one tenant (decision 024): to each driver whose check is due within the lead (or
 * lapsed), to the licence checkers the list of upcoming checks, and the escalation of overdue checks to the
 * licence checkers; each sent once per licence and next check and recorded in `fuehrerschein_erinnerung`.
 * Nothing while the tenant has vehicle booking or the licence mails switched off. Returns the mails written.
 */
export const sendeFuehrerscheinErinnerungen = async (
  tx: Tx,
  deps: Pick<FuehrerscheinDeps, 'publicUrl'>,
  { mandantId, now }: { mandantId: string; now: Date },
): Promise<number> => {
  if (!(await loadFeatureSwitches(tx)).FahrzeugBuchung) return 0;
  const einstellungen = einstellungenAus(await loadEffectiveCustomizing(tx, NIEMAND));
  if (!einstellungen.mails) return 0;
  const fahrerIds = await aktiveInhaber(tx, 'fahrzeug_buchen');
  const rows = await findFuehrerscheine(tx, fahrerIds);
  const auswahl = faelligeErinnerungen({
    kandidaten: rows.map((r) => ({
      fuehrerscheinId: r.id,
      benutzerId: r.benutzerId,
      naechstePruefung: r.naechstePruefung,
    })),
    gesendet: await findErinnerungen(tx),
    now,
    vorlaufTage: einstellungen.vorlaufTage,
  });
  const personen = new Map(
    (await findPersonen(tx, [...new Set(rows.map((r) => r.benutzerId))])).map((p) => [p.id, p]),
  );
  const pruefer = await findPersonen(tx, await aktiveInhaber(tx, 'fahrzeug_fuehrerscheinpruefung'));
  const heute = berlinDateKey(now);
  const gesendet: Parameters<typeof insertErinnerungen>[1][number][] = [];
  let mails = 0;

  for (const k of auswahl.fahrer) {
    const person = personen.get(k.benutzerId);
    if (!person || !k.naechstePruefung) continue;
    await enqueueMail(
      tx,
      {
        mandantId,
        to: person.email,
        template: 'fuehrerschein_erinnerung',
        language: await languageOf(tx, person.id),
        params: {
          art: 'fahrer',
          datum: datumDE(k.naechstePruefung),
          abgelaufen: k.naechstePruefung <= heute,
          url: `${deps.publicUrl}/fahrzeuge`,
        },
      },
      now,
    );
    mails++;
    gesendet.push({
      mandantId,
      fuehrerscheinId: k.fuehrerscheinId,
      art: 'fahrer',
      naechstePruefung: k.naechstePruefung,
      gesendetAt: now,
    });
  }

  // the checkers' list and the escalation: one mail per checker and kind, each licence recorded once
  for (const art of ['pruefer', 'eskalation'] as const) {
    const eintraege = auswahl[art].flatMap((k) => {
      const person = personen.get(k.benutzerId);
      return person && k.naechstePruefung ? [{ k, name: nameOf(person), nP: k.naechstePruefung }] : [];
    });
    if (eintraege.length === 0 || pruefer.length === 0) continue;
    eintraege.sort((a, b) => a.nP.localeCompare(b.nP) || a.name.localeCompare(b.name, 'de'));
    for (const p of pruefer) {
      await enqueueMail(
        tx,
        {
          mandantId,
          to: p.email,
          template: 'fuehrerschein_erinnerung',
          language: await languageOf(tx, p.id),
          params: {
            art,
            eintraege: eintraege.map((e) => ({ name: e.name, datum: datumDE(e.nP) })),
            url: `${deps.publicUrl}/fahrzeuge/fuehrerschein`,
          },
        },
        now,
      );
      mails++;
    }
    for (const e of eintraege)
      gesendet.push({
        mandantId,
        fuehrerscheinId: e.k.fuehrerscheinId,
        art,
        naechstePruefung: e.nP,
        gesendetAt: now,
      });
  }
  await insertErinnerungen(tx, gesendet);
  return mails;
};

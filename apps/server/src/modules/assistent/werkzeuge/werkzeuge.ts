/**
 * The assistant's tools, one home for the MCP server (decision 227) and the language model (decision 248): name,
 * description, arguments (zod) and the assistant's own function each runs. Each builds a reading (`Lesung`) from its
 * arguments and calls the function the chat uses, so a tool sees and changes exactly what the caller may on the
 * screens. A write runs as a dry run unless `bestaetigt`; who may confirm is the caller's business (MCP: the token's
 * right and `confirm: true`; the panel: the user's "Ja").
 */
import type { Absicht } from '@stellwerk/domain/assistent/absicht';
import type { TAusfuehrenAntwort, TAusfuehrenEingabe } from '@stellwerk/domain/assistent/api';
import type { Lesung } from '@stellwerk/domain/assistent/verstehen';
import { ZDayInput, ZInstantInput } from '@stellwerk/domain/date-input';
import type { Language } from '@stellwerk/domain/language';
import { addCalendarDays, berlinInstant } from '@stellwerk/domain/time';
import { z } from 'zod';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import { buchungAendern } from '../ausfuehren/ausfuehren.aendern.ts';
import { buchungenAnzeigen, buchungStornieren, einchecken } from '../ausfuehren/ausfuehren.eigene.ts';
import { fahrzeugBuchen } from '../ausfuehren/ausfuehren.fahrzeug.ts';
import { frage } from '../ausfuehren/ausfuehren.frage.ts';
import type { AusfuehrenDeps } from '../ausfuehren/ausfuehren.kontext.ts';
import { neuerAuftrag } from '../ausfuehren/ausfuehren.kontext.ts';
import { platzBuchen } from '../ausfuehren/ausfuehren.platz.ts';
import { meinSpind, spindBuchen } from '../ausfuehren/ausfuehren.spind.ts';

/** Who calls a tool: the caller's rights are the screens' rights of `user`. */
export type WerkzeugKontext = { deps: AusfuehrenDeps; user: SessionUser; sprache: Language };

type Form = z.ZodRawShape;

/** One tool. `argumente` are the parsed arguments of `eingabe`; `bestaetigt` carries a write out. */
export type Werkzeug<S extends Form = Form> = {
  name: string;
  description: string;
  eingabe: S;
  /** A write: a dry run unless confirmed. */
  schreibt: boolean;
  /** Cancels something (MCP's destructiveHint). */
  loescht?: boolean;
  ausfuehren: (
    k: WerkzeugKontext,
    argumente: z.output<z.ZodObject<S>>,
    bestaetigt: boolean,
  ) => Promise<TAusfuehrenAntwort>;
};

const werkzeug = <S extends Form>(w: Werkzeug<S>): Werkzeug => w as unknown as Werkzeug;

type Argumente = {
  absicht: Absicht;
  von?: string | null;
  bis?: string | null;
  ganztags?: boolean;
  standort?: string | null;
  /** the words the assistant's functions look for (the reading room, the topic of a question) */
  woerter?: string;
  eingabe?: Partial<TAusfuehrenEingabe>;
};

/** The assistant's request for a tool's reading. */
const auftrag = (k: WerkzeugKontext, a: Argumente) => {
  const lesung: Lesung = {
    absicht: a.absicht,
    von: a.von ?? null,
    bis: a.bis ?? null,
    ganztags: a.ganztags ?? false,
    standort: a.standort ?? null,
    rueckfrage: null,
  };
  const eingabe: TAusfuehrenEingabe = { text: a.woerter ?? a.absicht, bestaetigt: false, ...a.eingabe };
  return neuerAuftrag(k.deps, k.user, eingabe, lesung, k.sprache, a.woerter ?? '');
};

const ZEIT = ZInstantInput.describe(
  'ISO 8601 instant with offset, e.g. 2026-12-01T09:00:00+01:00 (Berlin time)',
);
const TAG = ZDayInput.describe('A Berlin calendar day, YYYY-MM-DD');
const ORT = z.string().max(200).optional().describe('Name of one of the locations (optional)');
const ID = (was: string) => z.uuid().describe(was);
const BEREICH = z
  .enum(['arbeitswelt', 'leseraum'])
  .optional()
  .describe('workspace (default) or reading room');

/** A whole Berlin day or a period: the reading's von and bis. */
const zeitraum = (a: { date?: string | undefined; start?: string | undefined; end?: string | undefined }) =>
  a.date
    ? {
        von: berlinInstant(a.date, '00:00').toISOString(),
        bis: berlinInstant(addCalendarDays(a.date, 1), '00:00').toISOString(),
        ganztags: true,
      }
    : { von: a.start ?? null, bis: a.end ?? null, ganztags: false };

/** The tools, in the order clients list them. */
export const WERKZEUGE: readonly Werkzeug[] = [
  werkzeug({
    name: 'find_free_cars',
    description: 'The pool cars free for you from start to end under every booking rule (read only).',
    eingabe: { start: ZEIT, end: ZEIT, location: ORT },
    schreibt: false,
    ausfuehren: (k, a) =>
      fahrzeugBuchen(
        auftrag(k, { absicht: 'fahrzeug_buchen', von: a.start, bis: a.end, standort: a.location }),
      ),
  }),
  werkzeug({
    name: 'find_free_places',
    description:
      'The desks (workspace) or reading-room places free for you: a whole day (date) or hours (start, end; ' +
      'without end until closing time). Read only.',
    eingabe: {
      date: TAG.optional(),
      start: ZEIT.optional(),
      end: ZEIT.optional(),
      area: BEREICH,
      location: ORT,
    },
    schreibt: false,
    ausfuehren: (k, a) =>
      platzBuchen(
        auftrag(k, {
          absicht: 'platz_buchen',
          ...zeitraum(a),
          standort: a.location,
          woerter: a.area === 'leseraum' ? 'lesesaal' : '',
        }),
      ),
  }),
  werkzeug({
    name: 'list_my_bookings',
    description: 'Your own upcoming car and place bookings (never anyone else’s). Read only.',
    eingabe: {},
    schreibt: false,
    ausfuehren: (k) => buchungenAnzeigen(auftrag(k, { absicht: 'buchungen_anzeigen' })),
  }),
  werkzeug({
    name: 'read_rules',
    description:
      'The booking rules that apply to you (topic rules) or the opening hours of a day (topic opening_hours). Read only.',
    eingabe: {
      topic: z.enum(['rules', 'opening_hours']),
      date: TAG.optional().describe('The day for the opening hours (default today)'),
      location: ORT,
    },
    schreibt: false,
    ausfuehren: (k, a) =>
      frage(
        auftrag(k, {
          absicht: 'frage',
          ...(a.date ? zeitraum({ date: a.date }) : {}),
          standort: a.location,
          woerter: a.topic === 'rules' ? 'regeln' : 'oeffnungszeiten',
        }),
      ),
  }),
  werkzeug({
    name: 'book_car',
    description:
      'Book a pool car from start to end (vehicle_id: one of find_free_cars; default the first free one). ' +
      'Without confirmation only answers what it would book.',
    eingabe: { start: ZEIT, end: ZEIT, vehicle_id: ID('The car').optional(), location: ORT },
    schreibt: true,
    ausfuehren: (k, a, bestaetigt) =>
      fahrzeugBuchen(
        auftrag(k, {
          absicht: 'fahrzeug_buchen',
          von: a.start,
          bis: a.end,
          standort: a.location,
          eingabe: { bestaetigt, fahrzeugId: a.vehicle_id },
        }),
      ),
  }),
  werkzeug({
    name: 'book_place',
    description:
      'Book a desk or reading-room place for a whole day (date) or hours (start, end); place_id: one of ' +
      'find_free_places (default the first free one). Without confirmation only answers what it would book.',
    eingabe: {
      date: TAG.optional(),
      start: ZEIT.optional(),
      end: ZEIT.optional(),
      area: BEREICH,
      place_id: ID('The place').optional(),
      location: ORT,
    },
    schreibt: true,
    ausfuehren: (k, a, bestaetigt) =>
      platzBuchen(
        auftrag(k, {
          absicht: 'platz_buchen',
          ...zeitraum(a),
          standort: a.location,
          woerter: a.area === 'leseraum' ? 'lesesaal' : '',
          eingabe: { bestaetigt, platzId: a.place_id },
        }),
      ),
  }),
  werkzeug({
    name: 'change_booking',
    description:
      'New times for one of your bookings (booking_id from list_my_bookings), same car or place: a whole day ' +
      '(date, places only) or start and end. Without confirmation only answers what it would change.',
    eingabe: {
      booking_id: ID('Your booking'),
      date: TAG.optional(),
      start: ZEIT.optional(),
      end: ZEIT.optional(),
    },
    schreibt: true,
    ausfuehren: (k, a, bestaetigt) =>
      buchungAendern(
        auftrag(k, {
          absicht: 'platz_buchen',
          ...zeitraum(a),
          eingabe: { bestaetigt, buchungId: a.booking_id },
        }),
      ),
  }),
  werkzeug({
    name: 'cancel_booking',
    description:
      'Cancel one of your bookings (booking_id from list_my_bookings). Without confirmation only answers what it would cancel.',
    eingabe: { booking_id: ID('Your booking') },
    schreibt: true,
    loescht: true,
    ausfuehren: (k, a, bestaetigt) =>
      buchungStornieren(
        auftrag(k, { absicht: 'buchung_stornieren', eingabe: { bestaetigt, buchungId: a.booking_id } }),
      ),
  }),
  werkzeug({
    name: 'check_in',
    description:
      'Check in to your current place booking (booking_id optional when there is one). A car is checked in on ' +
      'its page (odometer). Without confirmation only answers what it would do.',
    eingabe: { booking_id: ID('Your booking').optional() },
    schreibt: true,
    ausfuehren: (k, a, bestaetigt) =>
      einchecken(auftrag(k, { absicht: 'einchecken', eingabe: { bestaetigt, buchungId: a.booking_id } })),
  }),
  werkzeug({
    name: 'show_my_locker',
    description:
      'Your own lockers from today on: number, bank, days, and the PIN on the booking’s day where lockers open ' +
      'with one (never anyone else’s). Read only.',
    eingabe: {},
    schreibt: false,
    ausfuehren: (k) => meinSpind(auftrag(k, { absicht: 'frage', woerter: 'spind' })),
  }),
  werkzeug({
    name: 'book_locker',
    description:
      'Book a locker for one whole day (date, default today) at a location (location: required where several ' +
      'have lockers); the nearest free one of your size setting or larger. Without confirmation only answers ' +
      'which locker it would book.',
    eingabe: { date: TAG.optional(), location: ORT },
    schreibt: true,
    ausfuehren: (k, a, bestaetigt) =>
      spindBuchen(
        auftrag(k, {
          absicht: 'spind_buchen',
          ...(a.date ? zeitraum({ date: a.date }) : {}),
          standort: a.location,
          eingabe: { bestaetigt },
        }),
      ),
  }),
];

export const werkzeugNamens = (name: string): Werkzeug | undefined => WERKZEUGE.find((w) => w.name === name);

/** The tool's answer as text: the words first (in the user's language), then the structured answer as JSON. */
export const werkzeugText = (antwort: TAusfuehrenAntwort, hinweis?: string): [string, string] => [
  hinweis ? `${antwort.zusammenfassung}\n${hinweis}` : antwort.zusammenfassung,
  JSON.stringify(antwort),
];

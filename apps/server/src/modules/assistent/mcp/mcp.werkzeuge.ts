/**
 * The MCP server's tools (decision 227): each builds a reading from its arguments and runs the chat assistant's
 * own function for it (`ausfuehren`), so a tool sees and changes exactly what the caller may on the screens.
 * Every write is a dry run unless `confirm: true`; a token with the right `lesen` is refused before it writes.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Absicht } from '@stellwerk/domain/assistent/absicht';
import type { TAusfuehrenAntwort, TAusfuehrenEingabe } from '@stellwerk/domain/assistent/api';
import type { Lesung } from '@stellwerk/domain/assistent/verstehen';
import { ZDayInput, ZInstantInput } from '@stellwerk/domain/date-input';
import { type ErrorCode, type ErrorParams, formatError, isDomainError } from '@stellwerk/domain/errors';
import { darfSchreiben } from '@stellwerk/domain/identitaet/zugriffstoken/zugriffstoken';
import { addCalendarDays, berlinInstant } from '@stellwerk/domain/time';
import { z } from 'zod';
import type { TokenNutzer } from '../../identitaet/zugriffstoken/zugriffstoken.public.ts';
import { buchungAendern } from '../ausfuehren/ausfuehren.aendern.ts';
import { buchungenAnzeigen, buchungStornieren, einchecken } from '../ausfuehren/ausfuehren.eigene.ts';
import { fahrzeugBuchen } from '../ausfuehren/ausfuehren.fahrzeug.ts';
import { frage } from '../ausfuehren/ausfuehren.frage.ts';
import type { Auftrag, AusfuehrenDeps } from '../ausfuehren/ausfuehren.kontext.ts';
import { platzBuchen } from '../ausfuehren/ausfuehren.platz.ts';
import { neuerAuftrag } from '../ausfuehren/ausfuehren.service.ts';

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

const ZEIT = ZInstantInput.describe(
  'ISO 8601 instant with offset, e.g. 2026-12-01T09:00:00+01:00 (Berlin time)',
);
const TAG = ZDayInput.describe('A Berlin calendar day, YYYY-MM-DD');
const ORT = z.string().max(200).optional().describe('Name of one of the locations (optional)');
const BESTAETIGT = z
  .boolean()
  .optional()
  .describe('true carries the change out; without it the tool only answers what it would do (dry run)');
const ID = (was: string) => z.uuid().describe(was);

/** A whole Berlin day or a period: the reading's von and bis. */
const zeitraum = (a: { date?: string; start?: string; end?: string }) =>
  a.date
    ? {
        von: berlinInstant(a.date, '00:00').toISOString(),
        bis: berlinInstant(addCalendarDays(a.date, 1), '00:00').toISOString(),
        ganztags: true,
      }
    : { von: a.start ?? null, bis: a.end ?? null, ganztags: false };

const text = (t: string) => ({ type: 'text' as const, text: t });

/** The answer for the client: the words first (in the user's language), then the structured answer as JSON. */
const ergebnis = (antwort: TAusfuehrenAntwort, hinweis?: string): CallToolResult => ({
  content: [
    text(hinweis ? `${antwort.zusammenfassung}\n${hinweis}` : antwort.zusammenfassung),
    text(JSON.stringify(antwort)),
  ],
  isError: antwort.art === 'abgelehnt',
});

const TROCKEN = {
  de: 'Nichts wurde geändert. Rufen Sie das Werkzeug mit confirm: true erneut auf, um es auszuführen.',
  en: 'Nothing was changed. Call the tool again with confirm: true to carry it out.',
} as const;

export const registriereWerkzeuge = (server: McpServer, deps: AusfuehrenDeps, nutzer: TokenNutzer) => {
  const { user } = nutzer;
  const sprache = user.language;
  const auftrag = (a: Argumente): Auftrag => {
    const lesung: Lesung = {
      absicht: a.absicht,
      von: a.von ?? null,
      bis: a.bis ?? null,
      ganztags: a.ganztags ?? false,
      standort: a.standort ?? null,
      rueckfrage: null,
    };
    const eingabe: TAusfuehrenEingabe = { text: a.woerter ?? a.absicht, bestaetigt: false, ...a.eingabe };
    return neuerAuftrag(deps, user, eingabe, lesung, sprache, a.woerter ?? '');
  };
  /** A refusal of the catalogue, in the user's language. */
  const abgelehnt = (code: ErrorCode, params: ErrorParams = {}): CallToolResult => {
    const message = formatError(code, sprache, params);
    return { content: [text(message), text(JSON.stringify({ fehler: { code, message } }))], isError: true };
  };
  /** An operation's own refusal (a right the user lacks, an area switched off) becomes the catalogue's text. */
  const alsErgebnis = async (fn: () => Promise<CallToolResult>): Promise<CallToolResult> => {
    try {
      return await fn();
    } catch (e) {
      if (isDomainError(e)) return abgelehnt(e.code, e.params);
      throw e;
    }
  };
  /** A read: runs the function and answers. */
  const lesen = (fn: () => Promise<TAusfuehrenAntwort>) => alsErgebnis(async () => ergebnis(await fn()));
  /** A write: refused for a reading token when confirmed; a dry run says how to carry it out. */
  const schreiben = async (
    confirm: boolean | undefined,
    fn: (bestaetigt: boolean) => Promise<TAusfuehrenAntwort>,
  ) => {
    if (confirm && !darfSchreiben(nutzer.recht)) {
      const message = formatError('zugriffstoken.nur_lesen', sprache);
      return {
        content: [
          text(message),
          text(JSON.stringify({ fehler: { code: 'zugriffstoken.nur_lesen', message } })),
        ],
        isError: true,
      };
    }
    const antwort = await fn(confirm === true);
    return ergebnis(antwort, !confirm && antwort.art === 'bestaetigen' ? TROCKEN[sprache] : undefined);
  };
  const schreibend = {
    readOnlyHint: false,
    destructiveHint: false,
    idempotentHint: false,
    openWorldHint: false,
  };
  const lesend = { readOnlyHint: true, openWorldHint: false };

  server.registerTool(
    'find_free_cars',
    {
      description: 'The pool cars free for you from start to end under every booking rule (read only).',
      inputSchema: { start: ZEIT, end: ZEIT, location: ORT },
      annotations: lesend,
    },
    (a) =>
      lesen(() =>
        fahrzeugBuchen(
          auftrag({ absicht: 'fahrzeug_buchen', von: a.start, bis: a.end, standort: a.location }),
        ),
      ),
  );
  server.registerTool(
    'find_free_places',
    {
      description:
        'The desks (workspace) or reading-room places free for you: a whole day (date) or hours (start, end; ' +
        'without end until closing time). Read only.',
      inputSchema: {
        date: TAG.optional(),
        start: ZEIT.optional(),
        end: ZEIT.optional(),
        area: z.enum(['arbeitswelt', 'leseraum']).optional().describe('workspace (default) or reading room'),
        location: ORT,
      },
      annotations: lesend,
    },
    (a) =>
      lesen(() =>
        platzBuchen(
          auftrag({
            absicht: 'platz_buchen',
            ...zeitraum(a),
            standort: a.location,
            woerter: a.area === 'leseraum' ? 'lesesaal' : '',
          }),
        ),
      ),
  );
  server.registerTool(
    'list_my_bookings',
    {
      description: 'Your own upcoming car and place bookings (never anyone else’s). Read only.',
      inputSchema: {},
      annotations: lesend,
    },
    () => lesen(() => buchungenAnzeigen(auftrag({ absicht: 'buchungen_anzeigen' }))),
  );
  server.registerTool(
    'read_rules',
    {
      description:
        'The booking rules that apply to you (topic rules) or the opening hours of a day (topic opening_hours). Read only.',
      inputSchema: {
        topic: z.enum(['rules', 'opening_hours']),
        date: TAG.optional().describe('The day for the opening hours (default today)'),
        location: ORT,
      },
      annotations: lesend,
    },
    (a) =>
      lesen(() =>
        frage(
          auftrag({
            absicht: 'frage',
            ...(a.date ? zeitraum({ date: a.date }) : {}),
            standort: a.location,
            woerter: a.topic === 'rules' ? 'regeln' : 'oeffnungszeiten',
          }),
        ),
      ),
  );
  server.registerTool(
    'book_car',
    {
      description:
        'Book a pool car from start to end (vehicle_id: one of find_free_cars; default the first free one). ' +
        'Without confirm: true only answers what it would book.',
      inputSchema: {
        start: ZEIT,
        end: ZEIT,
        vehicle_id: ID('The car').optional(),
        location: ORT,
        confirm: BESTAETIGT,
      },
      annotations: schreibend,
    },
    (a) =>
      schreiben(a.confirm, (bestaetigt) =>
        fahrzeugBuchen(
          auftrag({
            absicht: 'fahrzeug_buchen',
            von: a.start,
            bis: a.end,
            standort: a.location,
            eingabe: { bestaetigt, fahrzeugId: a.vehicle_id },
          }),
        ),
      ),
  );
  server.registerTool(
    'book_place',
    {
      description:
        'Book a desk or reading-room place for a whole day (date) or hours (start, end); place_id: one of ' +
        'find_free_places (default the first free one). Without confirm: true only answers what it would book.',
      inputSchema: {
        date: TAG.optional(),
        start: ZEIT.optional(),
        end: ZEIT.optional(),
        area: z.enum(['arbeitswelt', 'leseraum']).optional(),
        place_id: ID('The place').optional(),
        location: ORT,
        confirm: BESTAETIGT,
      },
      annotations: schreibend,
    },
    (a) =>
      schreiben(a.confirm, (bestaetigt) =>
        platzBuchen(
          auftrag({
            absicht: 'platz_buchen',
            ...zeitraum(a),
            standort: a.location,
            woerter: a.area === 'leseraum' ? 'lesesaal' : '',
            eingabe: { bestaetigt, platzId: a.place_id },
          }),
        ),
      ),
  );
  server.registerTool(
    'change_booking',
    {
      description:
        'New times for one of your bookings (booking_id from list_my_bookings), same car or place: a whole day ' +
        '(date, places only) or start and end. Without confirm: true only answers what it would change.',
      inputSchema: {
        booking_id: ID('Your booking'),
        date: TAG.optional(),
        start: ZEIT.optional(),
        end: ZEIT.optional(),
        confirm: BESTAETIGT,
      },
      annotations: schreibend,
    },
    (a) =>
      schreiben(a.confirm, (bestaetigt) =>
        buchungAendern(
          auftrag({
            absicht: 'platz_buchen',
            ...zeitraum(a),
            eingabe: { bestaetigt, buchungId: a.booking_id },
          }),
        ),
      ),
  );
  server.registerTool(
    'cancel_booking',
    {
      description:
        'Cancel one of your bookings (booking_id from list_my_bookings). Without confirm: true only answers what it would cancel.',
      inputSchema: { booking_id: ID('Your booking'), confirm: BESTAETIGT },
      annotations: { ...schreibend, destructiveHint: true },
    },
    (a) =>
      schreiben(a.confirm, (bestaetigt) =>
        buchungStornieren(
          auftrag({ absicht: 'buchung_stornieren', eingabe: { bestaetigt, buchungId: a.booking_id } }),
        ),
      ),
  );
  server.registerTool(
    'check_in',
    {
      description:
        'Check in to your current place booking (booking_id optional when there is one). A car is checked in on ' +
        'its page (odometer). Without confirm: true only answers what it would do.',
      inputSchema: { booking_id: ID('Your booking').optional(), confirm: BESTAETIGT },
      annotations: schreibend,
    },
    (a) =>
      schreiben(a.confirm, (bestaetigt) =>
        einchecken(auftrag({ absicht: 'einchecken', eingabe: { bestaetigt, buchungId: a.booking_id } })),
      ),
  );
};

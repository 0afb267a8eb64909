import type { RuleViolation } from '@stellwerk/domain/errors';
import type { TFahrzeugDetail } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/api';
import { fahrzeugCustomizingAus } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/customizing';
import { tagesRaster, warumNichtBuchbar } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/erklaerung';
import type { BuchungsPruefung } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/pruefung';
import { addCalendarDays, berlinInstant, formatTimeDE } from '@stellwerk/domain/time';
import type { ResolvedCustomizing } from '@stellwerk/domain/verwaltung/customizing';

/**
 * The booking dialog's time choice ("offers only times the rules allow and says why a time is not
 * allowed"): the domain's rules (rules.ts, erklaerung.ts) run here on the vehicle's window and upcoming
 * bookings, so the dialog answers at once; the server runs the same rules again when booking.
 */
export type RegelKontext = Omit<BuchungsPruefung, 'von' | 'bis'>;

/**
 * The rules' input for a vehicle from its detail: the window the server resolved (`buchungsfenster`, passed as
 * the vehicle's own window so the tenant's switch does not replace it again), its bookings and blocks still to
 * come (a trip on the road counts as checked in), the tenant's settings. When a booking is changed, it is
 * left out of the overlap check and its start is the one it had.
 */
export const regelKontext = ({
  fahrzeug,
  settings,
  now,
  buchung,
}: {
  fahrzeug: TFahrzeugDetail;
  settings: ResolvedCustomizing;
  now: Date;
  buchung?: { id: string; von: string } | null;
}): RegelKontext => {
  const einstellungen = { ...fahrzeugCustomizingAus({ settings }), individuelleBuchungszeiten: true };
  return {
    fahrzeug: {
      deaktiviert: false,
      gueltigVon: fahrzeug.gueltigVon,
      gueltigBis: fahrzeug.gueltigBis,
      fenster: fahrzeug.buchungsfenster,
      buchungAusserhalbMoeglich: fahrzeug.buchungAusserhalbMoeglich,
    },
    buchungen: fahrzeug.termine.map((t) => ({
      id: t.id,
      von: new Date(t.von),
      bis: new Date(t.bis),
      status: t.status,
      typ: t.typ,
      fahrt: { eingechecktAm: t.status === 'aktiv' ? new Date(t.von) : null, ausgechecktAm: null },
    })),
    einstellungen,
    now,
    ...(buchung ? { ignoreId: buchung.id, bisherigerVon: new Date(buchung.von) } : {}),
  };
};

export type ZeitOption = {
  /** the instant, ISO (unique also on the autumn DST day, when 02:15 comes twice) */
  value: string;
  /** `HH:mm` */
  label: string;
  erlaubt: boolean;
  /** why not, as a catalogue code with params; null when allowed */
  grund: RuleViolation | null;
  sonderfahrt: boolean;
};

const option = (at: Date, erlaubt: boolean, grund: RuleViolation | null, sonderfahrt: boolean) => ({
  value: at.toISOString(),
  label: formatTimeDE(at),
  erlaubt,
  grund,
  sonderfahrt,
});

/** Every step of the Berlin day `tag` as a start, allowed or with the reason it is not. */
export const startOptionen = ({ tag, kontext }: { tag: string; kontext: RegelKontext }): ZeitOption[] =>
  tagesRaster({ ...kontext, tag }).map((s) => option(s.von, s.frei, s.grund, s.sonderfahrt));

/**
 * Every step of the Berlin day `tag` after `von` as an end of a booking starting at `von`, allowed or with
 * the first broken rule (midnight is the next day's 00:00).
 */
export const endOptionen = ({
  von,
  tag,
  kontext,
}: {
  von: Date;
  tag: string;
  kontext: RegelKontext;
}): ZeitOption[] => {
  const step = kontext.einstellungen.taktMinuten * 60_000;
  const start = berlinInstant(tag, '00:00').getTime();
  const end = berlinInstant(addCalendarDays(tag, 1), '00:00').getTime();
  const result: ZeitOption[] = [];
  for (let t = start; t < end; t += step) {
    if (t <= von.getTime()) continue;
    const bis = new Date(t);
    const { gruende, sonderfahrt } = warumNichtBuchbar({ ...kontext, von, bis });
    result.push(option(bis, gruende.length === 0, gruende[0] ?? null, sonderfahrt));
  }
  return result;
};

/** Every broken rule of the booking `von`–`bis` and whether it is a special trip. */
export const zeitraumPruefung = ({
  von,
  bis,
  kontext,
}: {
  von: Date;
  bis: Date;
  kontext: RegelKontext;
}): { gruende: RuleViolation[]; sonderfahrt: boolean } => warumNichtBuchbar({ ...kontext, von, bis });

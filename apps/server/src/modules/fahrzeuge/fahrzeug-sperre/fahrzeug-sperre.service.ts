/**
 * Maintenance, service and defect blocks (spec §3, §4; decision 056). A fleet manager
 * (fahrzeug_pflege) previews a block: the bookings it overlaps and, for each, a free vehicle of the same
 * location and licence class (`sperreVorschlag`). Entering it locks the vehicles in id order, computes the
 * proposal again, moves the accepted bookings, cancels the rest in bulk (never a durchgeführt one), stores
 * the block and mails every affected booker, in one transaction.
 */
import { DomainError, type RuleViolation, toDomainError } from '@stellwerk/domain/errors';
import type { TFahrzeugBuchung } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/api';
import { fahrzeugCustomizingAus } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/customizing';
import { STORNO_GRUND } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/machine';
import type { Belegung } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/rules';
import type { TFahrzeugSperreEingabe } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/schemas';
import {
  type ErsatzKandidat,
  type SperreVorschlag,
  sperreAusfuehrung,
  sperreVorschlag,
  sperreZeitraumVerstoss,
  sperrZeitraum,
} from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/sperre';
import type {
  TFahrzeugSperre,
  TFahrzeugSperreErgebnis,
  TFahrzeugSperreVorschau,
  TFahrzeugSperreVorschauEingabe,
} from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/sperre-api';
import { nichtGefunden } from '@stellwerk/domain/nicht-gefunden';
import type { Database, Tx } from '../../../db/client.ts';
import { schreibeSperrHistorie } from '../../fahrten/fahrt/fahrt.historie.ts';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import { assertDarf } from '../../identitaet/auth/auth.guards.ts';
import { loadEffectiveCustomizing } from '../../verwaltung/customizing/customizing.service.ts';
import {
  assertFeature,
  fahrzeugeFuerBuchung,
  guardUeberschneidung,
  ladeBelegungen,
  meldeAenderung,
  meldeFahrzeugBuchung,
  sonderfahrtIds,
} from '../fahrzeug-buchung/fahrzeug-buchung.kontext.ts';
import { sendeMails } from '../fahrzeug-buchung/fahrzeug-buchung.mails.ts';
import { ladeBuchungen, zeitraumText } from '../fahrzeug-buchung/fahrzeug-buchung.presenter.ts';
import { hebeSperreAuf, speichereSperre } from '../fahrzeug-buchung/fahrzeug-buchung.sperre.ts';
import { storniereDurchSystem } from '../fahrzeug-buchung/fahrzeug-buchung.system-storno.ts';
import { bucheAufFahrzeugUm } from '../fahrzeug-buchung/fahrzeug-buchung.umbuchen.ts';
import {
  findFahrzeug,
  findKandidaten,
  findSperren,
  lockFahrzeuge,
  lockSperre,
  type SperreRow,
  type SperrFahrzeugRow,
} from './fahrzeug-sperre.repository.ts';

export type FahrzeugSperreDeps = {
  database: Pick<Database, 'withTenant'>;
  now: () => Date;
  publicUrl: string;
};

const kurz = (f: Pick<SperrFahrzeugRow, 'id' | 'marke' | 'modell' | 'kennzeichen'>) => ({
  id: f.id,
  marke: f.marke,
  modell: f.modell,
  kennzeichen: f.kennzeichen,
});

const toApiSperre = (row: SperreRow, f: SperrFahrzeugRow): TFahrzeugSperre => ({
  id: row.id,
  fahrzeug: kurz(f),
  typ: row.typ === 'BUCHUNG' ? 'WARTUNG' : row.typ,
  von: row.von.toISOString(),
  bis: row.bis.toISOString(),
  status: row.status,
  informationstext: row.informationstext,
  sicherheitsrelevant: row.sicherheitsrelevant,
});

type Berechnung = {
  zeitraum: { von: Date; bis: Date; sicherheitsrelevant: boolean };
  verstoss: RuleViolation | null;
  vorschlaege: SperreVorschlag<Belegung & { id: string }>[];
  kandidaten: Map<string, SperrFahrzeugRow>;
};

/** The effective period, what refuses the block, and a proposal for every booking it overlaps. */
const berechne = async (
  tx: Tx,
  user: SessionUser,
  fahrzeugRow: SperrFahrzeugRow,
  kandidatRows: readonly SperrFahrzeugRow[],
  input: TFahrzeugSperreVorschauEingabe,
  now: Date,
): Promise<Berechnung> => {
  const zeitraum = sperrZeitraum({
    typ: input.typ,
    von: new Date(input.von),
    bis: new Date(input.bis),
    sicherheitsrelevant: input.sicherheitsrelevant,
    now,
  });
  const kandidaten = new Map(kandidatRows.filter((k) => k.id !== fahrzeugRow.id).map((k) => [k.id, k]));
  const zeitVerstoss = sperreZeitraumVerstoss({ ...zeitraum, now });
  if (zeitVerstoss) return { zeitraum, verstoss: zeitVerstoss, vorschlaege: [], kandidaten };
  const einstellungen = fahrzeugCustomizingAus({
    settings: await loadEffectiveCustomizing(tx, user.benutzerId),
  });
  const eigene =
    (await ladeBelegungen(tx, [fahrzeugRow.id], zeitraum.von, zeitraum.bis, einstellungen)).get(
      fahrzeugRow.id,
    ) ?? [];
  // the candidates' bookings around the trips that may move (each moves whole, also beyond the block)
  const betroffen = eigene.filter((b) => b.von < zeitraum.bis && zeitraum.von < b.bis);
  const ab = new Date(Math.min(zeitraum.von.getTime(), ...betroffen.map((b) => b.von.getTime())));
  const bis = new Date(Math.max(zeitraum.bis.getTime(), ...betroffen.map((b) => b.bis.getTime())));
  const belegt =
    betroffen.length === 0
      ? new Map()
      : await ladeBelegungen(tx, [...kandidaten.keys()], ab, bis, einstellungen);
  // every rule of each candidate applies to a move, as to a new booking (decision 111): its window rows too
  const fuerBuchung =
    betroffen.length === 0 ? new Map() : await fahrzeugeFuerBuchung(tx, [...kandidaten.keys()]);
  const ersatz: ErsatzKandidat[] = [...kandidaten.values()].map((k) => ({
    id: k.id,
    standortId: k.standortId,
    fuehrerscheinklasse: k.fuehrerscheinklasse,
    deaktiviert: k.deaktiviert,
    gueltigVon: k.gueltigVon,
    gueltigBis: k.gueltigBis,
    buchungen: belegt.get(k.id) ?? [],
    fenster: fuerBuchung.get(k.id)?.fenster ?? null,
    buchungAusserhalbMoeglich: fuerBuchung.get(k.id)?.buchungAusserhalbMoeglich ?? false,
  }));
  const sonderfahrten = await sonderfahrtIds(
    tx,
    betroffen.map((b) => b.id),
  );
  const { verstoss, vorschlaege } = sperreVorschlag({
    typ: input.typ,
    von: zeitraum.von,
    bis: zeitraum.bis,
    fahrzeug: fahrzeugRow,
    buchungen: eigene,
    kandidaten: ersatz,
    mindestabstandStunden: einstellungen.mindestabstandStunden,
    mindestabstandMinuten: einstellungen.mindestabstandMinuten,
    einstellungen,
    sonderfahrten,
    now,
  });
  return { zeitraum, verstoss, vorschlaege, kandidaten };
};

const ladeFahrzeug = async (tx: Tx, id: string) => {
  const row = await findFahrzeug(tx, id);
  if (!row) throw nichtGefunden('fahrzeug', id);
  return row;
};

/** POST /api/fahrzeug-sperren/vorschau: what a block would move and cancel, before anything changes. */
export const vorschauSperre = (
  deps: FahrzeugSperreDeps,
  user: SessionUser,
  input: TFahrzeugSperreVorschauEingabe,
): Promise<TFahrzeugSperreVorschau> => {
  assertDarf(user, 'fuhrpark.verwalten');
  return deps.database.withTenant(user.mandantId, async (tx) => {
    await assertFeature(tx);
    const now = deps.now();
    const fahrzeugRow = await ladeFahrzeug(tx, input.fahrzeugId);
    const kandidatRows = await findKandidaten(tx, fahrzeugRow);
    const r = await berechne(tx, user, fahrzeugRow, kandidatRows, input, now);
    const buchungen = new Map(
      (
        await ladeBuchungen(
          tx,
          r.vorschlaege.map((v) => v.buchung.id),
          user,
          now,
        )
      ).map((b) => [b.id, b]),
    );
    return {
      von: r.zeitraum.von.toISOString(),
      bis: r.zeitraum.bis.toISOString(),
      verstoss: r.verstoss ? { code: r.verstoss.code, params: r.verstoss.params } : null,
      vorschlaege: r.vorschlaege.flatMap((v) => {
        const b = buchungen.get(v.buchung.id);
        if (!b) return [];
        const ziel = v.aktion === 'umbuchen' ? r.kandidaten.get(v.fahrzeugId) : undefined;
        return [
          {
            buchung: {
              id: b.id,
              von: b.von,
              bis: b.bis,
              status: b.status,
              buchender: b.buchender,
              anlass: b.anlass,
            },
            aktion: ziel ? ('umbuchen' as const) : ('stornieren' as const),
            ersatz: ziel ? kurz(ziel) : null,
            grund: STORNO_GRUND[input.typ],
          },
        ];
      }),
    };
  });
};

const fahrzeugText = (f: Pick<TFahrzeugBuchung['fahrzeug'], 'marke' | 'modell' | 'kennzeichen'>) =>
  `${f.marke} ${f.modell} (${f.kennzeichen})`;

/**
 * POST /api/fahrzeug-sperren: enters the block. The accepted moves must still be what the proposal offers
 * (else 409 `fahrzeug_sperre.vorschau_veraltet`); the other overlapping bookings are cancelled with the
 * block's reason. Moved bookers get a mail naming the new car, cancelled ones the cancellation mail.
 */
/** The history's name of a block (German, like every stored history text). */
const SPERR_NAME: Record<string, string> = {
  WARTUNG: 'Wartung',
  SERVICE: 'Service',
  DEFEKT: 'Defekt, außer Betrieb',
  BUCHUNG: 'Sperre',
};

export const legeSperreAn = (
  deps: FahrzeugSperreDeps,
  user: SessionUser,
  input: TFahrzeugSperreEingabe,
): Promise<TFahrzeugSperreErgebnis> => {
  assertDarf(user, 'fuhrpark.verwalten');
  return deps.database.withTenant(user.mandantId, async (tx) => {
    await assertFeature(tx);
    return sperreEintragen(tx, deps, user, input, { alleUmbuchen: false });
  });
};

/**
 * Enters a block in the caller's transaction (the steps of `legeSperreAn`). With `alleUmbuchen` every move the
 * proposal offers is taken and the rest cancelled: a safety-relevant damage reported at a check-in or check-out
 * (decision 064) blocks the vehicle at once, without a person to decide each move.
 */
export const sperreEintragen = async (
  tx: Tx,
  deps: FahrzeugSperreDeps,
  user: SessionUser,
  input: TFahrzeugSperreEingabe,
  { alleUmbuchen }: { alleUmbuchen: boolean },
): Promise<TFahrzeugSperreErgebnis> => {
  {
    const now = deps.now();
    const vorab = await ladeFahrzeug(tx, input.fahrzeugId);
    const vorabKandidaten = await findKandidaten(tx, vorab);
    await lockFahrzeuge(tx, [vorab.id, ...vorabKandidaten.map((k) => k.id)]);
    // read again under the locks: what the rules see cannot change until the commit
    const fahrzeugRow = await ladeFahrzeug(tx, input.fahrzeugId);
    const kandidatRows = (await findKandidaten(tx, fahrzeugRow)).filter((k) =>
      vorabKandidaten.some((v) => v.id === k.id),
    );
    const r = await berechne(tx, user, fahrzeugRow, kandidatRows, input, now);
    if (r.verstoss) throw toDomainError(r.verstoss);
    const angenommen = alleUmbuchen
      ? r.vorschlaege.flatMap((v) =>
          v.aktion === 'umbuchen' ? [{ buchungId: v.buchung.id, fahrzeugId: v.fahrzeugId }] : [],
        )
      : input.umbuchungen;
    const plan = sperreAusfuehrung({ vorschlaege: r.vorschlaege, angenommen });
    if (plan.veraltet) throw new DomainError('fahrzeug_sperre.vorschau_veraltet');

    const grund = STORNO_GRUND[input.typ];
    const vorher = new Map(
      (
        await ladeBuchungen(
          tx,
          [...plan.umbuchen.map((u) => u.buchung.id), ...plan.stornieren.map((b) => b.id)],
          user,
          now,
        )
      ).map((b) => [b.id, b]),
    );
    for (const u of plan.umbuchen)
      await bucheAufFahrzeugUm(tx, { id: u.buchung.id, fahrzeugId: u.fahrzeugId });
    // the block mails the cancelled and the moved trips together, below
    const storniert = await storniereDurchSystem(tx, deps, user, {
      ids: plan.stornieren.map((b) => b.id),
      grund,
      benachrichtigen: false,
    });
    const sperre = await guardUeberschneidung(() =>
      speichereSperre(tx, {
        mandantId: user.mandantId,
        benutzerId: user.benutzerId,
        fahrzeugId: fahrzeugRow.id,
        typ: input.typ,
        von: r.zeitraum.von,
        bis: r.zeitraum.bis,
        informationstext: input.informationstext?.trim() || null,
        sicherheitsrelevant: r.zeitraum.sicherheitsrelevant,
      }),
    );
    await schreibeSperrHistorie(tx, {
      mandantId: user.mandantId,
      fahrzeugId: fahrzeugRow.id,
      fahrzeugBuchungId: sperre.id,
      typ: input.typ === 'DEFEKT' ? 'STATUSAENDERUNG' : input.typ,
      status: sperre.status,
      beschreibung: [
        `${SPERR_NAME[input.typ]} ${zeitraumText(r.zeitraum.von, r.zeitraum.bis)}`,
        r.zeitraum.sicherheitsrelevant ? 'sicherheitsrelevant' : null,
        input.informationstext?.trim() || null,
      ]
        .filter(Boolean)
        .join(' · '),
      benutzerId: user.benutzerId,
      zeitpunkt: now,
    });

    const nachher = await ladeBuchungen(
      tx,
      [...plan.umbuchen.map((u) => u.buchung.id), ...storniert],
      user,
      now,
    );
    for (const b of nachher) {
      const alt = vorher.get(b.id);
      if (b.status === 'storniert') await sendeMails(tx, deps, user, b, { typ: 'storniert', grund });
      else
        await sendeMails(tx, deps, user, b, {
          typ: 'umgebucht',
          alt: alt
            ? `${fahrzeugText(alt.fahrzeug)}, ${zeitraumText(new Date(alt.von), new Date(alt.bis))}`
            : undefined,
          grund: grund.replace(/^Storno wegen /, '').replace(/\.$/, ''),
        });
      await meldeAenderung(tx, user.mandantId, b);
      // the car it left changed as well
      if (alt && alt.fahrzeug.id !== b.fahrzeug.id) await meldeAenderung(tx, user.mandantId, alt);
    }
    // a block names no person: the fleet staff hear it, everyone else the vehicle's occupancy (decision 115)
    await meldeFahrzeugBuchung(tx, user.mandantId, { id: sperre.id, fahrzeugId: fahrzeugRow.id }, []);
    return {
      sperre: toApiSperre(sperre, fahrzeugRow),
      umgebucht: plan.umbuchen.map((u) => ({
        buchungId: u.buchung.id,
        fahrzeug: kurz(r.kandidaten.get(u.fahrzeugId)!),
      })),
      storniert,
    };
  }
};

/** GET /api/fahrzeug-sperren?fahrzeugId=: the vehicle's blocks that have not ended. */
export const listSperren = (
  deps: FahrzeugSperreDeps,
  user: SessionUser,
  fahrzeugId: string,
): Promise<TFahrzeugSperre[]> => {
  assertDarf(user, 'fuhrpark.verwalten');
  return deps.database.withTenant(user.mandantId, async (tx) => {
    await assertFeature(tx);
    const f = await ladeFahrzeug(tx, fahrzeugId);
    return (await findSperren(tx, { fahrzeugId, now: deps.now() })).map((s) => toApiSperre(s, f));
  });
};

/**
 * DELETE /api/fahrzeug-sperren/{id}: lifts a block that has not ended; it is kept as storniert. Bookings it
 * cancelled stay cancelled (their bookers were told and may book again).
 */
export const hebeSperreAufById = (deps: FahrzeugSperreDeps, user: SessionUser, id: string): Promise<void> => {
  assertDarf(user, 'fuhrpark.verwalten');
  return deps.database.withTenant(user.mandantId, async (tx) => {
    await assertFeature(tx);
    const sperre = await lockSperre(tx, id);
    if (!sperre) throw nichtGefunden('fahrzeug_sperre', id);
    if (sperre.status === 'storniert' || sperre.bis.getTime() <= deps.now().getTime())
      throw new DomainError('fahrzeug_buchung.schritt_nicht_erlaubt', { status: sperre.status });
    await hebeSperreAuf(tx, { id, status: sperre.status });
    await schreibeSperrHistorie(tx, {
      mandantId: user.mandantId,
      fahrzeugId: sperre.fahrzeugId,
      fahrzeugBuchungId: id,
      typ: 'STATUSAENDERUNG',
      status: 'storniert',
      beschreibung: `${SPERR_NAME[sperre.typ]} aufgehoben (${zeitraumText(sperre.von, sperre.bis)})`,
      benutzerId: user.benutzerId,
      zeitpunkt: deps.now(),
    });
    await meldeFahrzeugBuchung(tx, user.mandantId, { id, fahrzeugId: sperre.fahrzeugId }, []);
  });
};

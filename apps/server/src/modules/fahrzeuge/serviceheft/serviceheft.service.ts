/**
 * The service book of a vehicle (decision 068): read by everyone in the vehicle module
 * (fahrzeug_buchen, fahrzeug_fremdbuchung) and the fleet (fahrzeug_pflege, fahrzeug_logbuch_report); entries
 * written by fleet managers (fahrzeug_pflege). Another tenant's or an unknown vehicle is 404.
 */
import {
  sortiereServiceheft,
  type TServiceheft,
  type TServiceheftEingabe,
  type TServiceheftEintrag,
} from '@stellwerk/domain/fahrzeuge/fahrzeug/serviceheft';
import { nichtGefunden } from '@stellwerk/domain/nicht-gefunden';
import { darf } from '@stellwerk/domain/policy';
import { berlinDateKey, berlinInstant } from '@stellwerk/domain/time';
import type { Database, Tx } from '../../../db/client.ts';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import { assertDarf } from '../../identitaet/auth/auth.guards.ts';
import { writeAudit } from '../../plattform/audit/audit.service.ts';
import { setzeFaelligkeit } from '../fahrzeug/fahrzeug.faelligkeit.ts';
import { assertFeature } from '../fahrzeug-buchung/fahrzeug-buchung.kontext.ts';
import {
  findEintraege,
  findServiceheftFahrzeug,
  findWartungsSperren,
  insertEintrag,
} from './serviceheft.repository.ts';

export type ServiceheftDeps = { database: Database };

const name = (r: { vorname: string | null; nachname: string | null }) =>
  r.vorname || r.nachname ? `${r.vorname ?? ''} ${r.nachname ?? ''}`.trim() : null;

const lade = async (tx: Tx, user: SessionUser, fahrzeugId: string): Promise<TServiceheft> => {
  const f = await findServiceheftFahrzeug(tx, fahrzeugId);
  if (!f) throw nichtGefunden('fahrzeug', fahrzeugId);
  const eintraege: TServiceheftEintrag[] = (await findEintraege(tx, fahrzeugId)).map((r) => ({
    id: r.id,
    typ: r.typ,
    beschreibung: r.beschreibung,
    von: berlinDateKey(r.von),
    bis: r.bis ? berlinDateKey(r.bis) : null,
    quelle: 'eintrag',
    erfasstVon: name(r),
  }));
  const sperren: TServiceheftEintrag[] = (await findWartungsSperren(tx, fahrzeugId)).map((r) => ({
    id: r.id,
    typ: r.typ,
    beschreibung: r.beschreibung,
    von: berlinDateKey(r.von),
    // a block is half-open: its last day is the day before an end at midnight
    bis: berlinDateKey(new Date(r.bis.getTime() - 1)),
    quelle: 'sperre',
    erfasstVon: name(r),
  }));
  return {
    fahrzeugId,
    huFaelligAm: f.huFaelligAm,
    uvvFaelligAm: f.uvvFaelligAm,
    eintraege: sortiereServiceheft([...eintraege, ...sperren]),
    kannErfassen: darf('fuhrpark.verwalten', user),
  };
};

/** GET /api/fahrzeuge/{id}/serviceheft */
export const getServiceheft = (deps: ServiceheftDeps, user: SessionUser, fahrzeugId: string) => {
  assertDarf(user, 'serviceheft.lesen');
  return deps.database.withTenant(user.mandantId, async (tx) => {
    await assertFeature(tx);
    return lade(tx, user, fahrzeugId);
  });
};

/** POST /api/fahrzeuge/{id}/serviceheft: a new entry; an HU/UVV entry may set the next due day. */
export const createServiceheftEintrag = (
  deps: ServiceheftDeps,
  user: SessionUser,
  fahrzeugId: string,
  input: TServiceheftEingabe,
) => {
  assertDarf(user, 'fuhrpark.verwalten');
  return deps.database.withTenant(user.mandantId, async (tx) => {
    await assertFeature(tx);
    if (!(await findServiceheftFahrzeug(tx, fahrzeugId))) throw nichtGefunden('fahrzeug', fahrzeugId);
    const id = await insertEintrag(tx, {
      mandantId: user.mandantId,
      fahrzeugId,
      typ: input.typ,
      beschreibung: input.beschreibung,
      von: berlinInstant(input.von, '00:00'),
      bis: input.bis ? berlinInstant(input.bis, '00:00') : null,
      benutzerId: user.benutzerId,
    });
    if (input.naechsteFaelligkeit)
      await setzeFaelligkeit(
        tx,
        fahrzeugId,
        input.typ === 'HU'
          ? { huFaelligAm: input.naechsteFaelligkeit }
          : { uvvFaelligAm: input.naechsteFaelligkeit },
      );
    await writeAudit(tx, {
      mandantId: user.mandantId,
      benutzerId: user.benutzerId,
      action: 'create',
      entity: 'serviceheft_eintrag',
      entityId: id,
      newValue: { fahrzeugId, typ: input.typ, von: input.von, bis: input.bis },
    });
    return lade(tx, user, fahrzeugId);
  });
};

import { fahrzeug } from '../modules/fahrzeuge/fahrzeug/fahrzeug.table.ts';
import { benutzer } from '../modules/identitaet/benutzer/benutzer.table.ts';
import { grundrissLeseraum, leseraum } from '../modules/leseraum/leseraum/leseraum.table.ts';
import { mandant } from '../modules/verwaltung/mandant/mandant.table.ts';
import { standort } from '../modules/verwaltung/standort/standort.table.ts';
import type { Db } from './client.ts';

export type TenantFixture = {
  mandantId: string;
  benutzerId: string;
  standortId: string;
  fahrzeugIds: [string, string];
  grundrissId: string;
  leseraumIds: [string, string];
};

/** A minimal tenant (one user, location, two vehicles, a floor plan with two seats), inserted as owner. */
export const createTenantFixture = async (db: Db, name: string): Promise<TenantFixture> => {
  const [m] = await db.insert(mandant).values({ name }).returning({ id: mandant.id });
  const mandantId = m!.id;
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const [b] = await db
    .insert(benutzer)
    .values({ mandantId, vorname: 'Erika', nachname: 'Muster', email: `erika@${slug}.example` })
    .returning({ id: benutzer.id });
  const [s] = await db.insert(standort).values({ mandantId, name: 'Hof' }).returning({ id: standort.id });
  const vehicles = await db
    .insert(fahrzeug)
    .values([
      { mandantId, standortId: s!.id, marke: 'Volkswagen', modell: 'ID.3', kennzeichen: `${slug}-1` },
      { mandantId, standortId: s!.id, marke: 'Škoda', modell: 'Octavia', kennzeichen: `${slug}-2` },
    ])
    .returning({ id: fahrzeug.id });
  const [g] = await db
    .insert(grundrissLeseraum)
    .values({ mandantId, bezeichnung: 'Lesesaal', standortId: s!.id })
    .returning({ id: grundrissLeseraum.id });
  const rooms = await db
    .insert(leseraum)
    .values([
      { mandantId, grundrissId: g!.id, bezeichnung: 'Platz 1', position: { x: 100, y: 100 } },
      { mandantId, grundrissId: g!.id, bezeichnung: 'Platz 2', position: { x: 200, y: 100 } },
    ])
    .returning({ id: leseraum.id });
  return {
    mandantId,
    benutzerId: b!.id,
    standortId: s!.id,
    fahrzeugIds: [vehicles[0]!.id, vehicles[1]!.id],
    grundrissId: g!.id,
    leseraumIds: [rooms[0]!.id, rooms[1]!.id],
  };
};

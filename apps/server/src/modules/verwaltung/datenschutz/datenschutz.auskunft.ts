/**
 * The access request (Art. 15 and 20 GDPR, decision 200): everything the product stores about one person, per
 * data category of the declarations, in the person's language; the person for themself, an administrator with
 * the users right for a person of the tenant (audited). Another tenant's person is 404.
 */

import { nichtGefunden } from '@stellwerk/domain/nicht-gefunden';
import type { TDatenauskunft } from '@stellwerk/domain/verwaltung/datenschutz/api';
import { DATENKATEGORIEN, RECHTSGRUNDLAGEN } from '@stellwerk/domain/verwaltung/datenschutz/deklarationen';
import type { Database } from '../../../db/client.ts';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import { assertDarf } from '../../identitaet/auth/auth.guards.ts';
import { writeAudit } from '../../plattform/audit/audit.service.ts';
import { nameDesMandanten } from '../mandant/mandant.service.ts';
import { findPerson, leseDatenDerPerson } from './datenschutz.repository.ts';

export type AuskunftDeps = { database: Database; now: () => Date };

export const erstelleAuskunft = async (
  { database, now }: AuskunftDeps,
  user: SessionUser,
  benutzerId: string,
  sprache: 'de' | 'en',
): Promise<TDatenauskunft> => {
  // one's own report needs no right; another person's needs the policy (checked here and by the route)
  if (benutzerId !== user.benutzerId) assertDarf(user, 'datenauskunft.erstellen');
  return database.withTenant(user.mandantId, async (tx) => {
    const person = await findPerson(tx, benutzerId);
    if (!person) throw nichtGefunden('benutzer', benutzerId);
    const daten = await leseDatenDerPerson(tx, person);
    const verantwortlicher = await nameDesMandanten(tx, user.mandantId);
    if (benutzerId !== user.benutzerId)
      await writeAudit(tx, {
        mandantId: user.mandantId,
        benutzerId: user.benutzerId,
        action: 'datenauskunft',
        entity: 'benutzer',
        entityId: benutzerId,
      });
    const { authUserId: _intern, ...sichtbar } = person;
    return {
      erstelltAm: now().toISOString(),
      sprache,
      verantwortlicher,
      person: sichtbar,
      kategorien: DATENKATEGORIEN.map((k) => ({
        id: k.id,
        titel: k.titel[sprache],
        daten: k.daten[sprache],
        zweck: k.zweck[sprache],
        rechtsgrundlage: RECHTSGRUNDLAGEN[k.rechtsgrundlage][sprache],
        empfaenger: k.empfaenger[sprache],
        aufbewahrung: k.aufbewahrung[sprache],
        eintraege: daten[k.id] ?? [],
      })),
    };
  });
};

import type { TMe } from '@stellwerk/domain/api';
import type {
  TCustomizingEintrag,
  TEigenesCustomizing,
  TGruppenCustomizing,
  TMandantenCustomizing,
} from '@stellwerk/domain/verwaltung/admin-stammdaten.api';
import { CUSTOMIZING_OPTIONS } from '@stellwerk/domain/verwaltung/customizing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf } from '../../../../test/api-call.ts';
import { signInAs } from '../../../../test/fixtures/anmelden.ts';
import { FUHRPARK_ROLLEN } from '../../../../test/fixtures/fuhrpark.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { ADMIN, ADMINISTRATION, ANDERER_MANDANT } from '../../../../test/fixtures/verwaltung.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';
import { benutzer } from '../../identitaet/benutzer/benutzer.public.ts';
import { auditLog } from '../../plattform/audit/audit.public.ts';
import { EVENTS_CHANNEL } from '../../plattform/events/events.service.ts';
import { customizingOption } from './customizing.table.ts';

const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

/**
 * Musterstadt (German, the vehicle booking on) with one group, "Alle Mitarbeitenden", which holds the booker; its
 * administrator, fleet manager (who holds the report right) and booker. Beispielhausen (the vehicle booking off) with
 * its administrator, its room care (reads the settings, writes none) and the keeper of opening hours (who may not
 * write a setting).
 */
const mandanten = async (server: TestServer) => ({
  ms: await fixtureMandant(server.database, {
    name: 'Stadtwerke Musterstadt',
    domain: 'musterstadt.example',
    features: { FahrzeugBuchung: true, Leseraum: true },
    einstellungen: { Sprache: 'de' },
    rollen: {
      Mitarbeiter: FUHRPARK_ROLLEN.Mitarbeiter,
      Fuhrparkleitung: FUHRPARK_ROLLEN.Fuhrparkleitung,
      ...ADMINISTRATION,
    },
    gruppen: { 'Alle Mitarbeitenden': { rollen: ['Mitarbeiter'] } },
    benutzer: {
      mitarbeiter: {
        vorname: 'Lena',
        nachname: 'Hoffmann',
        rollen: ['Mitarbeiter'],
        gruppen: ['Alle Mitarbeitenden'],
      },
      fuhrpark: { vorname: 'Thomas', nachname: 'Becker', rollen: ['Fuhrparkleitung'] },
      admin: ADMIN,
    },
  }),
  bh: await fixtureMandant(server.database, {
    ...ANDERER_MANDANT,
    einstellungen: { Sprache: 'de' },
    rollen: {
      ...ANDERER_MANDANT.rollen,
      Raumpflege: ['objekt_pflege', 'ausstattungs_pflege', 'auslastung_sehen'],
      Öffnungszeitenpflege: ['oeffnungszeiten_pflege'],
    },
    benutzer: {
      ...ANDERER_MANDANT.benutzer,
      fuhrpark: { vorname: 'Michael', nachname: 'Fischer', rollen: ['Raumpflege'] },
      fuehrerschein: { vorname: 'Stefan', nachname: 'Wolf', rollen: ['Öffnungszeitenpflege'] },
    },
  }),
});

describe.each(testDrivers())('settings on %s', (driver) => {
  let server: TestServer;
  let adminMS: string;
  let fleetMS: string;
  let bookerMS: string;
  let raumpflegeBH: string;
  let adminBH: string;
  let oeffnungBH: string;
  beforeAll(async () => {
    server = await startTestServer({ driver, seed: false });
    const { ms, bh } = await mandanten(server);
    [adminMS, fleetMS, bookerMS, raumpflegeBH, adminBH, oeffnungBH] = await Promise.all([
      signInAs(server, ms.benutzer.admin),
      signInAs(server, ms.benutzer.fuhrpark),
      signInAs(server, ms.benutzer.mitarbeiter),
      signInAs(server, bh.benutzer.fuhrpark),
      signInAs(server, bh.benutzer.admin),
      signInAs(server, bh.benutzer.fuehrerschein),
    ]);
  });
  afterAll(async () => {
    await server?.close();
  });

  const tenantCustomizing = async (cookie: string) => {
    const response = await call(server, cookie, 'GET', '/api/customizing/mandant');
    expect(response.status).toBe(200);
    return (await response.json()) as TMandantenCustomizing;
  };
  const put = (cookie: string, name: string, value: unknown) =>
    call(server, cookie, 'PUT', `/api/customizing/mandant/${name}`, { value });

  describe('tenant level (/admin/einstellungen)', () => {
    it('refuses without a session (401) and without the settings guard (403)', async () => {
      expect((await call(server, null, 'GET', '/api/customizing/mandant')).status).toBe(401);
      const booker = await call(server, bookerMS, 'GET', '/api/customizing/mandant');
      expect(booker.status).toBe(403);
      expect((await errorOf(booker)).code).toBe('guard.no_admin');
      const response = await put(oeffnungBH, 'Sprache', 'en');
      expect(response.status).toBe(403);
      expect((await errorOf(response)).code).toBe('guard.no_einstellungen');
    });

    it('lists every catalogue option with type, unit, levels, default, tenant value and texts', async () => {
      const { optionen, gruppen } = await tenantCustomizing(adminMS);
      const tenantOptions = CUSTOMIZING_OPTIONS.filter((o) => o.levels.includes('mandant'));
      expect(optionen.map((o) => o.name)).toEqual(tenantOptions.map((o) => o.name));
      expect(optionen.find((o) => o.name === 'Sprache')).toMatchObject({
        value: 'de',
        default: 'de',
        canEdit: true,
      });
      expect(optionen.find((o) => o.name === 'LeseraumVorausbuchbareTage')).toMatchObject({
        typ: 'number',
        unit: 'tage',
        default: 14,
        value: null,
        min: 0,
        max: 365,
        feature: 'Leseraum',
      });
      expect(optionen.find((o) => o.name === 'FahrzeugCheckInAktiv')!.levels).toEqual(['mandant']);
      expect(gruppen.map((g) => g.name)).toEqual(['Alle Mitarbeitenden']);
    });

    it('a tenant with vehicle booking off gets no vehicle options (no vehicle tab)', async () => {
      const { optionen } = await tenantCustomizing(adminBH);
      expect(optionen.some((o) => o.feature === 'FahrzeugBuchung')).toBe(false);
      expect(optionen.some((o) => o.feature === 'Leseraum')).toBe(true);
    });

    it('room care opens the page read-only; the fleet side writes only vehicle options', async () => {
      const { optionen } = await tenantCustomizing(raumpflegeBH);
      expect(optionen.every((o) => !o.canEdit)).toBe(true);
      const refused = await put(raumpflegeBH, 'LeseraumVorausbuchbareTage', 7);
      expect(refused.status).toBe(403);
      expect((await errorOf(refused)).code).toBe('auth.forbidden');
      expect((await put(fleetMS, 'FahrzeugCheckInMinutenVorBeginn', 20)).status).toBe(200);
      expect((await put(fleetMS, 'LeseraumVorausbuchbareTage', 7)).status).toBe(403);
    });

    it('answers the spec messages for an unknown option, a wrong type and an invalid time', async () => {
      const unknown = await put(adminMS, 'GibtEsNicht', 1);
      expect(unknown.status).toBe(404);
      expect((await errorOf(unknown)).message).toBe('keine CustomizingOption zu GibtEsNicht gefunden!');
      const wrongType = await put(adminMS, 'LeseraumVorausbuchbareTage', '7');
      expect(wrongType.status).toBe(400);
      expect((await errorOf(wrongType)).message).toBe('Wert zum mappen muss vom Typ number sein!');
      const badTime = await put(adminMS, 'FahrzeugPflegehinweisZeit', '25:00');
      expect(badTime.status).toBe(400);
      expect((await errorOf(badTime)).message).toBe('Zeit zum setzen ist kein valider String.');
      const outOfRange = await put(adminMS, 'LeseraumVorausbuchbareTage', 1000);
      expect((await errorOf(outOfRange)).code).toBe('customizing.out_of_range');
    });

    it('a change is saved at tenant level, audited and announced; an unchanged value is not saved; null removes it', async () => {
      const events: { mandantId: string; event: { type: string } }[] = [];
      const unlisten = await server.database.listen(EVENTS_CHANNEL, (p) => events.push(JSON.parse(p)));
      const saved = await put(adminMS, 'LeseraumVorausbuchbareTage', 21);
      expect(saved.status).toBe(200);
      expect(((await saved.json()) as TCustomizingEintrag).value).toBe(21);
      await settle();
      expect(events.filter((e) => e.event.type === 'customizing')).toHaveLength(1);
      const booker = (await (await call(server, bookerMS, 'GET', '/api/me')).json()) as TMe;
      expect(booker.customizing.LeseraumVorausbuchbareTage).toEqual({ value: 21, source: 'mandant' });

      expect((await put(adminMS, 'LeseraumVorausbuchbareTage', 21)).status).toBe(200);
      await settle();
      expect(events.filter((e) => e.event.type === 'customizing')).toHaveLength(1);

      const removed = await put(adminMS, 'LeseraumVorausbuchbareTage', null);
      expect(((await removed.json()) as TCustomizingEintrag).value).toBeNull();
      await settle();
      await unlisten();
      expect(events.filter((e) => e.event.type === 'customizing')).toHaveLength(2);
      const audit = await server.database.db
        .select({ action: auditLog.action, oldValue: auditLog.oldValue, newValue: auditLog.newValue })
        .from(auditLog)
        .where(
          and(
            eq(auditLog.entity, 'customizing.mandant'),
            eq(auditLog.entityId, 'LeseraumVorausbuchbareTage'),
          ),
        )
        .orderBy(auditLog.at);
      expect(audit).toEqual([
        { action: 'update', oldValue: null, newValue: { wert: 21 } },
        { action: 'delete', oldValue: { wert: 21 }, newValue: null },
      ]);
      const after = (await (await call(server, bookerMS, 'GET', '/api/me')).json()) as TMe;
      expect(after.customizing.LeseraumVorausbuchbareTage).toEqual({ value: 14, source: 'default' });
    });

    it('tenant settings stay within the tenant', async () => {
      expect((await put(adminBH, 'Zoom', 150)).status).toBe(200);
      const ms = await tenantCustomizing(adminMS);
      expect(ms.optionen.find((o) => o.name === 'Zoom')!.value).toBeNull();
    });
  });

  describe('group level', () => {
    it('shows only options a group may override and writes them for the own tenant’s groups only', async () => {
      const { gruppen } = await tenantCustomizing(adminMS);
      const gruppeId = gruppen[0]!.id;
      const response = await call(server, adminMS, 'GET', `/api/customizing/gruppen/${gruppeId}`);
      expect(response.status).toBe(200);
      const group = (await response.json()) as TGruppenCustomizing;
      expect(group.gruppe.name).toBe('Alle Mitarbeitenden');
      expect(group.optionen.every((o) => o.levels.includes('gruppe'))).toBe(true);
      expect(group.optionen.some((o) => o.name === 'FahrzeugCheckInAktiv')).toBe(false);

      const tenantOnly = await call(
        server,
        adminMS,
        'PUT',
        `/api/customizing/gruppen/${gruppeId}/FahrzeugCheckInAktiv`,
        {
          value: false,
        },
      );
      expect(tenantOnly.status).toBe(403);
      expect((await errorOf(tenantOnly)).code).toBe('customizing.level_not_allowed');

      const saved = await call(server, adminMS, 'PUT', `/api/customizing/gruppen/${gruppeId}/Zoom`, {
        value: 125,
      });
      expect(saved.status).toBe(200);
      const booker = (await (await call(server, bookerMS, 'GET', '/api/me')).json()) as TMe;
      expect(booker.customizing.Zoom).toEqual({ value: 125, source: 'gruppe' });

      for (const [method, path, body] of [
        ['GET', `/api/customizing/gruppen/${gruppeId}`, undefined],
        ['PUT', `/api/customizing/gruppen/${gruppeId}/Zoom`, { value: 50 }],
      ] as const) {
        const other = await call(server, adminBH, method, path, body);
        expect(other.status, `${method} ${path}`).toBe(404);
      }
    });
  });

  describe('personal settings', () => {
    const mine = async (cookie: string) => {
      const response = await call(server, cookie, 'GET', '/api/customizing/benutzer');
      expect(response.status).toBe(200);
      return (await response.json()) as TEigenesCustomizing;
    };

    it('401 without a session', async () => {
      expect((await call(server, null, 'GET', '/api/customizing/benutzer')).status).toBe(401);
      expect(
        (await call(server, null, 'PUT', '/api/me/profil', { vorname: 'A', nachname: 'B' })).status,
      ).toBe(401);
    });

    it('lists the user-editable options; the vehicle report settings only with fahrzeug_logbuch_report', async () => {
      const booker = await mine(bookerMS);
      const names = booker.optionen.map((o) => o.name);
      expect(names).toContain('BenachrichtigungStornierung');
      expect(names).not.toContain('FahrzeugReportRhythmus');
      expect(names).not.toContain('FahrzeugCheckInAktiv');
      const fleet = await mine(fleetMS);
      expect(fleet.optionen.find((o) => o.name === 'FahrzeugReportRhythmus')).toMatchObject({
        value: null,
        effective: 'monatlich',
        source: 'default',
        allowedValues: ['monatlich', 'quartalsweise', 'halbjaehrlich', 'jaehrlich'],
      });
    });

    it("shows the tenant's and the group's value beside the own one (R295)", async () => {
      const { gruppen } = await tenantCustomizing(adminMS);
      const alle = gruppen.find((g) => g.name === 'Alle Mitarbeitenden')!;
      const gruppePath = `/api/customizing/gruppen/${alle.id}/Tageszeit`;
      expect((await put(adminMS, 'Tageszeit', 'vormittags')).status).toBe(200);
      expect((await call(server, adminMS, 'PUT', gruppePath, { value: 'nachmittags' })).status).toBe(200);
      try {
        const before = (await mine(bookerMS)).optionen.find((o) => o.name === 'Tageszeit')!;
        expect(before).toMatchObject({
          value: null,
          effective: 'nachmittags',
          source: 'gruppe',
          mandantWert: 'vormittags',
          gruppenWert: { gruppe: 'Alle Mitarbeitenden', value: 'nachmittags' },
        });
        const own = await call(server, bookerMS, 'PUT', '/api/customizing/benutzer/Tageszeit', {
          value: 'ganztags',
        });
        expect(own.status).toBe(200);
        expect((await mine(bookerMS)).optionen.find((o) => o.name === 'Tageszeit')).toMatchObject({
          value: 'ganztags',
          effective: 'ganztags',
          source: 'benutzer',
          mandantWert: 'vormittags',
          gruppenWert: { gruppe: 'Alle Mitarbeitenden', value: 'nachmittags' },
        });
        // nothing set above the user: both null
        expect((await mine(bookerMS)).optionen.find((o) => o.name === 'Filter')).toMatchObject({
          mandantWert: null,
          gruppenWert: null,
        });
      } finally {
        await call(server, bookerMS, 'PUT', '/api/customizing/benutzer/Tageszeit', { value: null });
        await call(server, adminMS, 'PUT', gruppePath, { value: null });
        await put(adminMS, 'Tageszeit', null);
      }
    });

    it('PUT /api/customizing/benutzer/:name enforces the report right, saves toggles and removes a value with null', async () => {
      const refused = await call(
        server,
        bookerMS,
        'PUT',
        '/api/customizing/benutzer/FahrzeugReportRhythmus',
        {
          value: 'jaehrlich',
        },
      );
      expect(refused.status).toBe(403);
      const ok = await call(server, fleetMS, 'PUT', '/api/customizing/benutzer/FahrzeugReportRhythmus', {
        value: 'quartalsweise',
      });
      expect(ok.status).toBe(200);
      const recipients = await call(
        server,
        fleetMS,
        'PUT',
        '/api/customizing/benutzer/FahrzeugReportEmpfaenger',
        {
          value: ['leitung@musterstadt.example'],
        },
      );
      expect(recipients.status).toBe(200);
      const badRecipient = await call(
        server,
        fleetMS,
        'PUT',
        '/api/customizing/benutzer/FahrzeugReportEmpfaenger',
        {
          value: ['keine-mail'],
        },
      );
      expect(badRecipient.status).toBe(400);
      const toggle = await call(
        server,
        bookerMS,
        'PUT',
        '/api/customizing/benutzer/BenachrichtigungStornierung',
        {
          value: false,
        },
      );
      expect(toggle.status).toBe(200);
      let booker = await mine(bookerMS);
      expect(booker.optionen.find((o) => o.name === 'BenachrichtigungStornierung')).toMatchObject({
        value: false,
        effective: false,
        source: 'benutzer',
      });
      await call(server, bookerMS, 'PUT', '/api/customizing/benutzer/BenachrichtigungStornierung', {
        value: null,
      });
      booker = await mine(bookerMS);
      expect(booker.optionen.find((o) => o.name === 'BenachrichtigungStornierung')).toMatchObject({
        value: null,
        effective: true,
      });
      const fleet = await mine(fleetMS);
      expect(fleet.optionen.find((o) => o.name === 'FahrzeugReportEmpfaenger')!.value).toEqual([
        'leitung@musterstadt.example',
      ]);
    });

    it('PUT /api/me/profil changes the name (audited), not the e-mail address', async () => {
      const response = await call(server, bookerMS, 'PUT', '/api/me/profil', {
        vorname: ' Lena Marie ',
        nachname: 'Hoffmann',
        email: 'andere@musterstadt.example',
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        vorname: 'Lena Marie',
        nachname: 'Hoffmann',
        email: 'mitarbeiter@musterstadt.example',
      });
      const [row] = await server.database.db
        .select({ email: benutzer.email, vorname: benutzer.vorname, id: benutzer.id })
        .from(benutzer)
        .where(eq(benutzer.email, 'mitarbeiter@musterstadt.example'));
      expect(row!.vorname).toBe('Lena Marie');
      const audit = await server.database.db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'benutzer.profil'), eq(auditLog.entityId, row!.id)));
      expect(audit).toHaveLength(1);
      const empty = await call(server, bookerMS, 'PUT', '/api/me/profil', { vorname: '', nachname: 'X' });
      expect(empty.status).toBe(400);
    });
  });

  describe('one API family', () => {
    it('the former settings paths are gone (404)', async () => {
      for (const [method, path] of [
        ['GET', '/api/admin/einstellungen'],
        ['PUT', '/api/admin/einstellungen/Zoom'],
        ['GET', '/api/me/einstellungen'],
        ['PUT', '/api/me/settings/Sprache'],
      ] as const) {
        const response = await call(
          server,
          adminMS,
          method,
          path,
          method === 'PUT' ? { value: 1 } : undefined,
        );
        expect(response.status, `${method} ${path}`).toBe(404);
      }
    });

    it("a value the database refuses answers 'customizing.save_failed' with a safe reason, nothing saved", async () => {
      // the option row is missing from the stored catalogue (as after a downgrade): the foreign key refuses
      await server.database.db.delete(customizingOption).where(eq(customizingOption.name, 'Filter'));
      try {
        const response = await call(server, adminMS, 'PUT', '/api/customizing/mandant/Filter', {
          value: 'an',
        });
        expect(response.status).toBe(409);
        const error = await errorOf(response);
        expect(error.code).toBe('customizing.save_failed');
        expect(error.message).toBe(
          'Neuer Customizing Wert an konnte nicht in Schicht mandant gespeichert werden. Fehler: Die Gruppe, der Benutzer oder die Option existiert nicht mehr.',
        );
        expect(JSON.stringify(error)).not.toMatch(/foreign|violat|constraint|customizing_/i);
        const own = await call(server, bookerMS, 'PUT', '/api/customizing/benutzer/Filter', { value: 'an' });
        expect((await errorOf(own)).code).toBe('customizing.save_failed');
      } finally {
        const { syncCatalogues } = await import('../../../db/catalogue.ts');
        await syncCatalogues(server.database.db);
      }
      const { optionen } = await tenantCustomizing(adminMS);
      expect(optionen.find((o) => o.name === 'Filter')!.value).toBeNull();
    });
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fahrzeugBuchung } from '../modules/fahrzeuge/fahrzeug-buchung/fahrzeug-buchung.table.ts';
import { leseraumBuchung } from '../modules/leseraum/leseraum-buchung/leseraum-buchung.table.ts';
import type { Tx } from './client.ts';
import { constraintOf, sqlStateOf } from './errors.ts';
import { openTestDatabase, type TestDatabase, testDrivers } from './test-database.ts';
import { createTenantFixture, type TenantFixture } from './test-fixtures.ts';

const at = (hhmm: string, day = '2026-12-07') => new Date(`${day}T${hhmm}:00+01:00`);

/** Resolves to 'ok' or the SQLSTATE the promise failed with. */
const outcome = (p: Promise<unknown>): Promise<string> =>
  p.then(
    () => 'ok',
    (e: unknown) => sqlStateOf(e) ?? String(e),
  );

describe.each(testDrivers())('bookings cannot collide on %s', (driver) => {
  let t: TestDatabase;
  let a: TenantFixture;
  let b: TenantFixture;
  beforeAll(async () => {
    t = await openTestDatabase(driver);
    a = await createTenantFixture(t.database.db, 'Mandant A');
    b = await createTenantFixture(t.database.db, 'Mandant B');
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('fahrzeug_buchung', () => {
    const book = (f: TenantFixture, von: Date, bis: Date, status = 'reserviert', fahrzeugIndex: 0 | 1 = 0) =>
      t.database.withTenant(f.mandantId, (tx: Tx) =>
        tx
          .insert(fahrzeugBuchung)
          .values({
            mandantId: f.mandantId,
            benutzerId: f.benutzerId,
            fahrzeugId: f.fahrzeugIds[fahrzeugIndex],
            von,
            bis,
            status,
          })
          .returning({ id: fahrzeugBuchung.id }),
      );

    it('two overlapping bookings of one vehicle fail with SQLSTATE 23P01', async () => {
      expect(await outcome(book(a, at('08:00'), at('12:00')))).toBe('ok');
      const err = await book(a, at('11:00'), at('13:00')).catch((e: unknown) => e);
      expect(sqlStateOf(err)).toBe('23P01');
      expect(constraintOf(err)).toBe('fahrzeug_buchung_keine_ueberschneidung');
      expect(await outcome(book(a, at('09:00'), at('10:00'), 'vorgemerkt'))).toBe('23P01');
      expect(await outcome(book(a, at('07:00'), at('13:00'), 'durchgeführt'))).toBe('23P01');
    });

    it('back-to-back bookings [von, bis) do not overlap', async () => {
      expect(await outcome(book(a, at('12:00'), at('14:00')))).toBe('ok');
      expect(await outcome(book(a, at('07:00'), at('08:00')))).toBe('ok');
    });

    it('a cancelled booking does not block, and cannot be revived over a newer booking', async () => {
      const [cancelled] = await book(a, at('08:00', '2026-12-08'), at('12:00', '2026-12-08'), 'storniert');
      expect(await outcome(book(a, at('09:00', '2026-12-08'), at('11:00', '2026-12-08')))).toBe('ok');
      expect(await outcome(book(a, at('08:00', '2026-12-08'), at('12:00', '2026-12-08'), 'storniert'))).toBe(
        'ok',
      );
      const revive = t.database.withTenant(a.mandantId, (tx) =>
        tx.update(fahrzeugBuchung).set({ status: 'reserviert' }).where(eq(fahrzeugBuchung.id, cancelled!.id)),
      );
      expect(await outcome(revive)).toBe('23P01');
    });

    it('other vehicles and other tenants are not blocked', async () => {
      expect(await outcome(book(a, at('08:00'), at('12:00'), 'reserviert', 1))).toBe('ok');
      expect(await outcome(book(b, at('08:00'), at('12:00')))).toBe('ok');
    });

    it('of many parallel attempts at one slot exactly one succeeds', async () => {
      const attempts = Array.from({ length: 12 }, (_, i) =>
        outcome(book(a, at(`08:${String(i).padStart(2, '0')}`, '2026-12-10'), at('10:00', '2026-12-10'))),
      );
      const results = await Promise.all(attempts);
      expect(results.filter((r) => r === 'ok')).toHaveLength(1);
      expect(results.filter((r) => r === '23P01')).toHaveLength(11);
    });

    it('a booking must end after it starts', async () => {
      expect(await outcome(book(a, at('15:00'), at('15:00')))).toBe('23514');
    });
  });

  describe('leseraum_buchung', () => {
    const book = (f: TenantFixture, von: Date, bis: Date, status = 'reserviert', roomIndex: 0 | 1 = 0) =>
      t.database.withTenant(f.mandantId, (tx: Tx) =>
        tx
          .insert(leseraumBuchung)
          .values({
            mandantId: f.mandantId,
            leseraumId: f.leseraumIds[roomIndex],
            von,
            bis,
            status,
            systembenutzer1Mail: 'erika@example.org',
          })
          .returning({ id: leseraumBuchung.id }),
      );

    it('two overlapping bookings of one seat fail with SQLSTATE 23P01', async () => {
      expect(await outcome(book(a, at('09:00'), at('18:00'), 'vorgemerkt'))).toBe('ok');
      const err = await book(a, at('17:59'), at('19:00')).catch((e: unknown) => e);
      expect(sqlStateOf(err)).toBe('23P01');
      expect(constraintOf(err)).toBe('leseraum_buchung_keine_ueberschneidung');
    });

    it('back-to-back bookings [von, bis) do not overlap', async () => {
      expect(await outcome(book(a, at('18:00'), at('20:00')))).toBe('ok');
      expect(await outcome(book(a, at('08:00'), at('09:00')))).toBe('ok');
    });

    it('a cancelled booking does not block', async () => {
      expect(await outcome(book(a, at('09:00', '2026-12-09'), at('18:00', '2026-12-09'), 'storniert'))).toBe(
        'ok',
      );
      expect(await outcome(book(a, at('10:00', '2026-12-09'), at('12:00', '2026-12-09')))).toBe('ok');
    });

    it('other seats and other tenants are not blocked', async () => {
      expect(await outcome(book(a, at('09:00'), at('18:00'), 'reserviert', 1))).toBe('ok');
      expect(await outcome(book(b, at('09:00'), at('18:00')))).toBe('ok');
    });

    it('an unknown status is refused', async () => {
      expect(await outcome(book(a, at('06:00'), at('07:00'), 'gebucht'))).toBe('23514');
    });
  });
});

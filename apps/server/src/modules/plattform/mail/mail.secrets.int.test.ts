import type { TApiError } from '@stellwerk/domain/api';
import { PERMISSION_NAMES } from '@stellwerk/domain/permissions';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loeseCaptcha } from '../../../../test/captcha';
import { signInAs } from '../../../../test/fixtures/anmelden';
import { type FixtureMandant, fixtureMandant } from '../../../../test/fixtures/mandant';
import { signIn, startTestServer, type TestServer, testDrivers } from '../../../../test/harness';
import { waitForMail } from '../../../../test/mail-inbox';
import { confirmLinkIn } from '../../../../test/mail-message';
import { type SmtpReceiver, startSmtpReceiver } from '../../../../test/smtp-receiver';
import { mailOutbox } from './mail.table';
import { REDACTED } from './mail.templates';

type Page = { items: { to: string; subject: string; text: string }[]; total: number };

/**
 * The fleet tenant: its administrator (every right), the vehicle caretaker (`fahrzeug_pflege` only) and the
 * platform administrator, a person of this tenant whose address is not at its domain. The library: its
 * administrator, the opening-hours keeper and the user administrator.
 */
const mandanten = async (server: TestServer) => ({
  ms: await fixtureMandant(server.database, {
    name: 'Stadtwerke Musterstadt',
    domain: 'musterstadt.example',
    rollen: { Fahrzeugpflege: ['fahrzeug_pflege'], Administration: PERMISSION_NAMES },
    benutzer: {
      fahrzeugpflege: { vorname: 'Jonas', nachname: 'Schneider', rollen: ['Fahrzeugpflege'] },
      admin: { vorname: 'Claudia', nachname: 'Wagner', rollen: ['Administration'] },
      plattform: {
        vorname: 'Petra',
        nachname: 'Brandt',
        email: 'plattform@stellwerk.example',
        plattformAdmin: true,
      },
    },
  }),
  bh: await fixtureMandant(server.database, {
    name: 'Bibliothek Beispielhausen',
    domain: 'beispielhausen.example',
    rollen: {
      Öffnungszeitenpflege: ['oeffnungszeiten_pflege'],
      Benutzerverwaltung: ['benutzer_pflegen', 'berechtigungs_pflege'],
      Administration: PERMISSION_NAMES,
    },
    benutzer: {
      admin: { vorname: 'Andreas', nachname: 'Schwarz', rollen: ['Administration'] },
      fuehrerschein: { vorname: 'Stefan', nachname: 'Wolf', rollen: ['Öffnungszeitenpflege'] },
      fahrzeugpflege: { vorname: 'Katrin', nachname: 'Neumann', rollen: ['Benutzerverwaltung'] },
    },
  }),
});

/**
 * One-time links are readable only by their recipient. Reproduces the takeover that was possible
 * (an administrator with an unrelated right asks for someone's password reset and reads the link in the
 * mailbox) and proves it fails, while the recipient still gets a working link by mail.
 */
describe.each(testDrivers())('one-time links in the mailbox on %s', (driver) => {
  let server: TestServer;
  let smtp: SmtpReceiver;
  let ms: FixtureMandant<string, string, string, 'fahrzeugpflege' | 'admin' | 'plattform'>;
  let bh: FixtureMandant<string, string, string, 'admin' | 'fuehrerschein' | 'fahrzeugpflege'>;
  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    server = await startTestServer({ driver, smtpUrl: smtp.url, seed: false });
    ({ ms, bh } = await mandanten(server));
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  const requestReset = async (email: string, cookie?: string) =>
    fetch(`${server.baseUrl}/api/auth/request-password-reset`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: server.baseUrl,
        ...(cookie ? { cookie } : {}),
      },
      body: JSON.stringify({ email, redirectTo: '/auth/confirm', captcha: await loeseCaptcha(server) }),
    });
  const mailbox = (cookie: string) =>
    fetch(`${server.baseUrl}/api/admin/postausgang?limit=200`, { headers: { cookie } });
  const resetWith = (token: string, newPassword: string) =>
    fetch(`${server.baseUrl}/api/auth/reset-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.baseUrl },
      body: JSON.stringify({ token, newPassword }),
    });
  const tokenOf = (link: string) => decodeURIComponent(new URL(link).searchParams.get('token') ?? '');

  it("the vehicle caretaker asks for the platform administrator's reset and cannot read the link", async () => {
    const caretaker = await signInAs(server, ms.benutzer.fahrzeugpflege);
    const before = smtp.received.length;
    expect((await requestReset('plattform@stellwerk.example', caretaker)).status).toBe(200);

    // The mailbox is closed to the caretaker (only admin right: fahrzeug_pflege).
    const refused = await mailbox(caretaker);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as TApiError).error).toMatchObject({
      code: 'guard.no_postausgang',
      message: 'Keine Berechtigung für den Postausgang.',
    });

    // The platform administrator gets the link by mail.
    const mail = await waitForMail({ database: server.database, smtp }, 'plattform@stellwerk.example', {
      after: before,
    });
    const link = confirmLinkIn(mail.text);
    expect(link, mail.text).toBeDefined();
    const token = tokenOf(link!);
    expect(token.length).toBeGreaterThan(10);

    // Nobody else reads it: not the tenant's administrator with every right (the platform administrator's
    // mail is not the tenant's), and the platform mailbox shows it only redacted.
    const tenantAdmin = await signInAs(server, ms.benutzer.admin);
    const tenantPage = await mailbox(tenantAdmin);
    expect(tenantPage.status).toBe(200);
    const tenantBody = await tenantPage.text();
    expect(tenantBody).not.toContain(token);
    expect((JSON.parse(tenantBody) as Page).items.map((m) => m.to)).not.toContain(
      'plattform@stellwerk.example',
    );

    const platform = await signInAs(server, ms.benutzer.plattform);
    const platformPage = await mailbox(platform);
    expect(platformPage.status).toBe(200);
    const platformBody = await platformPage.text();
    expect(platformBody).not.toContain(token);
    const shown = (JSON.parse(platformBody) as Page).items.find(
      (m) => m.to === 'plattform@stellwerk.example',
    );
    expect(shown?.subject).toBe('Passwort zurücksetzen');
    expect(shown?.text).toContain(REDACTED.de);
    expect(shown?.text).not.toContain('/auth/recovery');

    // Stored as a platform mail, without a tenant.
    const rows = await server.database.db
      .select({ mandantId: mailOutbox.mandantId })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'plattform@stellwerk.example'));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.mandantId === null)).toBe(true);

    // The link the recipient got is the real one: it sets a new password.
    expect((await resetWith(token, 'plattform-neu-2026')).status).toBe(200);
    await expect(
      signIn(server.baseUrl, 'plattform@stellwerk.example', 'plattform-neu-2026'),
    ).resolves.toContain('stellwerk.session_token');
  });

  it("the library's opening-hours role cannot read its tenant administrator's reset link", async () => {
    const openingHours = await signInAs(server, bh.benutzer.fuehrerschein);
    const before = smtp.received.length;
    expect((await requestReset('admin@beispielhausen.example', openingHours)).status).toBe(200);

    const refused = await mailbox(openingHours);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as TApiError).error.code).toBe('guard.no_postausgang');

    const mail = await waitForMail({ database: server.database, smtp }, 'admin@beispielhausen.example', {
      after: before,
    });
    const token = tokenOf(confirmLinkIn(mail.text) ?? 'http://x/');
    expect(token.length).toBeGreaterThan(10);

    // The library's user administrator sees that the mail went out, without the link.
    const userAdmin = await signInAs(server, bh.benutzer.fahrzeugpflege);
    const page = await mailbox(userAdmin);
    expect(page.status).toBe(200);
    const body = await page.text();
    expect(body).not.toContain(token);
    const shown = (JSON.parse(body) as Page).items.find((m) => m.to === 'admin@beispielhausen.example');
    expect(shown?.text).toContain(REDACTED.de);
    expect(shown?.text).toContain('Hallo');

    // The other tenant's administrator does not see it at all.
    const otherTenant = await signInAs(server, ms.benutzer.admin);
    const other = (await (await mailbox(otherTenant)).json()) as Page;
    expect(other.items.map((m) => m.to)).not.toContain('admin@beispielhausen.example');
  });

  it('a tenant transaction cannot read the text or HTML a recipient gets, only the redacted text', async () => {
    const tenant = { id: bh.id };
    await expect(
      server.database.withTenant(tenant.id, (tx) => tx.execute(sql`select text from mail_outbox`)),
    ).rejects.toMatchObject({ cause: { code: '42501' } });
    await expect(
      server.database.withTenant(tenant.id, (tx) => tx.execute(sql`select html from mail_outbox`)),
    ).rejects.toMatchObject({ cause: { code: '42501' } });
    await expect(
      server.database.withTenant(tenant.id, (tx) => tx.execute(sql`select redacted_text from mail_outbox`)),
    ).resolves.toBeDefined();
  });
});

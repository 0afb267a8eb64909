/**
 * Users with valid sessions for the bench, made with SQL: a sign-in each would measure the password hash once per
 * user. Each gets a better-auth `user`, a `benutzer` with the roles and groups of a model user of the tenant
 * (optionally the model's driving licence too), and a `session` whose cookie is signed with the server's session
 * secret exactly as better-auth signs it.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { BenchZiel } from './server';

export type BenchNutzer = {
  mandantId: string;
  /** the users' ids (`benutzer.id`), in order */
  ids: string[];
  /** each user's session cookie, in the same order */
  cookies: string[];
};

/**
 * `anzahl` users of the tenant of the user `vorbild` (an e-mail address), with its roles and groups: named
 * `${name} n`, mailed at `${name lower-cased}-<run>-n@<the model's domain>` (a random run, so two calls never clash).
 * `mitFuehrerschein` copies the model's licence (its classes and check dates) to each, so they may drive.
 */
export const nutzerMitSitzung = async (
  server: BenchZiel,
  {
    vorbild,
    anzahl,
    name,
    mitFuehrerschein = false,
  }: { vorbild: string; anzahl: number; name: string; mitFuehrerschein?: boolean },
): Promise<BenchNutzer> => {
  const [demo] = (
    await server.database.withAllTenants((tx) =>
      tx.execute(sql`select b.mandant_id, b.id from benutzer b where b.email = ${vorbild}`),
    )
  ).rows as { mandant_id: string; id: string }[];
  if (!demo) throw new Error(`the model user ${vorbild} does not exist`);
  const mandantId = demo.mandant_id;
  const domain = vorbild.slice(vorbild.indexOf('@') + 1);
  const ids = Array.from({ length: anzahl }, () => randomUUID());
  const tokens = ids.map(() => randomBytes(24).toString('base64url'));
  const lauf = randomBytes(4).toString('hex');
  const mail = sql`${`${name.toLowerCase()}-${lauf}-`} || n || ${`@${domain}`}`;
  // one JSON parameter (drizzle would spread an array into a list of parameters)
  const liste = JSON.stringify(ids.map((id, i) => ({ id, n: i + 1, t: tokens[i] })));
  const u = sql`jsonb_to_recordset(${liste}::jsonb) as u(id text, n int, t text)`;
  await server.database.withAllTenants(async (tx) => {
    await tx.execute(sql`
      insert into "user" (id, name, email, email_verified)
      select id, ${`${name} `} || n, ${mail}, true
      from ${u}`);
    await tx.execute(sql`
      insert into benutzer (id, mandant_id, vorname, nachname, email, auth_user_id)
      select id::uuid, ${mandantId}, ${name}, n::text, ${mail}, id
      from ${u}`);
    await tx.execute(sql`
      insert into benutzer_rolle (mandant_id, benutzer_id, rolle_id)
      select ${mandantId}, u.id::uuid, r.rolle_id from ${u}
      cross join (select rolle_id from benutzer_rolle where benutzer_id = ${demo.id}) r`);
    await tx.execute(sql`
      insert into benutzer_gruppe (mandant_id, benutzer_id, gruppe_id)
      select ${mandantId}, u.id::uuid, g.gruppe_id from ${u}
      cross join (select gruppe_id from benutzer_gruppe where benutzer_id = ${demo.id}) g`);
    if (mitFuehrerschein)
      await tx.execute(sql`
        insert into fuehrerschein (mandant_id, benutzer_id, fuehrerscheinnummer, ausstellungsdatum, letzte_pruefung,
          naechste_pruefung, pruefer_id, am, l, b, be, c1, c1e, pruefmethode, original_gesehen, geprueft_am)
        select ${mandantId}, u.id::uuid, 'BENCH' || u.n, f.ausstellungsdatum, f.letzte_pruefung,
          f.naechste_pruefung, f.pruefer_id, f.am, f.l, f.b, f.be, f.c1, f.c1e, f.pruefmethode, f.original_gesehen,
          f.geprueft_am
        from ${u} cross join (select * from fuehrerschein where benutzer_id = ${demo.id}) f`);
    await tx.execute(sql`
      insert into session (id, token, user_id, expires_at)
      select gen_random_uuid()::text, t, id, now() + interval '1 day'
      from ${u}`);
  });
  // better-auth's signed cookie: `${token}.${base64 HMAC-SHA256(token, secret)}`, URI-encoded
  const cookies = tokens.map(
    (token) =>
      `stellwerk.session_token=${encodeURIComponent(`${token}.${createHmac('sha256', server.config.sessionSecret).update(token).digest('base64')}`)}`,
  );
  const probe = await fetch(`${server.baseUrl}/api/me`, { headers: { cookie: cookies[0]! } });
  if (probe.status !== 200)
    throw new Error(`a bench session is not valid: ${probe.status} ${await probe.text()}`);
  return { mandantId, ids, cookies };
};

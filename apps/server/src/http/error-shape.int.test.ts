import { connect } from 'node:net';
import type { TApiError } from '@stellwerk/domain/api';
import { PERMISSION_NAMES } from '@stellwerk/domain/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../../test/fixtures/anmelden';
import { fixtureMandant } from '../../test/fixtures/mandant';
import { startTestServer, type TestServer, testDrivers } from '../../test/harness';

const errorOf = async (response: Response) => ((await response.json()) as TApiError).error;

/** Sends raw bytes and returns what the server wrote back before closing. */
const rawRequest = (port: number, text: string) =>
  new Promise<string>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString('utf8');
    });
    socket.on('error', (err) => (answer ? resolve(answer) : reject(err)));
    socket.on('close', () => resolve(answer));
    socket.write(text);
  });

describe.each(testDrivers())('errors of every layer answer the error shape on %s', (driver) => {
  let server: TestServer;
  let admin: string;
  let grundrissId: string;

  const post = (path: string, body: unknown, cookie = admin) =>
    fetch(`${server.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    server = await startTestServer({ driver, seed: false });
    // the library's administrator and a floor plan
    const bh = await fixtureMandant(server.database, {
      name: 'Bibliothek Beispielhausen',
      domain: 'beispielhausen.example',
      standorte: { bibliothek: { name: 'Zentralbibliothek', bundesland: 'BY' } },
      rollen: { Administration: PERMISSION_NAMES },
      benutzer: { admin: { vorname: 'Andreas', nachname: 'Schwarz', rollen: ['Administration'] } },
      grundrisse: {
        lesesaal: { standort: 'bibliothek', bezeichnung: 'Lesesaal Erdgeschoss', plaetze: ['Platz 01'] },
      },
    });
    admin = await signInAs(server, bh.benutzer.admin);
    const plans = (await (
      await fetch(`${server.baseUrl}/api/admin/grundrisse`, { headers: { cookie: admin } })
    ).json()) as { id: string }[];
    grundrissId = plans[0]?.id ?? '';
  });
  afterAll(async () => {
    await server?.close();
  });

  it.each(['9999-12-31', '2101-01-01', '1999-12-31', '2026-02-30'])(
    'the audit log refuses to=%s with 400 naming the range, never 500',
    async (day) => {
      const response = await fetch(`${server.baseUrl}/api/admin/protokoll?to=${day}&from=${day}`, {
        headers: { cookie: admin },
      });
      expect(response.status).toBe(400);
      const error = await errorOf(response);
      expect(error.code).toBe('validation.failed');
      expect(error.params['querystring.to']).toBe(
        'Bitte ein Datum im Format JJJJ-MM-TT zwischen den Jahren 2000 und 2100 angeben.',
      );
    },
  );

  it.each(['offen', 'geschlossen'])(
    'a special opening time (%s) ending 9999-12-31 is refused by the schema, as its preview',
    async (status) => {
      expect(grundrissId).not.toBe('');
      for (const path of ['sonderoeffnungszeiten', 'sonderoeffnungszeiten/preview']) {
        const response = await post(`/api/admin/grundrisse/${grundrissId}/${path}`, {
          gueltigVon: '2030-01-01',
          gueltigBis: '9999-12-31',
          status,
          confirmCancel: true,
        });
        expect(response.status, path).toBe(400);
        expect((await errorOf(response)).params['body.gueltigBis']).toBe(
          'Bitte ein Datum im Format JJJJ-MM-TT zwischen den Jahren 2000 und 2100 angeben.',
        );
      }
    },
  );

  it('a path parameter over 100 characters is checked by the route: 401 anonymous, 400 signed in, 414 beyond 2048', async () => {
    const long = `/api/admin/benutzer/${'a'.repeat(150)}`;
    const anonymous = await fetch(`${server.baseUrl}${long}`);
    expect(anonymous.status).toBe(401);
    const signedIn = await fetch(`${server.baseUrl}${long}`, { headers: { cookie: admin } });
    expect(signedIn.status).toBe(400);
    expect(await errorOf(signedIn)).toMatchObject({
      code: 'validation.failed',
      params: { 'params.id': expect.any(String) },
    });
    const tooLong = await fetch(`${server.baseUrl}/api/admin/benutzer/${'a'.repeat(3000)}`, {
      headers: { 'accept-language': 'en' },
    });
    expect(tooLong.status).toBe(414);
    const text = await tooLong.text();
    expect(text).not.toContain('aaaaaaaaaa');
    expect(JSON.parse(text)).toEqual({
      error: { code: 'request.adresse_zu_lang', message: 'The request address is too long.', params: {} },
    });
  });

  it.each([
    ['no boundary', 'multipart/form-data', 'x'],
    ['boundary not found', 'multipart/form-data; boundary=abc', 'x'],
    [
      'unexpected end',
      'multipart/form-data; boundary=abc',
      '--abc\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nvorname',
    ],
  ])(
    'a malformed multipart body (%s) answers 400 on every upload and import endpoint',
    async (_label, type, body) => {
      for (const path of [
        '/api/mandant/logo',
        '/api/mandant/datenschutz',
        '/api/admin/benutzer/import/preview',
        '/api/admin/benutzer/import',
      ]) {
        const response = await fetch(`${server.baseUrl}${path}`, {
          method: 'POST',
          headers: { 'content-type': type, cookie: admin },
          body,
        });
        expect(response.status, path).toBe(400);
        expect((await errorOf(response)).code, path).toBe('request.multipart_ungueltig');
      }
    },
  );

  it('body errors name what was wrong in the catalogue, without parser text', async () => {
    const send = (type: string, body: string) =>
      fetch(`${server.baseUrl}/api/admin/ausstattung`, {
        method: 'POST',
        headers: { 'content-type': type, cookie: admin },
        body,
      });
    const cases: [string, string, number, string][] = [
      ['application/json', '{"name": ', 400, 'request.json_ungueltig'],
      ['application/json', '', 400, 'request.inhalt_fehlt'],
      ['application/xml', '<a/>', 415, 'request.format_nicht_unterstuetzt'],
      ['application/json', JSON.stringify({ name: 'x'.repeat(1_100_000) }), 413, 'request.zu_gross'],
    ];
    for (const [type, body, status, code] of cases) {
      const response = await send(type, body);
      expect(response.status, code).toBe(status);
      const error = await errorOf(response);
      expect(error.code).toBe(code);
      expect(JSON.stringify(error)).not.toMatch(/Unexpected|position|Body|FST_/);
    }
  });

  it("a request Node's parser refuses is answered in the error shape", async () => {
    const answer = await rawRequest(
      Number(new URL(server.baseUrl).port),
      'GET /api/me HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    const body = answer.slice(answer.indexOf('\r\n\r\n') + 4);
    expect(JSON.parse(body)).toMatchObject({ error: { code: 'request.ungueltig', params: {} } });
  });

  it('every operation in the OpenAPI document names its guard: security unless public', async () => {
    const document = (await (await fetch(`${server.baseUrl}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { security?: unknown[]; operationId?: string }>>;
    };
    const publicOperations = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => !operation.security)
        .map(([method]) => `${method} ${path}`),
    );
    // the sign-in methods of an address's domain (decision 069) and the recovery form's security check
    // (decision 076) are asked before anyone is signed in; a calendar app fetches the personal feed with the secret
    // of its link, not a session (decision 168); a kiosk asks for its pairing code unpaired and reads its settings with
    // its device token, not a session (decision 182), and so its board (decision 207) and the board's plan images (decision 225)
    expect(publicOperations.sort()).toEqual([
      'get /api/anmeldung/methoden',
      'get /api/captcha',
      'get /api/health',
      'get /api/impressum',
      'get /api/kalender/{datei}',
      'get /api/kiosk/geraet',
      'get /api/kiosk/tafel',
      'get /api/kiosk/tafel/plaene/{id}/bild',
      'post /api/kiosk/kopplung',
    ]);
  });
});

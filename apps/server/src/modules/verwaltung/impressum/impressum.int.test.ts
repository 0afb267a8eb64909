import { writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../../test/harness.ts';
import { DEMO_IMPRINT, writeDemoImprint } from './impressum.service.ts';

describe('GET /api/impressum', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ seed: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers without a session and says when no imprint is configured', async () => {
    const response = await fetch(`${server.baseUrl}/api/impressum`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ text: null });
  });

  it("shows the operator's file, and the demo imprint never overwrites it", async () => {
    await writeFile(server.config.imprintFile, 'Beispiel GmbH\nHauptstraße 5\n', 'utf8');
    await writeDemoImprint(server.config.imprintFile);
    const body = (await (await fetch(`${server.baseUrl}/api/impressum`)).json()) as { text: string };
    expect(body.text).toBe('Beispiel GmbH\nHauptstraße 5');
    expect(body.text).not.toContain(DEMO_IMPRINT.slice(0, 20));
  });
});

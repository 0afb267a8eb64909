import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { removeMandantFiles } from './storage.service';

describe('removeMandantFiles', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const dataDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'stellwerk-storage-'));
    dirs.push(dir);
    return dir;
  };
  const put = (root: string, bucket: string, mandantId: string) => {
    const dir = path.join(root, 'storage', bucket, mandantId);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, `${randomUUID()}.png`), 'x');
    return dir;
  };

  it("removes the tenant's directory in every bucket and nothing of another tenant", async () => {
    const root = dataDir();
    const gone = randomUUID();
    const kept = randomUUID();
    const removed = [put(root, 'logos', gone), put(root, 'grundrisse', gone), put(root, 'fahrzeuge', gone)];
    const other = put(root, 'logos', kept);
    expect(await removeMandantFiles(root, gone)).toEqual([]);
    for (const dir of removed) expect(existsSync(dir)).toBe(false);
    expect(existsSync(other)).toBe(true);
  });

  it('is fine when the tenant never stored a file', async () => {
    expect(await removeMandantFiles(dataDir(), randomUUID())).toEqual([]);
  });

  it('reports, not throws, what it could not remove, and refuses anything but a tenant id', async () => {
    const root = dataDir();
    const kept = put(root, 'logos', 'x');
    const failures = await removeMandantFiles(root, '../logos/x');
    expect(failures.map((f) => f.bucket).sort()).toEqual([
      'belege',
      'datenschutz',
      'fahrzeuge',
      'grundrisse',
      'logos',
      'schaeden',
    ]);
    expect(String(failures[0]!.error)).toContain('refused tenant directory');
    expect(existsSync(kept)).toBe(true);
  });
});

/**
 * A journey that changes a user (password, language, factors) owns that user: no other journey may sign in
 * with it, or the order in which the files run decides whether that other journey passes (seen on CI
 * 28.11.2026: the reading-room staff journey signed in as the user whose password the recovery journey had just
 * reset). The owner of a user is the file that names it as `DEDICATED.<key>`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BEISPIELHAUSEN, DEDICATED, type DemoRole, demoUser, MUSTERSTADT } from './demo.ts';

const testsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'tests');
const files = readdirSync(testsDir)
  .filter((f) => f.endsWith('.spec.ts'))
  .map((f) => ({ name: f, text: readFileSync(path.join(testsDir, f), 'utf8') }));

const tenants = { MUSTERSTADT, BEISPIELHAUSEN } as const;

/** The e-mail addresses of the users a file signs in with or names, besides its own dedicated users. */
const namedUsers = (text: string): Set<string> => {
  const emails = new Set<string>();
  for (const m of text.matchAll(/demoUser\(\s*'(\w+)',\s*(MUSTERSTADT|BEISPIELHAUSEN)\s*\)/g))
    emails.add(demoUser(m[1] as DemoRole, tenants[m[2] as keyof typeof tenants]).email);
  for (const m of text.matchAll(/['`"]([\w.-]+@(?:musterstadt|beispielhausen)\.example)['`"]/g))
    emails.add(m[1]!);
  return emails;
};

describe('dedicated journey users', () => {
  const owners = new Map<string, Set<string>>();
  for (const [key, user] of Object.entries(DEDICATED)) {
    const owning = files.filter((f) => f.text.includes(`DEDICATED.${key}`)).map((f) => f.name);
    owners.set(user.email, new Set([...(owners.get(user.email) ?? []), ...owning]));
  }

  it('every dedicated user has a journey that owns it', () => {
    for (const [email, owning] of owners) expect(owning.size, email).toBeGreaterThan(0);
  });

  it.each(files.map((f) => [f.name, f.text] as const))(
    '%s signs in only with users no other journey changes',
    (name, text) => {
      const borrowed = [...namedUsers(text)].filter(
        (email) => owners.has(email) && !owners.get(email)!.has(name),
      );
      expect(borrowed).toEqual([]);
    },
  );
});

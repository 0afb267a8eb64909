/** What the demo seed's parts share: Berlin calendar dates, the seeding context, stored demo files and demo people. */

import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { account, user } from '../modules/identitaet/auth/auth.table.ts';
import { benutzer } from '../modules/identitaet/benutzer/benutzer.table.ts';
import { datei } from '../modules/plattform/storage/storage.table.ts';
import type { Tx } from './client.ts';

// --- calendar dates (Europe/Berlin) ------------------------------------------------------------------

export const berlinDate = (now: Date): string =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Berlin',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);

export const shiftDate = (date: string, { days = 0, months = 0, years = 0 }) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() + years, d.getUTCMonth() + months, d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** Christmas (25 and 26 December) of this year, or of next year once it has passed. */
export const nextChristmas = (today: string) => {
  const year = Number(today.slice(0, 4)) + (today > `${today.slice(0, 4)}-12-26` ? 1 : 0);
  return { von: `${year}-12-25`, bis: `${year}-12-26` };
};

// --- building blocks ---------------------------------------------------------------------------------

export type SeedContext = {
  tx: Tx;
  dataDir: string;
  passwordHash: string;
  today: string;
  featureIdOf: Map<string, string>;
};

export const storeFile = async (
  ctx: SeedContext,
  f: {
    mandantId: string;
    bucket: 'fahrzeuge' | 'grundrisse' | 'logos' | 'datenschutz';
    ext: 'png' | 'svg' | 'pdf';
    data: Buffer;
    originalName: string;
  },
): Promise<string> => {
  const id = randomUUID();
  const pfad = `${f.mandantId}/${id}.${f.ext}`;
  const target = path.join(ctx.dataDir, 'storage', f.bucket, f.mandantId, `${id}.${f.ext}`);
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, f.data);
  await ctx.tx.insert(datei).values({
    id,
    mandantId: f.mandantId,
    bucket: f.bucket,
    pfad,
    originalName: f.originalName,
    mime: f.ext === 'png' ? 'image/png' : f.ext === 'pdf' ? 'application/pdf' : 'image/svg+xml',
    size: f.data.length,
  });
  return id;
};

/** A better-auth user with a credential account and the benutzer linked to it (same id). */
export const createPerson = async (
  ctx: SeedContext,
  p: {
    mandantId: string;
    email: string;
    username: string;
    vorname: string;
    nachname: string;
    employeeId: string;
    plattformAdmin?: boolean;
  },
): Promise<string> => {
  const id = randomUUID();
  await ctx.tx.insert(user).values({
    id,
    name: `${p.vorname} ${p.nachname}`,
    email: p.email,
    emailVerified: true,
    username: p.username,
    displayUsername: p.username,
  });
  await ctx.tx.insert(account).values({
    id: randomUUID(),
    accountId: id,
    providerId: 'credential',
    userId: id,
    password: ctx.passwordHash,
  });
  await ctx.tx.insert(benutzer).values({
    id,
    mandantId: p.mandantId,
    employeeId: p.employeeId,
    vorname: p.vorname,
    nachname: p.nachname,
    email: p.email,
    username: p.username,
    plattformAdmin: p.plattformAdmin ?? false,
    authUserId: id,
  });
  return id;
};

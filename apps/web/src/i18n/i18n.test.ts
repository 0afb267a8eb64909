import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import de from './de.json';
import en from './en.json';
import { VERWALTUNG_BEREICHE } from './i18n.ts';
import verwaltungDe from './verwaltung.de.json';
import verwaltungEn from './verwaltung.en.json';

/**
 * Translation keys are literal in the code (`t('menu.logout')`, `i18nKey="…"`), so they can be checked:
 * every key used exists in German and English, both files hold the same keys with the same
 * placeholders, and no key sits unused.
 */
const SRC = path.resolve(import.meta.dirname, '..');

type Tree = { [key: string]: string | Tree };

const flatten = (tree: Tree, prefix = ''): Map<string, string> => {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(full, value);
    else for (const [k, v] of flatten(value, full)) out.set(k, v);
  }
  return out;
};

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });

const USAGE = [
  /\bt\(\s*'([^']+)'/g,
  /\bt\(\s*"([^"]+)"/g,
  /\bt\(\s*`([^`$]+)`/g,
  /i18nKey=["']([^"']+)["']/g,
  /i18nKey:\s*["']([^"']+)["']/g,
];

const usedKeys = (): Map<string, string[]> => {
  const used = new Map<string, string[]>();
  for (const file of sourceFiles(SRC)) {
    const text = readFileSync(file, 'utf8');
    for (const pattern of USAGE) {
      for (const match of text.matchAll(pattern)) {
        const key = match[1] as string;
        used.set(key, [...(used.get(key) ?? []), path.relative(SRC, file)]);
      }
    }
  }
  return used;
};

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

// the administration's texts are a chunk of their own (decision 255); together they are one set of keys
const deKeys = flatten({ ...(de as Tree), ...(verwaltungDe as Tree) });
const enKeys = flatten({ ...(en as Tree), ...(verwaltungEn as Tree) });
const used = usedKeys();

/** i18next plural forms (`t(key, { count })` reads `key_one`/`key_other` in German and English). */
const PLURAL = /_(?:zero|one|two|few|many|other)$/;
const hasKey = (keys: Map<string, string>, key: string) =>
  keys.has(key) || (keys.has(`${key}_one`) && keys.has(`${key}_other`));

describe('translations', () => {
  it('finds translation usages in the code (the scanner works)', () => {
    expect(used.has('auth.login.username')).toBe(true);
    expect(used.size).toBeGreaterThan(50);
  });

  it('has every key used in the code in German and in English', () => {
    const missing = [...used.keys()].filter((key) => !hasKey(deKeys, key) || !hasKey(enKeys, key));
    expect(missing.map((key) => `${key} (${used.get(key)?.join(', ')})`)).toEqual([]);
  });

  it('has the same keys in German and English', () => {
    expect([...deKeys.keys()].filter((key) => !enKeys.has(key))).toEqual([]);
    expect([...enKeys.keys()].filter((key) => !deKeys.has(key))).toEqual([]);
  });

  it('has no unused keys', () => {
    expect([...deKeys.keys()].filter((key) => !used.has(key) && !used.has(key.replace(PLURAL, '')))).toEqual(
      [],
    );
  });

  it('uses the same placeholders in both languages and no empty texts', () => {
    const problems = [...deKeys].flatMap(([key, text]) => {
      const other = enKeys.get(key) ?? '';
      if (!text.trim() || !other.trim()) return [`${key}: empty`];
      return placeholders(text).join() === placeholders(other).join() ? [] : [`${key}: placeholders differ`];
    });
    expect(problems).toEqual([]);
  });

  it('labels the login fields exactly as the spec says', () => {
    expect(deKeys.get('auth.login.username')).toBe('Benutzername');
    expect(deKeys.get('auth.login.password')).toBe('Passwort');
    expect(enKeys.get('auth.login.username')).toBe('User name');
    expect(enKeys.get('auth.login.password')).toBe('Password');
    expect(enKeys.get('error.reset')).toBe('Reset Error');
    // the spec's English names of the error button and the 404 page stay visible in German as well
    expect(deKeys.get('error.reset')).toBe('Fehler zurücksetzen (Reset Error)');
    expect(deKeys.get('notFound.status')).toContain('Page Not Found');
    expect(deKeys.get('notFound.title')).toBe('Seite nicht gefunden');
    expect(enKeys.get('notFound.title')).toBe('Page Not Found');
  });

  it("keeps the administration's texts apart: their sections in verwaltung.*.json only, the others in de/en.json", () => {
    for (const [kern, verwaltung] of [
      [de, verwaltungDe],
      [en, verwaltungEn],
    ] as const) {
      expect(Object.keys(verwaltung).every((k) => VERWALTUNG_BEREICHE.test(k))).toBe(true);
      expect(Object.keys(kern).filter((k) => VERWALTUNG_BEREICHE.test(k))).toEqual([]);
    }
    expect(Object.keys(verwaltungDe).length).toBeGreaterThan(10);
  });
});

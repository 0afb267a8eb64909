/**
 * Sessions as the user sees them (spec §3 "Session", §7 sign-out scopes): which browser and system a session
 * was opened from, and which sessions a sign-out with scope `local`, `global` or `others` ends.
 */

export const ABMELDE_SCOPES = ['local', 'global', 'others'] as const;
export type AbmeldeScope = (typeof ABMELDE_SCOPES)[number];

/**
 * The ids of the sessions a sign-out ends: `local` this session, `global` every session of the user,
 * `others` every session except this one.
 */
export const zuBeendendeSitzungen = (
  scope: AbmeldeScope,
  sitzungen: readonly string[],
  aktuelle: string,
): string[] => {
  if (scope === 'global') return [...sitzungen];
  if (scope === 'local') return sitzungen.filter((id) => id === aktuelle);
  return sitzungen.filter((id) => id !== aktuelle);
};

export type Geraet = { browser: string | null; system: string | null };

const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/\bOPR\/(\d+)/, 'Opera'],
  [/\bSamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/\bFirefox\/(\d+)/, 'Firefox'],
  [/\bFxiOS\/(\d+)/, 'Firefox'],
  [/\bCriOS\/(\d+)/, 'Chrome'],
  [/\bChromium\/(\d+)/, 'Chromium'],
  [/\bHeadlessChrome\/(\d+)/, 'Chrome'],
  [/\bChrome\/(\d+)/, 'Chrome'],
  [/\bVersion\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
  [/\bcurl\/(\d+)/, 'curl'],
  [/\bnode\b/i, 'Node.js'],
];

const SYSTEMS: readonly [RegExp, string][] = [
  [/\bWindows NT 10\.0/, 'Windows'],
  [/\bWindows\b/, 'Windows'],
  [/\biPhone\b/, 'iOS'],
  [/\biPad\b/, 'iPadOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/**
 * Browser (with major version) and operating system from a User-Agent header; `null` for what cannot be told.
 * Only the common browsers are named; the session list shows "unbekannt" for the rest.
 */
export const beschreibeGeraet = (userAgent: string | null | undefined): Geraet => {
  const ua = userAgent ?? '';
  let browser: string | null = null;
  for (const [pattern, name] of BROWSERS) {
    const match = pattern.exec(ua);
    if (match) {
      browser = match[1] ? `${name} ${match[1]}` : name;
      break;
    }
  }
  const system = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1] ?? null;
  return { browser, system };
};

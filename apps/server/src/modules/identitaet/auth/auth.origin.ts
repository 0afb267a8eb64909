/**
 * Which page may call the sign-in API (decision 020). better-auth refuses a request whose `Origin` it does not
 * trust; this rule decides first, so that a refusal is answered as what it is (`auth.origin_not_allowed`),
 * never as a wrong password, and never counts as a failed sign-in.
 */

/** What the operator configured: `PUBLIC_URL` (undefined when unset) and `TRUSTED_ORIGINS`. */
export type OriginPolicy = { publicUrl: string | undefined; trustedOrigins: readonly string[] };

/** What the request says about where it comes from, and the address it was sent to. */
export type OriginEvidence = {
  origin: string | undefined;
  referer: string | undefined;
  secFetchSite: string | undefined;
  /** `protocol://host` the request was sent to (Host header; X-Forwarded-* only behind TRUST_PROXY). */
  ownOrigin: string;
};

export type OriginDecision =
  | { trusted: true; origin: string }
  | { trusted: false; appUrl: string; claimed: string | undefined };

/** `https://Example.org:443/x` -> `https://example.org`; undefined for anything that is not an http(s) URL. */
export const originOf = (value: string | undefined): string | undefined => {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
};

/** The address users are told to open: `PUBLIC_URL`, else the address the request was sent to. */
export const appUrlOf = (policy: OriginPolicy, ownOrigin: string): string =>
  originOf(policy.publicUrl) ?? originOf(ownOrigin) ?? ownOrigin;

/**
 * - `PUBLIC_URL` unset: the page the request came from must be the address it was sent to (same origin), so the
 *   app works at localhost, 127.0.0.1 and the machine's name alike; `TRUSTED_ORIGINS` are trusted too.
 * - `PUBLIC_URL` set: only it and `TRUSTED_ORIGINS`.
 * - No `Origin` (nor `Referer`): not a browser page but a program (curl, Node's fetch), which cannot act with
 *   someone else's cookies; trusted, unless the browser's own `Sec-Fetch-Site` says the request is cross-site.
 *   Browsers send `Origin` with every POST.
 * - `Origin: null` (sandboxed frames, file pages) is refused.
 * - `ownOriginTrusted` (every change outside sign-in, decision 104): the address the request was sent to counts
 *   as the app's own also when `PUBLIC_URL` is set; a browser sets `Host` itself, so a page of another site never
 *   matches it.
 */
export const checkOrigin = (
  policy: OriginPolicy,
  evidence: OriginEvidence,
  { ownOriginTrusted = false }: { ownOriginTrusted?: boolean } = {},
): OriginDecision => {
  const appUrl = appUrlOf(policy, evidence.ownOrigin);
  const allowed = new Set(
    [appUrl, ...policy.trustedOrigins, ...(ownOriginTrusted ? [evidence.ownOrigin] : [])]
      .map(originOf)
      .filter((o): o is string => o !== undefined),
  );
  const header = evidence.origin?.trim();
  if (header === 'null') return { trusted: false, appUrl, claimed: 'null' };
  if (header) {
    const claimed = originOf(header);
    return claimed && allowed.has(claimed)
      ? { trusted: true, origin: claimed }
      : { trusted: false, appUrl, claimed: claimed ?? header.slice(0, 200) };
  }
  const fromReferer = evidence.referer ? originOf(evidence.referer) : undefined;
  if (fromReferer) {
    return allowed.has(fromReferer)
      ? { trusted: true, origin: fromReferer }
      : { trusted: false, appUrl, claimed: fromReferer };
  }
  const site = evidence.secFetchSite?.trim().toLowerCase();
  if (site === 'cross-site' || site === 'same-site') return { trusted: false, appUrl, claimed: undefined };
  return { trusted: true, origin: appUrl };
};

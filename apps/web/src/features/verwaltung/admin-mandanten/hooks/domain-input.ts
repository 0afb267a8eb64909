import { isValidDomain, normalizeDomain } from '@stellwerk/domain/identitaet/domain-sync';

/**
 * The domains typed into the tags input, as the server will store them (trimmed, lower case, no trailing
 * dot, no duplicates), and the first one that is not a valid host name.
 */
export const checkDomains = (typed: readonly string[]): { domains: string[]; invalid: string | null } => {
  const domains: string[] = [];
  for (const raw of typed) {
    const domain = normalizeDomain(raw);
    if (!isValidDomain(domain)) return { domains, invalid: raw };
    if (!domains.includes(domain)) domains.push(domain);
  }
  return { domains, invalid: null };
};

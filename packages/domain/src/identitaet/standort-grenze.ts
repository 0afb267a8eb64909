/**
 * A role assignment limited to locations (decision 258): a user's role can be given for some of the tenant's
 * locations (Standorte) instead of the whole tenant. The limit is resolved per right into the session like the
 * rights themselves, and the areas that honour it (`STANDORT_GRENZE_RECHTE`) answer only for those locations.
 */
import type { Grant, PermissionName } from '../permissions.ts';
import { isPermissionName } from '../permissions.ts';
import type { Aktion } from '../policy.ts';

/** A grant with the locations of its assignment: empty or left out is the whole tenant (as before decision 258). */
export type GrantMitStandorten = Grant & { readonly standortIds?: readonly string[] };

/** Per right, the locations it is limited to; a right not named is held for the whole tenant (or not at all). */
export type StandortGrenzen = Readonly<Partial<Record<PermissionName, readonly string[]>>>;

/** The most locations one assignment can name. */
export const MAX_STANDORTE_JE_ZUWEISUNG = 100;

/**
 * The limits of the rights a user holds. A right is limited only when every `'true'` grant of it comes from a
 * location-limited assignment: one unlimited grant (a direct right, a group's role, a role for the whole tenant)
 * opens the whole tenant. Several limited assignments add their locations up.
 */
export const resolveStandortGrenzen = (grants: readonly GrantMitStandorten[]): StandortGrenzen => {
  const offen = new Set<PermissionName>();
  const grenzen = new Map<PermissionName, Set<string>>();
  for (const g of grants) {
    if (g.wert !== 'true' || !isPermissionName(g.name)) continue;
    if (!g.standortIds || g.standortIds.length === 0) offen.add(g.name);
    else {
      const s = grenzen.get(g.name) ?? new Set<string>();
      for (const id of g.standortIds) s.add(id);
      grenzen.set(g.name, s);
    }
  }
  const ergebnis: Partial<Record<PermissionName, readonly string[]>> = {};
  for (const [name, ids] of grenzen) if (!offen.has(name)) ergebnis[name] = [...ids].sort();
  return ergebnis;
};

/**
 * The areas that honour the limit now, and the rights whose limit counts for each (decision 258). Other areas
 * answer for the whole tenant as before, whatever the assignment says.
 */
export const STANDORT_GRENZE_RECHTE = {
  'auslastung.sehen': ['auslastung_sehen'],
  'auswertung.sehen': ['auswertung_sehen'],
} as const satisfies Partial<Record<Aktion, readonly PermissionName[]>>;

export type StandortBegrenzteAktion = keyof typeof STANDORT_GRENZE_RECHTE;

/**
 * The locations `aktion` is limited to for a user, or null for the whole tenant: the union of the limits of its
 * rights the user holds; null when one of them is held without a limit (or none is held: the action's own check
 * refuses that, this only narrows).
 */
export const standortGrenzeFuer = (
  aktion: StandortBegrenzteAktion,
  user: { permissions: ReadonlySet<PermissionName>; standortGrenzen: StandortGrenzen },
): readonly string[] | null => {
  const gehalten = STANDORT_GRENZE_RECHTE[aktion].filter((r) => user.permissions.has(r));
  if (gehalten.length === 0) return null;
  const ids = new Set<string>();
  for (const r of gehalten) {
    const g = user.standortGrenzen[r];
    if (!g) return null;
    for (const id of g) ids.add(id);
  }
  return [...ids].sort();
};

/**
 * The locations a request answers for: the asked `standort` if the limit allows it, else all of the limit's;
 * `undefined` is no filter (the whole tenant). A `standort` outside the limit is refused (`auslastung.standort_fremd`, 403):
 * a foreign location is not quietly answered with nothing, so a caller learns it asked outside its locations.
 */
export const standortAuswahl = (
  grenze: readonly string[] | null,
  standort: string | undefined,
): { standortIds: readonly string[] | undefined } | { fehler: 'auslastung.standort_fremd' } => {
  if (grenze === null) return { standortIds: standort ? [standort] : undefined };
  if (standort)
    return grenze.includes(standort) ? { standortIds: [standort] } : { fehler: 'auslastung.standort_fremd' };
  return { standortIds: grenze };
};

/** The entries of a location list a limited user may see (the filters' choices); all of them without a limit. */
export const nurErlaubteStandorte = <T extends { id: string }>(
  grenze: readonly string[] | null,
  standorte: readonly T[],
): T[] => (grenze === null ? [...standorte] : standorte.filter((s) => grenze.includes(s.id)));

/**
 * Checks the locations of a user's role assignments against the roles given and the tenant's locations: each
 * entry names one of the user's roles once and at least one known location, at most
 * `MAX_STANDORTE_JE_ZUWEISUNG`. Answers the first failure, or null.
 */
export const pruefeRollenStandorte = (
  eintraege: readonly { rolleId: string; standortIds: readonly string[] }[],
  { rolleIds, standortIds }: { rolleIds: readonly string[]; standortIds: ReadonlySet<string> },
):
  | null
  | { code: 'benutzer.standort_rolle_fehlt'; rolleId: string }
  | { code: 'benutzer.standort_unbekannt'; standortId: string }
  | { code: 'benutzer.standorte_ungueltig'; rolleId: string } => {
  const gesehen = new Set<string>();
  for (const e of eintraege) {
    if (!rolleIds.includes(e.rolleId)) return { code: 'benutzer.standort_rolle_fehlt', rolleId: e.rolleId };
    if (
      gesehen.has(e.rolleId) ||
      e.standortIds.length > MAX_STANDORTE_JE_ZUWEISUNG ||
      new Set(e.standortIds).size !== e.standortIds.length
    )
      return { code: 'benutzer.standorte_ungueltig', rolleId: e.rolleId };
    gesehen.add(e.rolleId);
    const fremd = e.standortIds.find((id) => !standortIds.has(id));
    if (fremd) return { code: 'benutzer.standort_unbekannt', standortId: fremd };
  }
  return null;
};

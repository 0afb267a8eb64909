/**
 * Link-table sync (spec §7: roles and groups "upserted and removed via link tables"; tenant domains
 * "missing ones added, removed ones deleted"). Pure: the caller reads the current links, asks what to
 * change, and writes only that, so unchanged links are never touched.
 */

/** What turns `current` into `desired`: links to insert and links to delete. */
export type LinkChanges<T> = { add: T[]; remove: T[] };

/**
 * The difference between the links a row has and the links it should have. Duplicates in either list
 * count once; `add` keeps the order of `desired`, `remove` the order of `current`.
 */
export const syncLinks = <T extends string | number>(
  current: readonly T[],
  desired: readonly T[],
): LinkChanges<T> => {
  const have = new Set(current);
  const want = new Set(desired);
  return {
    add: [...want].filter((x) => !have.has(x)),
    remove: [...have].filter((x) => !want.has(x)),
  };
};

/** A permission grant on a role or a user: granted when `wert` is 'true'. */
export type GrantValue = { name: string; wert: string };

/** What turns the current grants into the desired ones: new names, changed values, names to delete. */
export type GrantChanges = { add: GrantValue[]; update: GrantValue[]; remove: string[] };

/**
 * The difference between two grant lists keyed by permission name (rolle_permission,
 * benutzer_permission). A name listed twice in `desired` keeps its last value.
 */
export const syncGrants = (current: readonly GrantValue[], desired: readonly GrantValue[]): GrantChanges => {
  const have = new Map(current.map((g) => [g.name, g.wert]));
  const want = new Map(desired.map((g) => [g.name, g.wert]));
  const add: GrantValue[] = [];
  const update: GrantValue[] = [];
  for (const [name, wert] of want) {
    if (!have.has(name)) add.push({ name, wert });
    else if (have.get(name) !== wert) update.push({ name, wert });
  }
  const remove = [...have.keys()].filter((name) => !want.has(name));
  return { add, update, remove };
};

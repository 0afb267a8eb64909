/**
 * Canonical form of an in-app path for guards and route lists: query and hash removed, percent-escapes
 * decoded once, backslashes read as slashes, `.`/`..` segments resolved, repeated and trailing slashes
 * dropped, lower case (the router matches case-insensitively, so the guard must too).
 * `normalizePath('/Admin//benutzer/../rollen/?x=1')` is `'/admin/rollen'`.
 */
export const normalizePath = (raw: string): string => {
  let path = raw.slice(0, 4096);
  const cut = path.search(/[?#]/);
  if (cut >= 0) path = path.slice(0, cut);
  try {
    path = decodeURIComponent(path);
  } catch {
    // keep the raw text: a malformed escape is matched literally and leads nowhere
  }
  const segments: string[] = [];
  for (const segment of path.replaceAll('\\', '/').split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment.toLowerCase());
  }
  return `/${segments.join('/')}`;
};

/** True when `path` (normalised) is `base` itself or lies below it. */
export const isPathWithin = (path: string, base: string): boolean => {
  const p = normalizePath(path);
  const b = normalizePath(base);
  return b === '/' || p === b || p.startsWith(`${b}/`);
};

/** A browser's cookies for one site: Set-Cookie answers update it, `header` sends it. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1);
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  has(name: string): boolean {
    return this.cookies.has(name);
  }

  get header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/**
 * A request of a browser holding `jar`'s cookies to the app at `baseUrl`, from a page of the app itself (its origin),
 * with a JSON body when one is given; the answer's cookies go into the jar.
 */
export const mitJar = async (
  baseUrl: string,
  jar: CookieJar,
  method: string,
  path: string,
  body?: unknown,
): Promise<Response> => {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      origin: baseUrl,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(jar.header ? { cookie: jar.header } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  jar.take(response);
  return response;
};

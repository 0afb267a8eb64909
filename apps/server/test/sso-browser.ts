/** A browser for single-sign-on tests: cookies per origin, redirects followed by hand across app and provider. */
export class Browser {
  private readonly jars = new Map<string, Map<string, string>>();

  private jar(url: string): Map<string, string> {
    const origin = new URL(url).origin;
    let jar = this.jars.get(origin);
    if (!jar) {
      jar = new Map();
      this.jars.set(origin, jar);
    }
    return jar;
  }

  cookieHeader(url: string): string {
    return [...this.jar(url)].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  has(url: string, name: string): boolean {
    return this.jar(url).has(name);
  }

  private take(url: string, response: Response): void {
    const jar = this.jar(url);
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1);
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === '';
      if (expired) jar.delete(name);
      else jar.set(name, value);
    }
  }

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    const cookie = this.cookieHeader(url);
    if (cookie) headers.set('cookie', cookie);
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    this.take(url, response);
    return response;
  }

  /** GETs `url` and follows redirects; returns the last answer and its address. */
  async follow(url: string, max = 20): Promise<{ response: Response; url: string }> {
    let current = url;
    for (let i = 0; i < max; i++) {
      const response = await this.request(current);
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) return { response, url: current };
      current = new URL(location, current).toString();
    }
    throw new Error(`too many redirects from ${url}`);
  }
}

import { CookieJar } from './cookie-jar.ts';

/** A browser for single-sign-on tests: cookies per origin, redirects followed by hand across app and provider. */
export class Browser {
  private readonly jars = new Map<string, CookieJar>();

  private jar(url: string): CookieJar {
    const origin = new URL(url).origin;
    let jar = this.jars.get(origin);
    if (!jar) {
      jar = new CookieJar();
      this.jars.set(origin, jar);
    }
    return jar;
  }

  cookieHeader(url: string): string {
    return this.jar(url).header;
  }

  has(url: string, name: string): boolean {
    return this.jar(url).has(name);
  }

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    const cookie = this.cookieHeader(url);
    if (cookie) headers.set('cookie', cookie);
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    this.jar(url).take(response);
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

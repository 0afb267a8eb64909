/** Small helpers for the non-HttpOnly cookies the web app itself sets (never the session cookie). */

export const readCookie = (name: string, cookieString: string = document.cookie): string | undefined => {
  for (const part of cookieString.split(';')) {
    const [rawKey, ...rest] = part.trim().split('=');
    if (rawKey === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
};

export const writeCookie = (name: string, value: string, maxAgeSeconds: number): void => {
  // biome-ignore lint/suspicious/noDocumentCookie: a plain path cookie is what the spec asks for (redirect path)
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${maxAgeSeconds}; SameSite=Lax`;
};

export const deleteCookie = (name: string): void => {
  // biome-ignore lint/suspicious/noDocumentCookie: see writeCookie
  document.cookie = `${name}=; path=/; max-age=0; SameSite=Lax`;
};

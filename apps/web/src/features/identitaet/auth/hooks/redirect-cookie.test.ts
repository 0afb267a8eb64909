// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { REDIRECT_COOKIE, rememberRedirect, takeRedirect } from './redirect-cookie';

describe('redirect cookie', () => {
  beforeEach(() => {
    // biome-ignore lint/suspicious/noDocumentCookie: reset between tests
    document.cookie = `${REDIRECT_COOKIE}=; path=/; max-age=0`;
  });

  it('remembers a path and hands it out exactly once', () => {
    rememberRedirect('/leseraum/liste?tag=2026-11-21');
    expect(takeRedirect()).toBe('/leseraum/liste?tag=2026-11-21');
    expect(takeRedirect()).toBeNull();
  });

  it('never remembers or follows an external or protocol-relative target', () => {
    rememberRedirect('//evil.example/steal');
    expect(takeRedirect()).toBeNull();
    // a cookie written by someone else is checked again when read
    // biome-ignore lint/suspicious/noDocumentCookie: simulate a tampered cookie
    document.cookie = `${REDIRECT_COOKIE}=${encodeURIComponent('https://evil.example')}; path=/`;
    expect(takeRedirect()).toBeNull();
    expect(document.cookie).not.toContain(REDIRECT_COOKIE);
  });
});

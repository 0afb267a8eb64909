import { describe, expect, it } from 'vitest';
import { languageAfterSignIn } from './use-language-sync';

describe('languageAfterSignIn', () => {
  it("lets the user's own Sprache setting win over the browser's choice", () => {
    expect(languageAfterSignIn({ value: 'en', source: 'benutzer' }, 'de')).toBe('en');
    expect(languageAfterSignIn({ value: 'de', source: 'benutzer' }, 'en')).toBe('de');
  });

  it('keeps the language picked before sign-in when the user has not chosen one', () => {
    expect(languageAfterSignIn({ value: 'de', source: 'default' }, 'en')).toBe('en');
    expect(languageAfterSignIn({ value: 'de', source: 'mandant' }, 'en')).toBe('en');
  });

  it("otherwise follows the group's or tenant's value", () => {
    expect(languageAfterSignIn({ value: 'en', source: 'mandant' }, null)).toBe('en');
    expect(languageAfterSignIn(undefined, null)).toBeNull();
  });
});

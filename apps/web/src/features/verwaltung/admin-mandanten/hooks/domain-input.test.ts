import { describe, expect, it } from 'vitest';
import { checkDomains } from './domain-input';

describe('domains typed for a tenant', () => {
  it('are normalised like the server stores them', () => {
    expect(checkDomains([' Musterstadt.Example. ', 'musterstadt.example', 'neu.example'])).toEqual({
      domains: ['musterstadt.example', 'neu.example'],
      invalid: null,
    });
  });

  it('name the first invalid one', () => {
    expect(checkDomains(['ok.example', 'https://x.example', 'localhost']).invalid).toBe('https://x.example');
    expect(checkDomains(['localhost']).invalid).toBe('localhost');
  });
});

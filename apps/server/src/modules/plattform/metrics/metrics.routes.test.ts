import { describe, expect, it } from 'vitest';
import { metricsTokenOf } from '../../../config.ts';
import { bearerMatches } from './metrics.routes.ts';

const TOKEN = 'metrics-token-0123456789abcdef';

describe('METRICS_TOKEN (decision 232)', () => {
  it.each([undefined, '', '   '])('%j switches /metrics off', (value) => {
    expect(metricsTokenOf(value)).toBeUndefined();
  });

  it('takes a token of 16 characters or more, trimmed', () => {
    expect(metricsTokenOf(` ${TOKEN} `)).toBe(TOKEN);
  });

  it.each(['kurz', 'fünfzehn-zeich', 'mit leerzeichen-0123456789'])('%j is refused at start', (value) => {
    expect(() => metricsTokenOf(value)).toThrow(/METRICS_TOKEN must be at least 16 characters/);
  });
});

describe('the bearer token of a scraper', () => {
  it.each([
    [`Bearer ${TOKEN}`, true],
    [`bearer ${TOKEN}`, true],
    [`Bearer ${TOKEN}x`, false],
    [`Bearer ${TOKEN.slice(0, -1)}`, false],
    [TOKEN, false],
    [`Basic ${TOKEN}`, false],
    ['Bearer', false],
    [undefined, false],
  ] as const)('%j matches: %s', (header, matches) => {
    expect(bearerMatches(header, TOKEN)).toBe(matches);
  });
});

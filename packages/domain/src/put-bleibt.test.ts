import { describe, expect, it } from 'vitest';
import { mitBleibendem } from './put-bleibt.ts';

describe('mitBleibendem (a PUT keeps what it was not given)', () => {
  const gespeichert = { text: 'alt' as string | null, aktiv: true, liste: ['a'] as string[], zahl: 3 };
  it.each([
    ['nothing given keeps everything', {}, gespeichert],
    ['undefined keeps', { text: undefined, aktiv: undefined }, gespeichert],
    ['null clears', { text: null }, { ...gespeichert, text: null }],
    ['an empty text is a value', { text: '' }, { ...gespeichert, text: '' }],
    ['false is a value', { aktiv: false }, { ...gespeichert, aktiv: false }],
    ['[] is a value', { liste: [] }, { ...gespeichert, liste: [] }],
    ['0 is a value', { zahl: 0 }, { ...gespeichert, zahl: 0 }],
  ] as const)('%s', (_name, gegeben, erwartet) => {
    expect(mitBleibendem(gespeichert, gegeben as Partial<typeof gespeichert>)).toEqual(erwartet);
  });
  it('does not change the stored object', () => {
    const copy = JSON.parse(JSON.stringify(gespeichert));
    mitBleibendem(gespeichert, { text: 'neu' });
    expect(gespeichert).toEqual(copy);
  });
});

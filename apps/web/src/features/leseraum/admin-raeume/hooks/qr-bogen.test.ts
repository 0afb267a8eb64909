import { describe, expect, it } from 'vitest';
import { checkInUrl, ZRaeumeSuche } from './qr-bogen';

const G = '11111111-1111-4111-8111-111111111111';
const P = '22222222-2222-4222-8222-222222222222';

describe('checkInUrl', () => {
  it('opens the place on the map of its area with check-in', () => {
    expect(
      checkInUrl({ origin: 'https://stellwerk.example/', bereich: 'leseraum', grundrissId: G, platzId: P }),
    ).toBe(`https://stellwerk.example/leseraum/karte?grundriss=${G}&platz=${P}&checkin=1`);
    expect(
      checkInUrl({ origin: 'http://localhost:3000', bereich: 'arbeitswelt', grundrissId: G, platzId: P }),
    ).toBe(`http://localhost:3000/arbeitswelt/karte?grundriss=${G}&platz=${P}&checkin=1`);
  });
});

describe('ZRaeumeSuche', () => {
  it('keeps a plan id and a known view, drops anything else', () => {
    expect(ZRaeumeSuche.parse({ grundriss: G, ansicht: 'qr' })).toEqual({ grundriss: G, ansicht: 'qr' });
    expect(ZRaeumeSuche.parse({ grundriss: 'x', ansicht: 'druck' })).toEqual({
      grundriss: undefined,
      ansicht: undefined,
    });
  });
});

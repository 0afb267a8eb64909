import { describe, expect, it } from 'vitest';
import { frageThema, fragtNachPersonen } from './frage.ts';
import { normalisiere } from './text.ts';

const personen = (text: string) => fragtNachPersonen(normalisiere(text));

describe('questions about other people (decision 219)', () => {
  it.each([
    'Wer war gestern im Büro?',
    'Wo sitzt Frau Müller?',
    'Wo sitzt Herr Schmidt heute?',
    'Zeig mir die Buchungen von meiner Kollegin',
    'Hat jemand den Platz 12 gebucht?',
    'Who was in the office yesterday?',
    'Where does Anna sit?',
    'Where is Mr Smith sitting?',
    'Show me the bookings of eva.lang@musterstadt.example',
    'Is someone using the car tomorrow?',
  ])('%s asks about other people', (text) => {
    expect(personen(text)).toBe(true);
  });

  it.each([
    'Ich brauche morgen von 9 bis 12 ein Auto',
    'Zeig mir meine Buchungen',
    'Storniere meine Buchung am Freitag',
    'Wann hat der Lesesaal morgen geöffnet?',
    'Wie lange darf ich einen Platz buchen?',
    'Ich bin da',
    'show my bookings',
    'Where is my locker?',
    'book me a desk for tomorrow',
    'How long may I book a desk?',
  ])('%s does not', (text) => {
    expect(personen(text)).toBe(false);
  });
});

describe('the subject of a question', () => {
  it.each([
    ['Wann hat der Lesesaal morgen geöffnet?', 'oeffnungszeiten'],
    ['Öffnungszeiten in Nord?', 'oeffnungszeiten'],
    ['When does the reading room open on Friday?', 'oeffnungszeiten'],
    ['Wie lange darf ich einen Platz buchen?', 'regeln'],
    ['How far in advance can I book a car?', 'regeln'],
    ['Wie ist das Wetter?', 'sonstige'],
  ] as const)('%s is about %s', (text, thema) => {
    expect(frageThema(normalisiere(text))).toBe(thema);
  });
});

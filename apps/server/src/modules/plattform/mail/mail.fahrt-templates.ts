/**
 * The fleet managers' mail about a check-in or check-out (decision 064) in German and English:
 * cleanliness at or worse than a threshold, damages with their photo links, receipts, and whether a
 * safety-relevant damage took the vehicle out of service.
 */

export type FahrtMeldungParams = {
  schritt: 'checkIn' | 'checkOut';
  /** make and model */
  fahrzeug: string;
  kennzeichen: string;
  fahrer: string;
  /** DD.MM.YYYY HH:mm (Europe/Berlin) */
  zeitpunkt: string;
  kilometerstand: number;
  sauberkeitInnen: string;
  sauberkeitAussen: string;
  /** the sides at or worse than their threshold */
  schwelle: ('Innen' | 'Aussen')[];
  schaeden: { ort: string; beschreibung: string; sicherheitsrelevant: boolean; foto: string | null }[];
  belege: string[];
  /** a safety-relevant damage blocked the vehicle (DEFEKT) from this instant, DD.MM.YYYY HH:mm */
  gesperrtAb?: string;
  /** moved and cancelled following bookings */
  umgebucht?: number;
  storniert?: number;
  url: string;
};

type Rendered = { subject: string; lines: string[]; linkLabel: string };

const ORT_DE: Record<string, string> = {
  vorne: 'vorne',
  hinten: 'hinten',
  links: 'links',
  rechts: 'rechts',
  dach: 'Dach',
  innenraum: 'Innenraum',
  unterboden: 'Unterboden',
  sonstiges: 'sonstiges',
};
const ORT_EN: Record<string, string> = {
  vorne: 'front',
  hinten: 'rear',
  links: 'left',
  rechts: 'right',
  dach: 'roof',
  innenraum: 'interior',
  unterboden: 'underbody',
  sonstiges: 'other',
};

export const fahrtMeldungDe = (p: FahrtMeldungParams): Rendered => {
  const was = `${p.fahrzeug} (${p.kennzeichen})`;
  const schritt = p.schritt === 'checkIn' ? 'Check-in' : 'Check-out';
  const subject = p.gesperrtAb
    ? `Sicherheitsrelevanter Schaden, Fahrzeug gesperrt: ${p.kennzeichen}`
    : p.schaeden.length > 0
      ? `Schaden gemeldet: ${p.kennzeichen}`
      : `Reinigung nötig: ${p.kennzeichen}`;
  return {
    subject,
    lines: [
      'Guten Tag,',
      `beim ${schritt} von ${was} am ${p.zeitpunkt} durch ${p.fahrer} wurde Folgendes erfasst (Kilometerstand ${p.kilometerstand}):`,
      `Sauberkeit innen: ${p.sauberkeitInnen}${p.schwelle.includes('Innen') ? ' (Schwelle erreicht)' : ''}`,
      `Sauberkeit außen: ${p.sauberkeitAussen}${p.schwelle.includes('Aussen') ? ' (Schwelle erreicht)' : ''}`,
      ...p.schaeden.map(
        (s) =>
          `Schaden (${ORT_DE[s.ort] ?? s.ort}${s.sicherheitsrelevant ? ', sicherheitsrelevant' : ''}): ${s.beschreibung}${s.foto ? ` – Foto: ${s.foto}` : ''}`,
      ),
      ...p.belege.map((b, i) => `Beleg ${i + 1}: ${b}`),
      p.gesperrtAb
        ? `Das Fahrzeug ist ab ${p.gesperrtAb} wegen eines Defekts gesperrt (${p.umgebucht ?? 0} Folgebuchungen umgebucht, ${p.storniert ?? 0} storniert). Heben Sie die Sperre nach der Reparatur auf.`
        : '',
    ].filter(Boolean),
    linkLabel: 'Fahrzeugverwaltung öffnen',
  };
};

export const fahrtMeldungEn = (p: FahrtMeldungParams): Rendered => {
  const was = `${p.fahrzeug} (${p.kennzeichen})`;
  const schritt = p.schritt === 'checkIn' ? 'check-in' : 'check-out';
  const subject = p.gesperrtAb
    ? `Safety-relevant damage, vehicle blocked: ${p.kennzeichen}`
    : p.schaeden.length > 0
      ? `Damage reported: ${p.kennzeichen}`
      : `Cleaning needed: ${p.kennzeichen}`;
  return {
    subject,
    lines: [
      'Hello,',
      `at the ${schritt} of ${was} on ${p.zeitpunkt} by ${p.fahrer} the following was recorded (mileage ${p.kilometerstand}):`,
      `Cleanliness inside: ${p.sauberkeitInnen}${p.schwelle.includes('Innen') ? ' (threshold reached)' : ''}`,
      `Cleanliness outside: ${p.sauberkeitAussen}${p.schwelle.includes('Aussen') ? ' (threshold reached)' : ''}`,
      ...p.schaeden.map(
        (s) =>
          `Damage (${ORT_EN[s.ort] ?? s.ort}${s.sicherheitsrelevant ? ', safety-relevant' : ''}): ${s.beschreibung}${s.foto ? ` – photo: ${s.foto}` : ''}`,
      ),
      ...p.belege.map((b, i) => `Receipt ${i + 1}: ${b}`),
      p.gesperrtAb
        ? `The vehicle is blocked for a defect from ${p.gesperrtAb} (${p.umgebucht ?? 0} following bookings moved, ${p.storniert ?? 0} cancelled). Lift the block after the repair.`
        : '',
    ].filter(Boolean),
    linkLabel: 'Open the fleet administration',
  };
};

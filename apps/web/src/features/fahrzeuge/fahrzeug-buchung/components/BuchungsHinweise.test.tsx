// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { applyLanguage, initI18n } from '../../../../i18n/i18n';
import { BuchungsHinweise } from './BuchungsHinweise';

const gespeichert: ComponentProps<typeof BuchungsHinweise>['gespeichert'] = {
  fahrzeug: {
    id: '00000000-0000-4000-8000-000000000001',
    marke: 'VW',
    modell: 'Golf',
    kennzeichen: 'MS-SW 101',
  },
  von: '2026-11-26T08:00:00.000Z',
  bis: '2026-11-26T11:00:00.000Z',
  hinweise: [
    { code: 'fuehrerschein.dokument_abgelaufen', params: { datum: '01.11.2026' } },
    { code: 'kein.code.des.katalogs', params: {} },
  ],
};

const zeige = (geaendert: boolean, onClose: () => void = () => undefined) =>
  render(
    <MantineProvider>
      <BuchungsHinweise gespeichert={gespeichert} geaendert={geaendert} onClose={onClose} />
    </MantineProvider>,
  );

beforeAll(async () => {
  await initI18n('de');
  // jsdom lacks what Mantine measures with
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }),
  });
});

afterEach(async () => {
  cleanup();
  await applyLanguage('de');
});

describe('the booking dialog after a booking accepted with warnings', () => {
  it('says the car is booked, for when, and lists each warning in the catalogue text (a code not in it as it is)', () => {
    zeige(false);
    expect(screen.getByText('Fahrzeug gebucht')).toBeTruthy();
    expect(screen.getByText(/^VW Golf \(MS-SW 101\): /).textContent).toContain('09:00');
    const status = screen.getByRole('status');
    expect(status.textContent).toContain('Bitte beachten');
    expect(status.textContent).toContain('Das Führerscheindokument ist seit 01.11.2026 abgelaufen.');
    expect(status.textContent).toContain('kein.code.des.katalogs');
  });

  it('says the booking is changed when it was, in English too, and closes on "understood"', async () => {
    let geschlossen = 0;
    zeige(true, () => geschlossen++);
    expect(screen.getByText('Buchung geändert')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Verstanden' }));
    expect(geschlossen).toBe(1);
    cleanup();
    await applyLanguage('en');
    zeige(true);
    expect(screen.getByRole('status').textContent).toContain(
      'The driving-licence document expired on 01.11.2026.',
    );
  });
});

// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n, ladeVerwaltungstexte } from '../../../../i18n/i18n';
import type { FieldErrors } from '../../../../lib/form-errors';
import { type FahrzeugFormular, siebenZeilen } from '../hooks/fahrzeug-formular';
import { OeffnungszeitenFelder } from './OeffnungszeitenFelder';

const NAMEN = ['Sonntag', 'Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag'];

type Formular = Pick<FahrzeugFormular, 'jeWochentag' | 'hatteZeilen' | 'oeffnungszeiten'>;

/** The fields with a form; returns what the fields set, in order. */
const zeige = (
  form: Formular,
  {
    errors = {},
    gueltig = null,
  }: { errors?: FieldErrors; gueltig?: { von: string | null; bis: string | null } | null } = {},
) => {
  const gesetzt: [keyof FahrzeugFormular, unknown][] = [];
  render(
    <MantineProvider>
      <OeffnungszeitenFelder
        form={form}
        fahrzeug={
          gueltig && { oeffnungszeitenGueltigVon: gueltig.von, oeffnungszeitenGueltigBis: gueltig.bis }
        }
        errors={errors}
        set={(key, value) => gesetzt.push([key, value])}
        wochentagName={(n) => NAMEN[n] ?? ''}
      />
    </MantineProvider>,
  );
  return gesetzt;
};

/** Monday to Friday open 07:00–19:00, the weekend closed. */
const werktags = (): Formular => ({
  jeWochentag: true,
  hatteZeilen: true,
  oeffnungszeiten: siebenZeilen([], '07:00', '19:00', [1, 2, 3, 4, 5]),
});

beforeAll(async () => {
  await initI18n('de');
  await ladeVerwaltungstexte();
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
  // the table's scroll container watches its size
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

afterEach(() => {
  cleanup();
});

describe("the vehicle dialog's booking times per weekday", () => {
  it('shows a row per weekday from Monday, the closed days with their times disabled, and since when the rows apply', () => {
    zeige(werktags(), { gueltig: { von: '2026-12-01', bis: null } });
    expect(screen.getByText('Gültig ab 01.12.2026')).toBeTruthy();
    // the rows of the table's body (getAllByRole would compute the whole page's styles: seconds in jsdom)
    const zeilen = [...document.querySelectorAll('tbody tr')];
    expect(zeilen.map((z) => z.querySelector('td')?.textContent)).toEqual([
      'Montag',
      'Dienstag',
      'Mittwoch',
      'Donnerstag',
      'Freitag',
      'Samstag',
      'Sonntag',
    ]);
    expect((screen.getByLabelText('Montag von') as HTMLInputElement).disabled).toBe(false);
    expect((screen.getByLabelText('Samstag von') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText('Montag geöffnet') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Sonntag geöffnet') as HTMLInputElement).checked).toBe(false);
  });

  it('says until when when the rows end, and shows a row’s error at its field', () => {
    zeige(werktags(), {
      gueltig: { von: '2026-12-01', bis: '2027-03-31' },
      errors: { 'oeffnungszeiten.0.bis': 'Das Ende muss nach dem Beginn liegen.' },
    });
    expect(screen.getByText('Gültig vom 01.12.2026 bis 31.03.2027')).toBeTruthy();
    const bis = screen.getByLabelText('Montag bis');
    expect(bis.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Das Ende muss nach dem Beginn liegen.')).toBeTruthy();
  });

  it('changes only the row it is in: opening Saturday and moving Monday’s start', () => {
    const form = werktags();
    const gesetzt = zeige(form);
    fireEvent.click(screen.getByLabelText('Samstag geöffnet'));
    fireEvent.change(screen.getByLabelText('Montag von'), { target: { value: '08:00' } });
    expect(gesetzt).toEqual([
      [
        'oeffnungszeiten',
        form.oeffnungszeiten.map((z) => (z.wochentag === 6 ? { ...z, geoeffnet: true } : z)),
      ],
      ['oeffnungszeiten', form.oeffnungszeiten.map((z) => (z.wochentag === 1 ? { ...z, von: '08:00' } : z))],
    ]);
  });

  it('switched off, shows no rows, warns that saving removes the stored ones, and switches on again', () => {
    const gesetzt = zeige({ ...werktags(), jeWochentag: false });
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe(
      'Beim Speichern werden die gespeicherten Zeiten je Wochentag entfernt; dann gelten die Wochentage und Zeiten oben.',
    );
    fireEvent.click(screen.getByLabelText(/^Eigene Zeiten je Wochentag/));
    expect(gesetzt).toEqual([['jeWochentag', true]]);
  });

  it('switched off for a vehicle that never had rows, says nothing about removing them', () => {
    zeige({ ...werktags(), jeWochentag: false, hatteZeilen: false });
    expect(screen.queryByRole('status')).toBeNull();
  });
});

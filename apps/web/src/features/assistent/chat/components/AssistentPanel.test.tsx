// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import type { TAusfuehrenAntwort } from '@stellwerk/domain/assistent/api';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../../i18n/i18n';
import { AssistentPanel } from './AssistentPanel';

beforeAll(async () => {
  await initI18n('de');
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

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const AUTO = '5b0c9a8e-2f4d-4c1a-9e6b-1d2c3b4a5f60';
const antwort = (teil: Partial<TAusfuehrenAntwort>): TAusfuehrenAntwort => ({
  lesung: {
    absicht: 'fahrzeug_buchen',
    von: '2026-11-26T09:00:00+01:00',
    bis: '2026-11-26T12:00:00+01:00',
    ganztags: false,
    standort: null,
    rueckfrage: null,
  },
  art: 'bestaetigen',
  zusammenfassung: 'Fahrzeug buchen, Donnerstag, 26.11.2026, 09:00–12:00 Uhr (Zeit in Berlin)',
  ausgefuehrt: false,
  fahrzeuge: [{ id: AUTO, bezeichnung: 'Volkswagen ID.3 Pro MS-SW 101', standort: 'Betriebshof Nord' }],
  naechsteFreieZeit: null,
  plaetze: [],
  buchungen: [],
  buchungId: null,
  buchungArt: null,
  fehler: null,
  spinde: [],
  verstanden: 'eingebaut',
  werkzeug: null,
  ...teil,
});

const mitAntworten = (...antworten: TAusfuehrenAntwort[]) => {
  const fetch = vi.fn(async () => new Response(JSON.stringify(antworten.shift()), { status: 200 }));
  vi.stubGlobal('fetch', fetch);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MantineProvider>
        <AssistentPanel />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return fetch;
};
const body = (fetch: ReturnType<typeof vi.fn>, i: number) =>
  JSON.parse((fetch.mock.calls[i] as [string, RequestInit])[1].body as string);

describe('the assistant chat panel', () => {
  it('sends with Enter, announces the reading with its role and confirms the same request with the car shown', async () => {
    const fetch = mitAntworten(
      antwort({}),
      antwort({
        art: 'abgelehnt',
        zusammenfassung: 'Das Fahrzeug ist im gewählten Zeitraum bereits gebucht.',
        fehler: { code: 'x', message: 'Das Fahrzeug ist im gewählten Zeitraum bereits gebucht.' },
        fahrzeuge: [{ id: AUTO, bezeichnung: 'Škoda Octavia MS-SW 102', standort: 'Betriebshof Nord' }],
      }),
    );
    const eingabe = screen.getByRole('textbox', { name: 'Ihre Nachricht' });
    fireEvent.change(eingabe, { target: { value: 'Ich brauche morgen von 9 bis 12 ein Auto' } });
    fireEvent.submit(eingabe.closest('form')!);
    const log = screen.getByRole('log', { name: 'Unterhaltung mit dem Assistenten' });
    expect(log.getAttribute('aria-live')).toBe('polite');
    expect(await within(log).findByText(/09:00–12:00 Uhr \(Zeit in Berlin\)/)).toBeTruthy();
    expect(log.textContent).toContain('Sie: Ich brauche morgen von 9 bis 12 ein Auto');
    expect(log.textContent).toContain('Assistent: Fahrzeug buchen');
    expect(within(log).getByText('Vorschlag: Volkswagen ID.3 Pro MS-SW 101 (Betriebshof Nord)')).toBeTruthy();
    const erste = body(fetch, 0);
    expect(erste.bestaetigt).toBeUndefined();

    fireEvent.click(within(log).getByRole('button', { name: 'Ja, buchen' }));
    expect(await within(log).findByText('Škoda Octavia MS-SW 102 (Betriebshof Nord)')).toBeTruthy();
    expect(body(fetch, 1)).toEqual({ ...erste, bestaetigt: true, fahrzeugId: AUTO });
    // the reading answered stays, its buttons no longer act
    expect((within(log).getByRole('button', { name: 'Ja, buchen' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('offers the next free time when no car is free and sends it as a new request to confirm (decision 254)', async () => {
    const anfrage = 'Auto am 02.12.2026 von 12:00 bis 15:00';
    const fetch = mitAntworten(
      antwort({
        art: 'abgelehnt',
        zusammenfassung: 'Im gewählten Zeitraum ist kein Fahrzeug frei.',
        fehler: {
          code: 'assistent.kein_fahrzeug_frei',
          message: 'Im gewählten Zeitraum ist kein Fahrzeug frei.',
        },
        fahrzeuge: [],
        naechsteFreieZeit: {
          von: '2026-12-02T12:00:00+01:00',
          bis: '2026-12-02T15:00:00+01:00',
          fahrzeuge: 2,
          anfrage,
        },
      }),
      antwort({}),
    );
    const eingabe = screen.getByRole('textbox', { name: 'Ihre Nachricht' });
    fireEvent.change(eingabe, { target: { value: 'Auto am 02.12.2026 von 9 bis 12' } });
    fireEvent.submit(eingabe.closest('form')!);
    const log = screen.getByRole('log');
    expect(
      await within(log).findByText(
        'Nächste freie Zeit: 02.12.26, 12:00 bis 02.12.26, 15:00 (freie Fahrzeuge: 2)',
      ),
    ).toBeTruthy();
    fireEvent.click(within(log).getByRole('button', { name: 'Diese Zeit buchen' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    expect(log.textContent).toContain(`Sie: ${anfrage}`);
    expect(body(fetch, 1).text).toBe(anfrage);
    expect(body(fetch, 1).bestaetigt).toBeUndefined();
  });

  it('Abbrechen changes nothing and sends nothing', async () => {
    const fetch = mitAntworten(antwort({}));
    const eingabe = screen.getByRole('textbox', { name: 'Ihre Nachricht' });
    fireEvent.change(eingabe, { target: { value: 'Ich brauche morgen von 9 bis 12 ein Auto' } });
    fireEvent.submit(eingabe.closest('form')!);
    const log = screen.getByRole('log');
    fireEvent.click(await within(log).findByRole('button', { name: 'Abbrechen' }));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(log.textContent).toContain('Sie: Abbrechen');
  });

  it("confirms the language model's tool call as shown and says when the built-in understanding stood in", async () => {
    const werkzeug = {
      name: 'book_car',
      argumente: { start: '2026-11-26T09:00:00+01:00', end: '2026-11-26T12:00:00+01:00' },
    };
    const fetch = mitAntworten(
      antwort({ verstanden: 'sprachmodell', werkzeug }),
      antwort({
        art: 'ausgefuehrt',
        ausgefuehrt: true,
        verstanden: 'sprachmodell',
        zusammenfassung: 'Gebucht.',
      }),
      antwort({ verstanden: 'ersatz' }),
    );
    const eingabe = screen.getByRole('textbox', { name: 'Ihre Nachricht' });
    fireEvent.change(eingabe, { target: { value: 'Auto morgen vormittag bitte' } });
    fireEvent.submit(eingabe.closest('form')!);
    const log = screen.getByRole('log');
    fireEvent.click(await within(log).findByRole('button', { name: 'Ja, buchen' }));
    expect(await within(log).findByText('Gebucht.')).toBeTruthy();
    expect(body(fetch, 1)).toEqual({ ...body(fetch, 0), bestaetigt: true, werkzeug });
    expect(within(log).queryByTestId('assistent-ersatz')).toBeNull();

    fireEvent.change(eingabe, { target: { value: 'Auto übermorgen von 9 bis 12' } });
    fireEvent.submit(eingabe.closest('form')!);
    expect((await within(log).findByTestId('assistent-ersatz')).textContent).toBe(
      'Das Sprachmodell hat nicht rechtzeitig geantwortet; die eingebaute Erkennung hat Ihre Anfrage gelesen.',
    );
  });
});

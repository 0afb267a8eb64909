// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { ZStandortInput } from '@stellwerk/domain/verwaltung/admin-stammdaten.api';
import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { applyLanguage, initI18n } from '../i18n/i18n';
import { hasMissingFields, zodFieldErrors } from '../lib/form-errors';
import { MissingFieldsAlert } from './MissingFieldsAlert';

const show = (errors: Record<string, unknown>) =>
  render(
    <MantineProvider>
      <MissingFieldsAlert errors={errors} />
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

describe('the message of a form with an empty mandatory field', () => {
  it('the schema check marks the empty field Pflichtfeld and the form counts as missing fields', () => {
    const checked = zodFieldErrors(ZStandortInput, { name: '', abstellplaetze: [] }, i18next.t);
    expect(checked.errors?.name).toBe('Pflichtfeld');
    expect(hasMissingFields(checked.errors ?? {}, i18next.t)).toBe(true);
    expect(hasMissingFields({ name: 'Die Eingabe ist zu lang.' }, i18next.t)).toBe(false);
    expect(hasMissingFields({}, i18next.t)).toBe(false);
  });

  it("shows the catalogue's text verbatim, in German and in English", async () => {
    show({ name: 'Pflichtfeld', other: null });
    expect(screen.getByRole('alert').textContent).toBe('Bitte alle Pflichtfelder ausfüllen.');
    cleanup();
    await applyLanguage('en');
    show({ name: i18next.t('validation.required') });
    expect(screen.getByRole('alert').textContent).toBe('Please fill in all mandatory fields.');
  });

  it('shows nothing while no mandatory field is empty', () => {
    show({ name: null, bis: 'Zeit zum setzen ist kein valider String.' });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

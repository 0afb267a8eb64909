// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../../i18n/i18n';
import { ResetPasswordForm } from './ResetPasswordForm';

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

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the invitation page of a deactivated user', () => {
  it('says the account is deactivated, and nothing about signing in now', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          {
            error: {
              code: 'auth.konto_deaktiviert',
              message: 'Ihr Benutzerkonto ist deaktiviert. Bitte wenden Sie sich an Ihre Administration.',
              params: {},
            },
          },
          { status: 403 },
        ),
      ),
    );
    const onDone = vi.fn(async () => true);
    render(
      <MantineProvider>
        <QueryClientProvider client={new QueryClient()}>
          <ResetPasswordForm token="einladung" linkError={undefined} onDone={onDone} />
        </QueryClientProvider>
      </MantineProvider>,
    );
    for (const label of [/^Neues Passwort\W*$/, /^Neues Passwort wiederholen\W*$/])
      fireEvent.change(screen.getByLabelText(label), { target: { value: 'doras-neues-passwort-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Passwort speichern' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Benutzerkonto deaktiviert');
    expect(alert.textContent).toContain(
      'Ihr Benutzerkonto ist deaktiviert. Bitte wenden Sie sich an Ihre Administration.',
    );
    expect(screen.queryByText(/jetzt damit anmelden/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Passwort speichern' })).toBeNull();
    expect(onDone).not.toHaveBeenCalled();
  });
});

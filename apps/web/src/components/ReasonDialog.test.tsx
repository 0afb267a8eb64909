// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n/i18n';
import { ReasonDialog } from './ReasonDialog';

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
  // the reason field grows with its text and listens for loaded fonts, which jsdom has not
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
});

afterEach(() => cleanup());

const open = (onConfirm: (reason: string) => void, onClose = () => {}) =>
  render(
    <MantineProvider>
      <ReasonDialog
        opened
        title="Vormerkung ablehnen"
        message="Die buchende Person erhält Ihren Grund per E-Mail."
        confirmLabel="Ablehnen"
        cancelLabel="Abbrechen"
        label="Grund"
        description="Steht in der E-Mail."
        missing="Bitte geben Sie einen Grund an."
        maxLength={500}
        onConfirm={onConfirm}
        onClose={onClose}
      />
    </MantineProvider>,
  );

describe('ReasonDialog: a confirmation that needs the reason the other person is told', () => {
  it('an empty or blank reason is answered at its field and nothing is sent', () => {
    const onConfirm = vi.fn();
    open(onConfirm);
    fireEvent.click(screen.getByRole('button', { name: 'Ablehnen' }));
    expect(screen.getByText('Bitte geben Sie einen Grund an.')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /Grund/ }), { target: { value: '   ' } });
    expect(screen.queryByText('Bitte geben Sie einen Grund an.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Ablehnen' }));
    expect(screen.getByText('Bitte geben Sie einen Grund an.')).toBeTruthy();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('sends the trimmed reason, and closing empties the field', () => {
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    open(onConfirm, onClose);
    const field = screen.getByRole('textbox', { name: /Grund/ }) as HTMLTextAreaElement;
    fireEvent.change(field, { target: { value: '  Platz wird renoviert  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ablehnen' }));
    expect(onConfirm).toHaveBeenCalledWith('Platz wird renoviert');
    fireEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    expect(onClose).toHaveBeenCalled();
    expect(field.value).toBe('');
  });
});

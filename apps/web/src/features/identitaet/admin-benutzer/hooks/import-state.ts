import type { TBenutzerImportPreview, TImportRow } from '@stellwerk/domain/identitaet/admin-benutzer.api';

/**
 * The CSV import dialog as a state machine: choose a file, the server checks it (preview, nothing
 * written), the administrator confirms, the server imports all rows or none.
 */
export type ImportState =
  | { step: 'choose'; error: unknown }
  | { step: 'checking'; file: File }
  | { step: 'preview'; file: File; preview: TBenutzerImportPreview; error: unknown }
  | { step: 'importing'; file: File; preview: TBenutzerImportPreview }
  | { step: 'done'; created: number };

export type ImportAction =
  | { type: 'choose'; file: File }
  | { type: 'checked'; preview: TBenutzerImportPreview }
  | { type: 'failed'; error: unknown; preview?: TBenutzerImportPreview }
  | { type: 'confirm' }
  | { type: 'imported'; created: number }
  | { type: 'reset' };

export const initialImportState: ImportState = { step: 'choose', error: null };

export const importReducer = (state: ImportState, action: ImportAction): ImportState => {
  switch (action.type) {
    case 'choose':
      return { step: 'checking', file: action.file };
    case 'checked':
      return state.step === 'checking'
        ? { step: 'preview', file: state.file, preview: action.preview, error: null }
        : state;
    case 'failed':
      if (state.step === 'checking') return { step: 'choose', error: action.error };
      if (state.step === 'importing')
        return {
          step: 'preview',
          file: state.file,
          preview: action.preview ?? state.preview,
          error: action.error,
        };
      return state;
    case 'confirm':
      return state.step === 'preview' && canConfirmImport(state)
        ? { step: 'importing', file: state.file, preview: state.preview }
        : state;
    case 'imported':
      return state.step === 'importing' ? { step: 'done', created: action.created } : state;
    case 'reset':
      return initialImportState;
  }
};

/** Confirming is possible only for a checked file with rows and without any error. */
export const canConfirmImport = (state: ImportState): boolean =>
  state.step === 'preview' && state.preview.summary.total > 0 && state.preview.summary.invalid === 0;

/** The error of one column of a row, for highlighting its cell. */
export const cellError = (row: TImportRow, field: string): string | null =>
  row.errors.find((e) => e.field === field)?.message ?? null;

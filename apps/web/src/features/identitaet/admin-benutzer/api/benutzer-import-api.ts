import {
  type TBenutzerImportPreview,
  type TBenutzerImportResult,
  ZBenutzerImportFailure,
  ZBenutzerImportPreview,
  ZBenutzerImportResult,
} from '@stellwerk/domain/identitaet/admin-benutzer.api';
import { ApiError, toApiError } from '../../../../lib/api-client';

/** A failed import that names its rows: nothing was written, the rows say why. */
export class ImportRowsError extends ApiError {
  readonly preview: TBenutzerImportPreview;
  constructor(error: ApiError, preview: TBenutzerImportPreview) {
    super(error.status, error.message, error.code, error.params);
    this.preview = preview;
  }
}

const postCsv = async (path: string, file: File): Promise<unknown> => {
  const form = new FormData();
  form.append('file', file);
  const response = await fetch(path, {
    method: 'POST',
    body: form,
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  });
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = text;
  }
  if (!response.ok) {
    const error = toApiError(response.status, body, response.statusText || `HTTP ${response.status}`);
    const failure = ZBenutzerImportFailure.safeParse(body);
    if (failure.success) {
      throw new ImportRowsError(error, { rows: failure.data.rows, summary: failure.data.summary });
    }
    throw error;
  }
  return body;
};

/** Checks the file row by row; the server writes nothing. */
export const previewImport = async (file: File): Promise<TBenutzerImportPreview> =>
  ZBenutzerImportPreview.parse(await postCsv('/api/admin/benutzer/import/preview', file));

/** Imports all rows or none. */
export const runImport = async (file: File): Promise<TBenutzerImportResult> =>
  ZBenutzerImportResult.parse(await postCsv('/api/admin/benutzer/import', file));

import { DomainError } from '@stellwerk/domain/errors';
import type { FastifyRequest } from 'fastify';
import { MAX_UPLOAD_BYTES } from './error-handler';

export type Upload = { filename: string; data: Buffer };

/**
 * A parse error of the multipart body ("Unexpected end of multipart data", "Boundary not found",
 * "Malformed part header" from busboy) is the caller's: 400 `request.multipart_ungueltig`. Errors of
 * @fastify/multipart that carry a client status (413 limits, 406 not multipart) keep it.
 */
const asCallerError = (error: unknown): unknown => {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (error instanceof DomainError || (typeof status === 'number' && status >= 400 && status < 500))
    return error;
  return new DomainError('request.multipart_ungueltig');
};

/**
 * The single file of a multipart/form-data upload in the field `file`, read into memory within the upload
 * limit (413 beyond it). Used by every upload and import endpoint, so a broken body answers 400 everywhere.
 */
export const readUploadedFile = async (request: FastifyRequest): Promise<Upload> => {
  try {
    const part = await request.file();
    if (part?.fieldname !== 'file') {
      throw new DomainError('upload.keine_datei', { feld: 'file' });
    }
    const data = await part.toBuffer();
    // toBuffer() misses the limit when busboy truncates on the last chunk; the flag does not.
    if (part.file.truncated)
      throw new DomainError('upload.too_large', { maxMb: MAX_UPLOAD_BYTES / 1024 / 1024 });
    return { filename: part.filename, data };
  } catch (error) {
    throw asCallerError(error);
  }
};

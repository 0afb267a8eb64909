/**
 * Reads the body of a check-in or check-out: JSON, or multipart/form-data with the JSON text in the
 * field `daten`, receipts as files `beleg` and damage photos as `schaden.{index}.foto`. Each file is read within
 * the upload limit (413 beyond it); a broken body answers 400 like every upload endpoint.
 */
import { DomainError } from '@stellwerk/domain/errors';
import { MAX_BELEGE } from '@stellwerk/domain/fahrten/fahrtenbuch/fahrt-schritt';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { MAX_UPLOAD_BYTES } from '../../../http/error-handler.ts';
import type { Upload } from '../../../http/multipart-upload.ts';
import type { FahrtDateien } from './fahrt.schritt.ts';

const SCHADEN_FOTO = /^schaden\.(\d{1,2})\.foto$/;
const MAX_SCHADEN_FOTOS = 20;

const validiere = <S extends z.ZodType>(schema: S, wert: unknown): z.infer<S> => {
  const result = schema.safeParse(wert);
  if (!result.success) {
    const felder = result.error.issues.map((i) => i.path.join('.')).filter(Boolean);
    // a missing field is the catalogue's 'Bitte alle Pflichtfelder ausfüllen.'
    if (result.error.issues.some((i) => i.code === 'invalid_type' && i.input === undefined))
      throw new DomainError('validation.pflichtfelder');
    throw new DomainError('validation.failed', felder.length > 0 ? { felder: felder.join(', ') } : {});
  }
  return result.data;
};

export const leseSchritt = async <S extends z.ZodType>(
  request: FastifyRequest,
  schema: S,
): Promise<{ daten: z.infer<S>; dateien: FahrtDateien }> => {
  if (!request.isMultipart())
    return { daten: validiere(schema, request.body), dateien: { belege: [], schadenFotos: new Map() } };
  const belege: Upload[] = [];
  const schadenFotos = new Map<number, Upload>();
  let daten: unknown;
  try {
    for await (const part of request.parts({
      limits: {
        fileSize: MAX_UPLOAD_BYTES,
        files: MAX_BELEGE + MAX_SCHADEN_FOTOS,
        fields: 1,
        parts: MAX_BELEGE + MAX_SCHADEN_FOTOS + 1,
        fieldSize: 256 * 1024,
      },
    })) {
      if (part.type === 'field') {
        if (part.fieldname !== 'daten')
          throw new DomainError('fahrt.feld_unbekannt', { feld: part.fieldname.slice(0, 40) });
        try {
          daten = JSON.parse(String(part.value));
        } catch {
          throw new DomainError('request.json_ungueltig');
        }
        continue;
      }
      const data = await part.toBuffer();
      if (part.file.truncated)
        throw new DomainError('upload.too_large', { maxMb: MAX_UPLOAD_BYTES / 1024 / 1024 });
      const upload = { filename: part.filename, data };
      const foto = SCHADEN_FOTO.exec(part.fieldname);
      if (part.fieldname === 'beleg') {
        if (belege.length >= MAX_BELEGE) throw new DomainError('fahrt.zu_viele_dateien', { max: MAX_BELEGE });
        belege.push(upload);
      } else if (foto) schadenFotos.set(Number(foto[1]), upload);
      else throw new DomainError('fahrt.feld_unbekannt', { feld: part.fieldname.slice(0, 40) });
    }
  } catch (error) {
    const status = (error as { statusCode?: unknown } | null)?.statusCode;
    if (error instanceof DomainError || (typeof status === 'number' && status >= 400 && status < 500))
      throw error;
    throw new DomainError('request.multipart_ungueltig');
  }
  if (daten === undefined) throw new DomainError('validation.pflichtfelder');
  return { daten: validiere(schema, daten), dateien: { belege, schadenFotos } };
};

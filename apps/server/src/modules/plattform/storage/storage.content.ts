import { DomainError } from '@stellwerk/domain/errors';
import { fileTypeFromBuffer } from 'file-type';
import { looksLikeSvg, SvgRejected, sanitizeSvg } from './storage.svg-sanitizer';

export const BUCKETS = ['grundrisse', 'fahrzeuge', 'logos', 'datenschutz', 'belege', 'schaeden'] as const;
export type Bucket = (typeof BUCKETS)[number];

export type FileKind = 'png' | 'jpg' | 'pdf' | 'svg';

/** What each bucket accepts, decided by content, never by name or declared type. */
export const BUCKET_KINDS: Record<Bucket, readonly FileKind[]> = {
  grundrisse: ['svg'],
  fahrzeuge: ['png', 'jpg'],
  logos: ['png', 'jpg', 'svg'],
  datenschutz: ['pdf'],
  /** receipts of a check-in or check-out */
  belege: ['png', 'jpg', 'pdf'],
  /** damage photos */
  schaeden: ['png', 'jpg'],
};

export const MIME_OF: Record<FileKind, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  pdf: 'application/pdf',
  svg: 'image/svg+xml',
};

export type CheckedFile = { kind: FileKind; mime: string; data: Buffer };

const kindOfMagic = async (data: Buffer): Promise<FileKind | undefined> => {
  const detected = await fileTypeFromBuffer(data);
  switch (detected?.mime) {
    case 'image/png':
      return 'png';
    case 'image/jpeg':
      return 'jpg';
    case 'application/pdf':
      return 'pdf';
    default:
      return undefined;
  }
};

/**
 * The file's real type by its content (magic bytes; SVG as XML with an `<svg>` root), checked against
 * the bucket. SVGs come back sanitised. Refusals are catalogue errors ('Fehler beim Hochladen der Datei: …'):
 * `upload.leer`, `upload.type_not_allowed` naming the allowed types, or `upload.failed` with the reason
 * for a broken SVG.
 */
export const checkUpload = async (bucket: Bucket, data: Buffer): Promise<CheckedFile> => {
  if (data.length === 0) throw new DomainError('upload.leer');
  const allowed = BUCKET_KINDS[bucket];
  const notAllowed = () =>
    new DomainError('upload.type_not_allowed', { erlaubt: allowed.map((k) => k.toUpperCase()).join(', ') });
  const magic = await kindOfMagic(data);
  if (magic) {
    if (!allowed.includes(magic)) throw notAllowed();
    return { kind: magic, mime: MIME_OF[magic], data };
  }
  const text = data.toString('utf8');
  if (!allowed.includes('svg') || text.includes('\uFFFD') || !looksLikeSvg(text)) {
    throw notAllowed();
  }
  try {
    return { kind: 'svg', mime: MIME_OF.svg, data: Buffer.from(sanitizeSvg(text), 'utf8') };
  } catch (err) {
    if (err instanceof SvgRejected) throw new DomainError('upload.failed', { message: err.message });
    throw err;
  }
};

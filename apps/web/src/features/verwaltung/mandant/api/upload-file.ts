import { formatError } from '@stellwerk/domain/errors';
import type { Language } from '@stellwerk/domain/language';
import { useMutation } from '@tanstack/react-query';
import { ApiError, apiFetch, toApiError } from '../../../../lib/api-client';

export type TenantFileKind = 'logo' | 'datenschutz';

export const TENANT_FILE_URL: Record<TenantFileKind, string> = {
  logo: '/api/mandant/logo',
  datenschutz: '/api/mandant/datenschutz',
};

/** What the server accepts (it checks the content again): logo png/jpg/svg, privacy statement PDF. */
export const ACCEPTED_TYPES: Record<TenantFileKind, readonly string[]> = {
  logo: ['image/png', 'image/jpeg', 'image/svg+xml'],
  datenschutz: ['application/pdf'],
};

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

export type UploadProblem = 'type' | 'size' | null;

export const checkUpload = (
  kind: TenantFileKind,
  file: Pick<File, 'type' | 'size' | 'name'>,
): UploadProblem => {
  const byName = /\.(png|jpe?g|svg)$/i.test(file.name)
    ? 'logo'
    : /\.pdf$/i.test(file.name)
      ? 'datenschutz'
      : null;
  if (!ACCEPTED_TYPES[kind].includes(file.type) && byName !== kind) return 'type';
  if (file.size > MAX_UPLOAD_BYTES) return 'size';
  return null;
};

/** What the server names as allowed in its refusal, for the same refusal before sending. */
const ALLOWED_NAMES: Record<TenantFileKind, string> = { logo: 'PNG, JPG, SVG', datenschutz: 'PDF' };

/**
 * The refusal of a file checked before sending, in the words the server uses for it: the catalogue's
 * 'Fehler beim Hochladen der Datei: …' (spec §8) with the reason.
 */
export const uploadProblemMessage = (
  kind: TenantFileKind,
  problem: Exclude<UploadProblem, null>,
  language: Language,
): string =>
  problem === 'type'
    ? formatError('upload.type_not_allowed', language, { erlaubt: ALLOWED_NAMES[kind] })
    : formatError('upload.too_large', language, { maxMb: MAX_UPLOAD_BYTES / 1024 / 1024 });

/** Multipart upload (field `file`) with progress, through XMLHttpRequest since fetch reports none. */
export const uploadTenantFile = (
  kind: TenantFileKind,
  file: File,
  onProgress: (percent: number) => void,
): Promise<void> =>
  new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', TENANT_FILE_URL[kind]);
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress(100);
        resolve();
        return;
      }
      let body: unknown;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = undefined;
      }
      reject(toApiError(request.status, body, request.statusText || `HTTP ${request.status}`));
    };
    request.onerror = () => reject(new ApiError(0, 'network'));
    const form = new FormData();
    form.append('file', file);
    request.send(form);
  });

export const useUploadTenantFile = (
  kind: TenantFileKind,
  onProgress: (percent: number) => void,
  onDone: () => void,
) =>
  useMutation({
    mutationFn: (file: File) => uploadTenantFile(kind, file, onProgress),
    onSuccess: onDone,
  });

/** `DELETE /api/mandant/{logo,datenschutz}`: the tenant's file is removed (and its stored file deleted). */
export const useRemoveTenantFile = (kind: TenantFileKind, onDone: () => void) =>
  useMutation({
    mutationFn: () => apiFetch(TENANT_FILE_URL[kind], { method: 'DELETE' }),
    onSuccess: onDone,
  });

import type { FastifyReply } from 'fastify';
import type { FileContent } from './storage.service';

/** Spec §7/§9: stored files are cached for 3600 s, privately (they are tenant data). */
const FILE_CACHE_CONTROL = 'private, max-age=3600';

const contentDisposition = (name: string) =>
  `inline; filename="${name.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/** Sends a stored file with its type and the security headers every file answer carries. */
export const sendStoredFile = (reply: FastifyReply, file: FileContent) => {
  reply
    .header('content-type', file.mime)
    .header('content-length', file.size)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', FILE_CACHE_CONTROL)
    .header('content-disposition', contentDisposition(file.originalName))
    .header('cross-origin-resource-policy', 'same-origin');
  // An SVG opened directly must not run anything, even if the sanitiser missed something.
  if (file.mime === 'image/svg+xml')
    reply.header('content-security-policy', "sandbox; default-src 'none'; style-src 'unsafe-inline'");
  // streamed from the data folder or the object store, never held whole (decision 242)
  return reply.send(file.body);
};

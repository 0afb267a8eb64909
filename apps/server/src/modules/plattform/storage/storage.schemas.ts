import { z } from 'zod';

export const ZStoredFile = z.object({
  id: z.uuid(),
  mime: z.string(),
  size: z.number().int(),
  originalName: z.string(),
  createdAt: z.date(),
});

export const ZDateiParams = z.object({ id: z.uuid() });

/** Binary responses are sent as they are; the schema documents them. */
export const ZFileBody = z
  .any()
  .describe('The file: image/png, image/jpeg, image/svg+xml or application/pdf');

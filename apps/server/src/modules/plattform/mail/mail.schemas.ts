import { z } from 'zod';

export const ZMailStatus = z.enum(['pending', 'sent', 'failed']);

export const ZOutboxQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  status: ZMailStatus.optional(),
});

export const ZOutboxItem = z.object({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  status: ZMailStatus,
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.date(),
  sentAt: z.date().nullable(),
});

export const ZOutboxPage = z.object({ items: z.array(ZOutboxItem), total: z.number().int() });

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '../../../../lib/api-client';

export const ZOutboxMail = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  status: z.enum(['pending', 'sent', 'failed']),
  attempts: z.number(),
  lastError: z.string().nullable().optional(),
  createdAt: z.string(),
  sentAt: z.string().nullable().optional(),
});
export type TOutboxMail = z.infer<typeof ZOutboxMail>;

export const ZOutboxPage = z.object({ items: z.array(ZOutboxMail), total: z.number() });
export type TOutboxPage = z.infer<typeof ZOutboxPage>;

export const PAGE_SIZE = 20;

export const postausgangKeys = {
  all: ['postausgang'] as const,
  page: (page: number) => ['postausgang', { page }] as const,
};

export const postausgangQueryOptions = (page: number) =>
  queryOptions({
    queryKey: postausgangKeys.page(page),
    queryFn: async () =>
      ZOutboxPage.parse(
        await apiFetch(`/api/admin/postausgang?limit=${PAGE_SIZE}&offset=${(page - 1) * PAGE_SIZE}`),
      ),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });

export const usePostausgang = (page: number) => useQuery(postausgangQueryOptions(page));

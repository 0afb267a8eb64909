import type { TSmsAusgang } from '@stellwerk/domain/identitaet/sicherheit/api';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';

/** The tenant's SMS outbox (decision 083): masked numbers, texts without codes. */
export const useSmsAusgang = () =>
  useQuery({
    queryKey: ['postausgang', 'sms'],
    queryFn: () => apiFetch<TSmsAusgang>('/api/admin/postausgang/sms'),
    staleTime: 0,
  });

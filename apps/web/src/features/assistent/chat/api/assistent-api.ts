import {
  type TAusfuehrenAntwort,
  type TAusfuehrenEingabe,
  ZAusfuehrenAntwort,
} from '@stellwerk/domain/assistent/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import { QUERY_ROOTS } from '../../../../lib/query-roots';

/** What the panel sends: the request as typed and what it picked; `bestaetigt` only after "Ja". */
export type AssistentAnfrage = Omit<TAusfuehrenEingabe, 'bestaetigt'> & { bestaetigt?: boolean };

/**
 * `POST /api/assistent/ausfuehren` (decisions 190, 219): a dry run, or with `bestaetigt` the change. After a
 * change the bookings of every area are read again, so "Meine Buchungen" shows it at once.
 */
export const useAusfuehren = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (anfrage: AssistentAnfrage): Promise<TAusfuehrenAntwort> =>
      ZAusfuehrenAntwort.parse(
        await apiFetch('/api/assistent/ausfuehren', { method: 'POST', body: anfrage }),
      ),
    onSuccess: async (antwort) => {
      if (!antwort.ausgefuehrt) return;
      await Promise.all(
        [QUERY_ROOTS.fahrzeuge, QUERY_ROOTS.fahrzeugBuchungen, QUERY_ROOTS.leseraum].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
};

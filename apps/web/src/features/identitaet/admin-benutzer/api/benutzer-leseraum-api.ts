import { type TBenutzerLeseraum, ZBenutzerLeseraum } from '@stellwerk/domain/identitaet/admin-benutzer.api';
import { ZBelegung, ZGrundrissKurz } from '@stellwerk/domain/leseraum/leseraum-buchung/api';
import { berlinDateKey } from '@stellwerk/domain/time';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '../../../../lib/api-client';
import { QUERY_ROOTS } from '../../../../lib/query-roots';

const key = (id: string) => [...QUERY_ROOTS.benutzer, 'leseraum', id] as const;

/** A user's helper flags and own place (decision 138). */
export const useBenutzerLeseraum = (id: string) =>
  useQuery({
    queryKey: key(id),
    queryFn: async () => ZBenutzerLeseraum.parse(await apiFetch(`/api/admin/benutzer/${id}/leseraum`)),
  });

/** Every place of the tenant's active plans (both areas), labelled with its plan, for the own-place choice. */
export const usePlatzOptionen = () =>
  useQuery({
    queryKey: [...QUERY_ROOTS.leseraum, 'platz-optionen'] as const,
    queryFn: async () => {
      const tag = berlinDateKey(new Date());
      const plaene = (
        await Promise.all(
          (['leseraum', 'arbeitswelt'] as const).map(async (bereich) =>
            z
              .array(ZGrundrissKurz)
              .parse(await apiFetch(`/api/grundrisse?bereich=${bereich}`).catch(() => [])),
          ),
        )
      ).flat();
      const gruppen = await Promise.all(
        plaene.map(async (plan) => {
          const belegung = ZBelegung.parse(await apiFetch(`/api/grundrisse/${plan.id}/belegung?tag=${tag}`));
          return {
            group: plan.bezeichnung,
            items: belegung.plaetze.map((p) => ({
              value: p.id,
              label: `${p.bezeichnung} (${plan.bezeichnung})`,
            })),
          };
        }),
      );
      return gruppen.filter((g) => g.items.length > 0);
    },
  });

export const useSetBenutzerLeseraum = (id: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: TBenutzerLeseraum) =>
      ZBenutzerLeseraum.parse(
        await apiFetch(`/api/admin/benutzer/${id}/leseraum`, { method: 'PUT', body: input }),
      ),
    onSuccess: (data) => {
      queryClient.setQueryData(key(id), data);
      void queryClient.invalidateQueries({ queryKey: QUERY_ROOTS.leseraum });
    },
  });
};

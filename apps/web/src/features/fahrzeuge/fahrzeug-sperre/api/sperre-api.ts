import type { TFahrzeugSperreEingabe } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/schemas';
import {
  type TFahrzeugSperreVorschauEingabe,
  ZFahrzeugSperreErgebnis,
  ZFahrzeugSperreListe,
  ZFahrzeugSperreVorschau,
} from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/sperre-api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import { QUERY_ROOTS } from '../../../../lib/query-roots';

/** Under the vehicle bookings' root: the live event `fahrzeug_buchung` refreshes a vehicle's blocks. */
export const sperrenKeys = {
  liste: (fahrzeugId: string) => [...QUERY_ROOTS.fahrzeugBuchungen, 'sperren', fahrzeugId] as const,
};

/** The vehicle's blocks that have not ended (only while the dialog is open). */
export const useSperren = (fahrzeugId: string, enabled: boolean) =>
  useQuery({
    queryKey: sperrenKeys.liste(fahrzeugId),
    queryFn: async () =>
      ZFahrzeugSperreListe.parse(
        await apiFetch(`/api/fahrzeug-sperren?fahrzeugId=${encodeURIComponent(fahrzeugId)}`),
      ),
    enabled,
  });

/** What a block would move and cancel; changes nothing. */
export const useSperreVorschau = () =>
  useMutation({
    mutationFn: async (eingabe: TFahrzeugSperreVorschauEingabe) =>
      ZFahrzeugSperreVorschau.parse(
        await apiFetch('/api/fahrzeug-sperren/vorschau', { method: 'POST', body: eingabe }),
      ),
  });

const invalidate = (queryClient: ReturnType<typeof useQueryClient>) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: QUERY_ROOTS.fahrzeugBuchungen }),
    queryClient.invalidateQueries({ queryKey: QUERY_ROOTS.fahrzeuge }),
  ]);

/** Enters the block with the accepted moves. */
export const useSperreEintragen = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (eingabe: TFahrzeugSperreEingabe) =>
      ZFahrzeugSperreErgebnis.parse(
        await apiFetch('/api/fahrzeug-sperren', { method: 'POST', body: eingabe }),
      ),
    onSettled: () => invalidate(queryClient),
  });
};

/** Lifts a block. */
export const useSperreAufheben = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiFetch(`/api/fahrzeug-sperren/${id}`, { method: 'DELETE' });
    },
    onSettled: () => invalidate(queryClient),
  });
};

import { type TServiceheftEingabe, ZServiceheft } from '@stellwerk/domain/fahrzeuge/fahrzeug/serviceheft';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import { fahrzeugKeys } from './fahrzeug-buchung-api';

const serviceheftKey = (id: string) => [...fahrzeugKeys.all, 'serviceheft', id] as const;

/** A vehicle's service book (decision 068). */
export const useServiceheft = (fahrzeugId: string) =>
  useQuery({
    queryKey: serviceheftKey(fahrzeugId),
    queryFn: async () => ZServiceheft.parse(await apiFetch(`/api/fahrzeuge/${fahrzeugId}/serviceheft`)),
  });

export const useNeuerServiceheftEintrag = (fahrzeugId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (eingabe: TServiceheftEingabe) =>
      ZServiceheft.parse(
        await apiFetch(`/api/fahrzeuge/${fahrzeugId}/serviceheft`, { method: 'POST', body: eingabe }),
      ),
    onSuccess: (heft) => queryClient.setQueryData(serviceheftKey(fahrzeugId), heft),
  });
};

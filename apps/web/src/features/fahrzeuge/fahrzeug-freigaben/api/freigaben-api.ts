import { ZFahrzeugBuchung, ZFahrzeugBuchungListe } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/api';
import { ZSonderfreigabenAnzahl } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/freigabe-api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import { QUERY_ROOTS } from '../../../../lib/query-roots';

/**
 * Query keys of the approvals: under the vehicle bookings' root, so the live event `fahrzeug_buchung`
 * (a booking made, changed, approved or cancelled; decision 025) refreshes the list and the menu count.
 */
export const freigabenKeys = {
  all: [...QUERY_ROOTS.fahrzeugBuchungen, 'sonderfreigaben'] as const,
  liste: () => [...freigabenKeys.all, 'liste'] as const,
  anzahl: () => [...freigabenKeys.all, 'anzahl'] as const,
};

/** The special trips awaiting the current user's decision. */
export const useOffeneFreigaben = () =>
  useQuery({
    queryKey: freigabenKeys.liste(),
    queryFn: async () => ZFahrzeugBuchungListe.parse(await apiFetch('/api/sonderfreigaben')),
  });

/** How many special trips await the user (the menu count); only asked when the user may approve. */
export const useFreigabenAnzahl = (enabled: boolean) =>
  useQuery({
    queryKey: freigabenKeys.anzahl(),
    queryFn: async () => ZSonderfreigabenAnzahl.parse(await apiFetch('/api/sonderfreigaben/anzahl')).anzahl,
    enabled,
  });

type Entscheidung = { buchungId: string } & ({ freigeben: true } | { freigeben: false; begruendung: string });

/** Approve or reject (with a reason); refreshes every vehicle booking query. */
export const useEntscheiden = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (e: Entscheidung) =>
      ZFahrzeugBuchung.parse(
        await apiFetch(`/api/sonderfreigaben/${e.buchungId}/${e.freigeben ? 'freigeben' : 'ablehnen'}`, {
          method: 'POST',
          body: e.freigeben ? undefined : { begruendung: e.begruendung },
        }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: QUERY_ROOTS.fahrzeugBuchungen }),
  });
};

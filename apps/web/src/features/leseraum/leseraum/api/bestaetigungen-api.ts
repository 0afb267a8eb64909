import {
  type Bereich,
  ZLeseraumBuchung,
  ZLeseraumBuchungList,
} from '@stellwerk/domain/leseraum/leseraum-buchung/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import { leseraumKeys } from './leseraum-api';

/**
 * The holds waiting for booking staff (R170): under the reading room's root, so the live event
 * `leseraum_buchung` (which reaches buchung_pflege, decision 115) refreshes the list and the menu count.
 */
export const wartendKeys = {
  liste: (bereich: Bereich) => [...leseraumKeys.all, 'wartend', bereich] as const,
};

/** The holds of an area waiting for confirmation by booking staff; only asked when the user is staff. */
export const useWartendeVormerkungen = (bereich: Bereich, enabled = true) =>
  useQuery({
    queryKey: wartendKeys.liste(bereich),
    queryFn: async () =>
      ZLeseraumBuchungList.parse(await apiFetch(`/api/leseraum-buchungen/wartend?bereich=${bereich}`)),
    enabled,
  });

type Entscheidung = { id: string } & ({ bestaetigen: true } | { bestaetigen: false; grund: string });

/** Confirm a waiting hold, or decline it with a reason for the booker; refreshes every reading-room query. */
export const useVormerkungEntscheiden = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (e: Entscheidung) =>
      ZLeseraumBuchung.parse(
        await apiFetch(`/api/leseraum-buchungen/${e.id}/${e.bestaetigen ? 'bestaetigen' : 'ablehnen'}`, {
          method: 'POST',
          body: e.bestaetigen ? undefined : { grund: e.grund },
        }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: leseraumKeys.all }),
  });
};

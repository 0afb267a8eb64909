import { ZBenutzerList } from '@stellwerk/domain/identitaet/admin-benutzer.api';
import { ZGrundrissAdminList } from '@stellwerk/domain/leseraum/admin-raeume.api';
import {
  type TSpindAenderung,
  type TSpindbankAenderung,
  type TSpindbankNeu,
  ZMeinSpind,
  ZSpindbank,
  ZSpindFrei,
  ZSpindImportErgebnis,
  ZSpindSchlossAuftrag,
  ZSpindStandort,
  ZSpindZuweisungEintrag,
} from '@stellwerk/domain/leseraum/spind/api';
import type { SpindGroesse } from '@stellwerk/domain/leseraum/spind/regeln';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '../../../../lib/api-client';

export const spindKeys = {
  all: ['spind'] as const,
  mein: ['spind', 'mein'] as const,
  standorte: ['spind', 'standorte'] as const,
  banken: ['spind', 'banken'] as const,
  frei: (tag: string, standortId: string) => ['spind', 'frei', tag, standortId] as const,
  zuRaeumen: ['spind', 'zu-raeumen'] as const,
  schlossAuftraege: ['spind', 'schloss-auftraege'] as const,
  benutzer: (q: string) => ['spind', 'benutzer', q] as const,
  grundrisse: ['spind', 'grundrisse'] as const,
  zuweisungen: (bankId: string) => ['spind', 'zuweisungen', bankId] as const,
};

export const useMeineSpinde = () =>
  useQuery({
    queryKey: spindKeys.mein,
    queryFn: async ({ signal }) => z.array(ZMeinSpind).parse(await apiFetch('/api/mein-spind', { signal })),
  });

export const useSpindStandorte = () =>
  useQuery({
    queryKey: spindKeys.standorte,
    queryFn: async ({ signal }) =>
      z.array(ZSpindStandort).parse(await apiFetch('/api/spind-standorte', { signal })),
  });

export const useSpindbanken = () =>
  useQuery({
    queryKey: spindKeys.banken,
    queryFn: async ({ signal }) => z.array(ZSpindbank).parse(await apiFetch('/api/spindbanken', { signal })),
  });

export const useFreieSpinde = (tag: string, standortId: string | null) =>
  useQuery({
    queryKey: spindKeys.frei(tag, standortId ?? ''),
    enabled: Boolean(tag && standortId),
    queryFn: async ({ signal }) =>
      z
        .array(ZSpindFrei)
        .parse(
          await apiFetch(
            `/api/spinde-frei?${new URLSearchParams({ tag, standortId: standortId ?? '' }).toString()}`,
            { signal },
          ),
        ),
  });

export const useZuRaeumendeSpinde = () =>
  useQuery({
    queryKey: spindKeys.zuRaeumen,
    queryFn: async ({ signal }) =>
      z.array(ZMeinSpind).parse(await apiFetch('/api/spinde-zu-raeumen', { signal })),
  });

/** Users of the tenant matching `q`, for a permanent assignment (needs the user list right). */
export const useSpindBenutzer = (q: string) =>
  useQuery({
    queryKey: spindKeys.benutzer(q),
    queryFn: async ({ signal }) =>
      ZBenutzerList.parse(
        await apiFetch(
          `/api/admin/benutzer?${new URLSearchParams({ q, limit: '20', offset: '0' }).toString()}`,
          {
            signal,
          },
        ),
      ).items,
  });

/** The floor plans a bank can be drawn on (needs the right to maintain floor plans). */
export const useSpindGrundrisse = () =>
  useQuery({
    queryKey: spindKeys.grundrisse,
    queryFn: async ({ signal }) =>
      ZGrundrissAdminList.parse(await apiFetch('/api/admin/raeume/grundrisse', { signal })),
    retry: false,
  });

const useSpindMutation = <V, R>(fn: (v: V) => Promise<R>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: spindKeys.all }),
  });
};

export const useBucheSpind = () =>
  useSpindMutation(
    (v: {
      tag: string;
      standortId: string;
      groesse: SpindGroesse;
      barrierefrei: boolean;
      spindId?: string;
    }) => apiFetch('/api/spind-buchungen', { method: 'POST', body: v }),
  );

export const useBestaetigeGeleert = () =>
  useSpindMutation((buchungId: string) =>
    apiFetch(`/api/mein-spind/${buchungId}/geleert`, { method: 'POST' }),
  );

/** An own day locker given back (cancelled before it begins, ended after; decision 186). */
export const useGibSpindZurueck = () =>
  useSpindMutation((buchungId: string) => apiFetch(`/api/mein-spind/${buchungId}`, { method: 'DELETE' }));

export const useLegeSpindbankAn = () =>
  useSpindMutation(async (v: TSpindbankNeu) =>
    ZSpindbank.parse(await apiFetch('/api/spindbanken', { method: 'POST', body: v })),
  );

export const useAendereSpindbank = () =>
  useSpindMutation(async ({ id, aenderung }: { id: string; aenderung: TSpindbankAenderung }) =>
    ZSpindbank.parse(await apiFetch(`/api/spindbanken/${id}`, { method: 'PATCH', body: aenderung })),
  );

export const useAendereSpind = () =>
  useSpindMutation(async ({ id, aenderung }: { id: string; aenderung: TSpindAenderung }) =>
    ZSpindbank.parse(await apiFetch(`/api/spinde/${id}`, { method: 'PATCH', body: aenderung })),
  );

export const useImportiereSpinde = () =>
  useSpindMutation(async ({ bankId, csv }: { bankId: string; csv: string }) =>
    ZSpindImportErgebnis.parse(
      await apiFetch(`/api/spindbanken/${bankId}/import`, { method: 'POST', body: { csv } }),
    ),
  );

export const useWeiseSpindZu = () =>
  useSpindMutation((v: { spindId: string; benutzerId: string; bis: string }) =>
    apiFetch('/api/spind-zuweisungen', { method: 'POST', body: v }),
  );

export const useRaeumeSpind = () =>
  useSpindMutation((buchungId: string) =>
    apiFetch(`/api/spinde-zu-raeumen/${buchungId}`, { method: 'POST' }),
  );

/** Current and coming permanent assignments, of one bank or all (empty `bankId`). */
export const useSpindZuweisungen = (bankId: string) =>
  useQuery({
    queryKey: spindKeys.zuweisungen(bankId),
    queryFn: async ({ signal }) =>
      z
        .array(ZSpindZuweisungEintrag)
        .parse(
          await apiFetch(
            `/api/spind-zuweisungen${bankId ? `?${new URLSearchParams({ bankId }).toString()}` : ''}`,
            { signal },
          ),
        ),
  });

/** Ends a permanent assignment now (cancelled before its start; decision 229). */
export const useBeendeSpindZuweisung = () =>
  useSpindMutation((id: string) => apiFetch(`/api/spind-zuweisungen/${id}`, { method: 'DELETE' }));

/** Releases the vendor's lock system has not taken yet (decision 250), for facility staff. */
export const useSchlossAuftraege = () =>
  useQuery({
    queryKey: spindKeys.schlossAuftraege,
    queryFn: async ({ signal }) =>
      z.array(ZSpindSchlossAuftrag).parse(await apiFetch('/api/spind-schloss-auftraege', { signal })),
  });

export const useSchlossAuftragErneut = () =>
  useSpindMutation(async (id: string) =>
    z
      .object({ gesendet: z.number(), fehlgeschlagen: z.number() })
      .parse(await apiFetch(`/api/spind-schloss-auftraege/${id}/erneut`, { method: 'POST' })),
  );

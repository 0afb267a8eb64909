import { ZSpindbankAufPlan } from '@stellwerk/domain/leseraum/spind/api';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '../../../../lib/api-client';

/**
 * The locker banks drawn on a floor plan with their counts on the day; only asked when `aktiv` (Officelocker on,
 * decision 230). Under the locker screens' key prefix `spind`, so booking or ending a locker refreshes it.
 */
export const useSpindbankenAufPlan = (grundrissId: string | undefined, tag: string, aktiv: boolean) =>
  useQuery({
    queryKey: ['spind', 'plan', grundrissId ?? '', tag] as const,
    enabled: aktiv && Boolean(grundrissId),
    queryFn: async ({ signal }) =>
      z
        .array(ZSpindbankAufPlan)
        .parse(
          await apiFetch(
            `/api/grundrisse/${grundrissId ?? ''}/spindbanken?${new URLSearchParams({ tag }).toString()}`,
            { signal },
          ),
        ),
  });

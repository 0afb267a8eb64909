import { queryOptions } from '@tanstack/react-query';

export type BuildInfo = { buildId: string; builtAt: string };

/** The id compiled into this bundle; `dev` when running without the build plugin (tests). */
export const CURRENT_BUILD_ID: string = typeof __BUILD_ID__ === 'string' ? __BUILD_ID__ : 'dev';

export const POLL_INTERVAL_MS = 60_000;

/** `builds/latest.json` of the deployed build; `null` when there is none (development server). */
export const fetchLatestBuild = async (): Promise<BuildInfo | null> => {
  const response = await fetch('/builds/latest.json', { cache: 'no-store' });
  if (!response.ok) return null;
  const contentType = response.headers.get('content-type') ?? '';
  if (!contentType.includes('json')) return null;
  const body = (await response.json()) as Partial<BuildInfo>;
  return typeof body.buildId === 'string'
    ? { buildId: body.buildId, builtAt: String(body.builtAt ?? '') }
    : null;
};

export const isNewerBuild = (
  latest: BuildInfo | null | undefined,
  current: string = CURRENT_BUILD_ID,
): boolean => Boolean(latest && current !== 'dev' && latest.buildId !== current);

export const latestBuildQueryOptions = () =>
  queryOptions({
    queryKey: ['build', 'latest'],
    queryFn: fetchLatestBuild,
    refetchInterval: POLL_INTERVAL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    retry: false,
    staleTime: 0,
  });

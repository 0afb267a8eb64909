import { Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { beiNeuerVersion, ladeNeu, neueVersionWartet, suchNeueVersion } from '../../../../lib/service-worker';
import { isNewerBuild, latestBuildQueryOptions } from '../api/get-latest-build';

const NOTIFICATION_ID = 'new-build';

/**
 * Polls `builds/latest.json` every 60 s and offers a reload once a newer build is deployed, or once the service
 * worker of a new version is installed and waits (decision 244). The reload lets that worker take over first.
 */
export const useBuildNotice = () => {
  const { t } = useTranslation();
  const { data } = useQuery(latestBuildQueryOptions());
  const shownFor = useRef<string | null>(null);
  const [workerWartet, setWorkerWartet] = useState(neueVersionWartet);
  useEffect(() => beiNeuerVersion(() => setWorkerWartet(true)), []);

  useEffect(() => {
    const neuerBuild = data && isNewerBuild(data) ? data.buildId : null;
    // the server has a newer build: the worker looks for it now
    if (neuerBuild) suchNeueVersion();
    const anlass = neuerBuild ?? (workerWartet ? 'service-worker' : null);
    if (!anlass || shownFor.current === anlass) return;
    shownFor.current = anlass;
    notifications.show({
      id: NOTIFICATION_ID,
      autoClose: false,
      color: 'indigo',
      title: t('buildNotice.title'),
      closeButtonProps: { 'aria-label': t('buildNotice.close') },
      message: (
        <Stack gap="xs" align="flex-start">
          <Text size="sm" c="var(--mantine-color-text)">
            {t('buildNotice.text')}
          </Text>
          <Button size="xs" onClick={() => void ladeNeu()}>
            {t('buildNotice.reload')}
          </Button>
        </Stack>
      ),
    });
  }, [data, workerWartet, t]);
};

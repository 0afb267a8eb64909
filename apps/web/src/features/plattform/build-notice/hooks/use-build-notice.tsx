import { Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isNewerBuild, latestBuildQueryOptions } from '../api/get-latest-build';

const NOTIFICATION_ID = 'new-build';

/** Polls `builds/latest.json` every 60 s and offers a reload once a newer build is deployed. */
export const useBuildNotice = () => {
  const { t } = useTranslation();
  const { data } = useQuery(latestBuildQueryOptions());
  const shownFor = useRef<string | null>(null);

  useEffect(() => {
    if (!data || !isNewerBuild(data) || shownFor.current === data.buildId) return;
    shownFor.current = data.buildId;
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
          <Button size="xs" onClick={() => window.location.reload()}>
            {t('buildNotice.reload')}
          </Button>
        </Stack>
      ),
    });
  }, [data, t]);
};

import { Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Skeleton rows while data loads, announced to screen readers. */
export function LoadingState({ rows = 4 }: { rows?: number }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" role="status" aria-busy="true" aria-label={t('common.loading')}>
      {Array.from({ length: rows }, (_, i) => `row-${i}`).map((id, i) => (
        <Skeleton
          key={id}
          height={i === 0 ? 28 : 18}
          width={i === 0 ? '40%' : `${90 - i * 10}%`}
          radius="sm"
        />
      ))}
    </Stack>
  );
}

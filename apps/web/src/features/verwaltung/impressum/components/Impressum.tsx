import { Alert, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { useImpressum } from '../api/get-impressum';

/** The operator's imprint as plain text (line breaks kept). */
export function Impressum() {
  const { t } = useTranslation();
  const imprint = useImpressum();
  if (imprint.isPending)
    return (
      <Stack gap="xs" aria-busy="true">
        <Skeleton h={14} />
        <Skeleton h={14} w="80%" />
        <Skeleton h={14} w="60%" />
      </Stack>
    );
  if (imprint.isError) return <ErrorAlert error={imprint.error} />;
  if (!imprint.data.text) return <Alert color="gray">{t('impressum.none')}</Alert>;
  return (
    <Text style={{ whiteSpace: 'pre-wrap' }} size="sm">
      {imprint.data.text}
    </Text>
  );
}

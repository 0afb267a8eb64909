import { Alert, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { dismissNotice, useNotices } from './notice-store';

export function NoticeArea() {
  const { t } = useTranslation();
  const notices = useNotices();
  if (notices.length === 0) return null;
  return (
    <Stack gap="xs" mb="md" aria-live="polite">
      {notices.map((notice) => (
        <Alert
          key={notice.id}
          color={notice.color}
          withCloseButton
          closeButtonLabel={t('common.close')}
          onClose={() => dismissNotice(notice.id)}
        >
          {notice.message}
        </Alert>
      ))}
    </Stack>
  );
}

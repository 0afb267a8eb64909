import { List, Modal, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type InfoModalProps = { opened: boolean; onClose: () => void; vehicles: boolean; readingRoom: boolean };

/** "So funktioniert's": the booking flow of the areas the tenant uses. */
export function HowItWorksModal({ opened, onClose, vehicles, readingRoom }: InfoModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('menu.howItWorks')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        <Text size="sm">{t('info.howItWorks.intro')}</Text>
        {vehicles && (
          <Stack gap={4}>
            <Title order={3} fz="md">
              {t('info.vehicles')}
            </Title>
            <List size="sm" spacing={4}>
              <List.Item>{t('info.howItWorks.vehicleBook')}</List.Item>
              <List.Item>{t('info.howItWorks.vehicleCheckIn')}</List.Item>
              <List.Item>{t('info.howItWorks.vehicleCheckOut')}</List.Item>
              <List.Item>{t('info.howItWorks.vehicleApproval')}</List.Item>
            </List>
          </Stack>
        )}
        {readingRoom && (
          <Stack gap={4}>
            <Title order={3} fz="md">
              {t('info.readingRoom')}
            </Title>
            <List size="sm" spacing={4}>
              <List.Item>{t('info.howItWorks.roomChoose')}</List.Item>
              <List.Item>{t('info.howItWorks.roomHold')}</List.Item>
              <List.Item>{t('info.howItWorks.roomCheckIn')}</List.Item>
            </List>
          </Stack>
        )}
        <Text size="sm" c="dimmed">
          {t('info.howItWorks.mails')}
        </Text>
      </Stack>
    </Modal>
  );
}

/** "Regeln": the booking rules of spec §4, §5 and §9 in plain words. */
export function RulesModal({ opened, onClose, vehicles, readingRoom }: InfoModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('menu.rules')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        <List size="sm" spacing={4}>
          <List.Item>{t('info.rules.noOverlap')}</List.Item>
          <List.Item>{t('info.rules.window')}</List.Item>
          <List.Item>{t('info.rules.cancel')}</List.Item>
        </List>
        {vehicles && (
          <Stack gap={4}>
            <Title order={3} fz="md">
              {t('info.vehicles')}
            </Title>
            <List size="sm" spacing={4}>
              <List.Item>{t('info.rules.vehicleGap')}</List.Item>
              <List.Item>{t('info.rules.vehicleLicence')}</List.Item>
              <List.Item>{t('info.rules.vehicleRelease')}</List.Item>
              <List.Item>{t('info.rules.vehicleApproval')}</List.Item>
              <List.Item>{t('info.rules.vehicleCheckOut')}</List.Item>
            </List>
          </Stack>
        )}
        {readingRoom && (
          <Stack gap={4}>
            <Title order={3} fz="md">
              {t('info.readingRoom')}
            </Title>
            <List size="sm" spacing={4}>
              <List.Item>{t('info.rules.roomConfirm')}</List.Item>
              <List.Item>{t('info.rules.roomCheckIn')}</List.Item>
              <List.Item>{t('info.rules.roomDone')}</List.Item>
              <List.Item>{t('info.rules.roomDays')}</List.Item>
            </List>
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}

import { List, Modal, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type InfoModalProps = { opened: boolean; onClose: () => void; vehicles: boolean; readingRoom: boolean };

type InfoContent = {
  title: string;
  /** Shown above the areas. */
  lead: ReactNode;
  vehicles: string[];
  readingRoom: string[];
  /** Shown below the areas. */
  footnote?: ReactNode;
};

const Points = ({ items }: { items: string[] }) => (
  <List size="sm" spacing={4}>
    {items.map((item) => (
      <List.Item key={item}>{item}</List.Item>
    ))}
  </List>
);

function Area({ title, items }: { title: string; items: string[] }) {
  return (
    <Stack gap={4}>
      <Title order={3} fz="md">
        {title}
      </Title>
      <Points items={items} />
    </Stack>
  );
}

/** A dialog of plain-word points: a lead, then one section per area the tenant uses. */
function InfoModal({
  opened,
  onClose,
  vehicles,
  readingRoom,
  content,
}: InfoModalProps & { content: InfoContent }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={content.title}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        {content.lead}
        {vehicles && <Area title={t('info.vehicles')} items={content.vehicles} />}
        {readingRoom && <Area title={t('info.readingRoom')} items={content.readingRoom} />}
        {content.footnote}
      </Stack>
    </Modal>
  );
}

/** "So funktioniert's": the booking flow of the areas the tenant uses. */
export function HowItWorksModal(props: InfoModalProps) {
  const { t } = useTranslation();
  const content: InfoContent = {
    title: t('menu.howItWorks'),
    lead: <Text size="sm">{t('info.howItWorks.intro')}</Text>,
    vehicles: [
      t('info.howItWorks.vehicleBook'),
      t('info.howItWorks.vehicleCheckIn'),
      t('info.howItWorks.vehicleCheckOut'),
      t('info.howItWorks.vehicleApproval'),
    ],
    readingRoom: [
      t('info.howItWorks.roomChoose'),
      t('info.howItWorks.roomHold'),
      t('info.howItWorks.roomCheckIn'),
    ],
    footnote: (
      <Text size="sm" c="dimmed">
        {t('info.howItWorks.mails')}
      </Text>
    ),
  };
  return <InfoModal {...props} content={content} />;
}

/** "Regeln": the booking rules of spec §4, §5 and §9 in plain words. */
export function RulesModal(props: InfoModalProps) {
  const { t } = useTranslation();
  const content: InfoContent = {
    title: t('menu.rules'),
    lead: <Points items={[t('info.rules.noOverlap'), t('info.rules.window'), t('info.rules.cancel')]} />,
    vehicles: [
      t('info.rules.vehicleGap'),
      t('info.rules.vehicleLicence'),
      t('info.rules.vehicleRelease'),
      t('info.rules.vehicleApproval'),
      t('info.rules.vehicleCheckOut'),
    ],
    readingRoom: [
      t('info.rules.roomConfirm'),
      t('info.rules.roomCheckIn'),
      t('info.rules.roomDone'),
      t('info.rules.roomDays'),
    ],
  };
  return <InfoModal {...props} content={content} />;
}

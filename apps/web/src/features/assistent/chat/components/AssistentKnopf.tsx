import { ActionIcon, Button, Drawer } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { AssistentPanel } from './AssistentPanel';

/**
 * The header's entry to the assistant (decision 178: shown only while the tenant's Chatbot switch is on): a button
 * that opens the chat in a drawer, full width on a phone. Closing keeps the conversation until the page reloads.
 */
export function AssistentKnopf() {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const isPhone = useMediaQuery('(max-width: 36em)');
  return (
    <>
      <Button
        size="xs"
        variant="light"
        onClick={open}
        aria-haspopup="dialog"
        aria-expanded={opened}
        visibleFrom="sm"
      >
        {t('assistent.oeffnen')}
      </Button>
      {/* on a phone the header has room for an icon only; its name is the same */}
      <ActionIcon
        size="lg"
        variant="light"
        onClick={open}
        aria-haspopup="dialog"
        aria-expanded={opened}
        aria-label={t('assistent.oeffnen')}
        hiddenFrom="sm"
        style={{ flexShrink: 0 }}
      >
        <svg width="20" height="20" viewBox="0 0 24 24" fill="none" aria-hidden="true">
          <path d="M4 5h16v10H9l-5 4V5z" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
        </svg>
      </ActionIcon>
      <Drawer
        opened={opened}
        onClose={close}
        position="right"
        size={isPhone ? '100%' : 'md'}
        title={t('assistent.titel')}
        closeButtonProps={{ 'aria-label': t('common.close') }}
        keepMounted
        styles={{ body: { height: 'calc(100% - 60px)' } }}
      >
        <AssistentPanel onLink={close} />
      </Drawer>
    </>
  );
}

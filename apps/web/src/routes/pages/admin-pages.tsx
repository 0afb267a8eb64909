import { ADMIN_MENU } from '@stellwerk/domain/permissions';
import { useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
import { PlaceholderPage } from '../../components/PlaceholderPage';
import { MailboxList } from '../../features/plattform/mailbox/components/MailboxList';
import { SmsAusgangListe } from '../../features/plattform/mailbox/components/SmsAusgangListe';
import { AdminHome } from '../../features/verwaltung/admin-home/components/AdminHome';
import { useCurrentMe } from '../use-current-me';

export function AdminHomePage() {
  const { t } = useTranslation();
  const me = useCurrentMe();
  return (
    <>
      <PageHeader title={t('admin.home.title')} description={t('admin.home.description')} />
      {me && <AdminHome me={me} />}
    </>
  );
}

/** An admin area a later issue builds; its heading is the admin menu's label. */
export function AdminAreaPage() {
  const { i18n } = useTranslation();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const entry = ADMIN_MENU.find((e) => e.path === pathname.replace(/\/$/, ''));
  const language = i18n.language === 'en' ? 'en' : 'de';
  return <PlaceholderPage title={entry?.label[language] ?? pathname} />;
}

/** /admin/postausgang: the mailbox of mails the outbox holds, and the SMS (decision 083). */
export function PostausgangPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('mailbox.title')} description={t('mailbox.description')} />
      <MailboxList />
      <SmsAusgangListe />
    </>
  );
}

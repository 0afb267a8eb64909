import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
import { useMe } from '../../features/identitaet/session/api/get-me';
import { Auswertung } from '../../features/verwaltung/auswertung/components/Auswertung';
import { parseAuslastungSearch, type TAuslastungSearch } from '../../lib/auslastung-search';

/** /admin/auswertung: reports over a period with comparison and export (decision 195). */
export function AuswertungPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useMe();
  const search = parseAuslastungSearch(useSearch({ strict: false }));
  const setSearch = (next: TAuslastungSearch) =>
    void navigate({ to: '/admin/auswertung', search: next as never, replace: true });
  return (
    <>
      <PageHeader title={t('auswertung.title')} description={t('auswertung.description')} />
      <Auswertung
        search={search}
        onSearchChange={setSearch}
        versandPflegen={me.data?.permissions.includes('customizing_mandant_pflege') ?? false}
      />
    </>
  );
}

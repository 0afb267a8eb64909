import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
import { Auslastung } from '../../features/verwaltung/auslastung/components/Auslastung';
import { parseAuslastungSearch, type TAuslastungSearch } from '../../lib/auslastung-search';
import { useCurrentMe } from '../use-current-me';

/** /admin/auslastung: office utilisation of reading rooms, workspaces and vehicles (decision 163). */
export function AuslastungPage() {
  const { t } = useTranslation();
  const me = useCurrentMe();
  const navigate = useNavigate();
  const search = parseAuslastungSearch(useSearch({ strict: false }));
  const setSearch = (next: TAuslastungSearch) =>
    void navigate({ to: '/admin/auslastung', search: next as never, replace: true });
  return (
    <>
      <PageHeader title={t('auslastung.title')} description={t('auslastung.description')} />
      <Auslastung
        search={search}
        onSearchChange={setSearch}
        plaetze={me?.features.Leseraum ?? false}
        fahrzeuge={me?.features.FahrzeugBuchung ?? false}
      />
    </>
  );
}

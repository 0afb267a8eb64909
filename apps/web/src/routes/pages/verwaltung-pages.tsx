/**
 * Pages of the administration of users, groups, roles, tenants and the audit log. They compose
 * the admin-* features; filters of the lists live in the URL (validated by the routes' `validateSearch`).
 */
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
import { BenutzerAdmin } from '../../features/identitaet/admin-benutzer/components/BenutzerAdmin';
import {
  parseBenutzerSearch,
  type TBenutzerSearch,
} from '../../features/identitaet/admin-benutzer/hooks/benutzer-search';
import { GruppenAdmin } from '../../features/identitaet/admin-gruppen/components/GruppenAdmin';
import { RollenAdmin } from '../../features/identitaet/admin-rollen/components/RollenAdmin';
import { ScimTokenAdmin } from '../../features/identitaet/admin-scim/components/ScimTokenAdmin';
import { MandantenAdmin } from '../../features/verwaltung/admin-mandanten/components/MandantenAdmin';
import { ProtokollAdmin } from '../../features/verwaltung/admin-protokoll/components/ProtokollAdmin';
import {
  parseProtokollSearch,
  type TProtokollSearch,
} from '../../features/verwaltung/admin-protokoll/hooks/protokoll-search';
import { useCurrentMe } from '../use-current-me';

/** The current search params, and a setter that replaces them (filters are not history steps). */
const useUrlSearch = <T extends Record<string, unknown>>(path: string, parse: (raw: unknown) => T) => {
  const navigate = useNavigate();
  const search = parse(useSearch({ strict: false }));
  const setSearch = (next: T) => void navigate({ to: path, search: next as never, replace: true });
  return [search, setSearch] as const;
};

export function BenutzerPage() {
  const { t } = useTranslation();
  const me = useCurrentMe();
  const [search, setSearch] = useUrlSearch<TBenutzerSearch>('/admin/benutzer', parseBenutzerSearch);
  return (
    <>
      <PageHeader title={t('adminBenutzer.title')} description={t('adminBenutzer.description')} />
      <BenutzerAdmin
        search={search}
        onSearchChange={setSearch}
        currentUserId={me?.user.id ?? ''}
        isPlatformAdmin={me?.user.isPlatformAdmin ?? false}
      />
      <ScimTokenAdmin />
    </>
  );
}

export function GruppenPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('adminGruppen.title')} description={t('adminGruppen.description')} />
      <GruppenAdmin />
    </>
  );
}

export function RollenPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('adminRollen.title')} description={t('adminRollen.description')} />
      <RollenAdmin />
    </>
  );
}

export function MandantenPage() {
  const { t } = useTranslation();
  const me = useCurrentMe();
  return (
    <>
      <PageHeader title={t('adminMandanten.title')} description={t('adminMandanten.description')} />
      <MandantenAdmin ownMandantId={me?.mandant.id ?? ''} />
    </>
  );
}

export function ProtokollPage() {
  const { t } = useTranslation();
  const me = useCurrentMe();
  const [search, setSearch] = useUrlSearch<TProtokollSearch>('/admin/protokoll', parseProtokollSearch);
  return (
    <>
      <PageHeader title={t('adminProtokoll.title')} description={t('adminProtokoll.description')} />
      <ProtokollAdmin
        search={search}
        onSearchChange={setSearch}
        canListUsers={me?.darf.includes('benutzer.pflegen') ?? false}
      />
    </>
  );
}

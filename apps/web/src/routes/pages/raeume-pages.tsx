/** /admin/raeume: floor plans and places (decision 051). */
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
import { RaeumeAdmin } from '../../features/leseraum/admin-raeume/components/RaeumeAdmin';
import { ZRaeumeSuche } from '../../features/leseraum/admin-raeume/hooks/qr-bogen';

export function RaeumePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const suche = ZRaeumeSuche.parse(useSearch({ strict: false }));
  return (
    <>
      <PageHeader title={t('adminRaeume.title')} description={t('adminRaeume.description')} />
      <RaeumeAdmin
        suche={suche}
        onSucheChange={(next) => void navigate({ to: '/admin/raeume', search: next as never, replace: true })}
      />
    </>
  );
}

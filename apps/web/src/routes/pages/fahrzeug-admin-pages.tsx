/** /admin/fahrzeuge: the fleet administration; other features add row actions through the table's prop. */
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
import { FahrzeugAdminTabelle } from '../../features/fahrzeuge/admin-fahrzeuge/components/FahrzeugAdminTabelle';
import { SperreEintragenButton } from '../../features/fahrzeuge/fahrzeug-sperre/components/SperreEintragenButton';

export function AdminFahrzeugePage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('adminFahrzeuge.title')} description={t('adminFahrzeuge.description')} />
      {/* blocks (WARTUNG, SERVICE, DEFEKT) are entered per active vehicle (decision 056) */}
      <FahrzeugAdminTabelle
        zeilenAktionen={(f) => !f.deaktiviert && <SperreEintragenButton fahrzeug={f} />}
      />
    </>
  );
}

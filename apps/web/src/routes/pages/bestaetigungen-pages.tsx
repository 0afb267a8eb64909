/** The booking staff's lists of holds to confirm (R170, decision 136), one per area. */
import type { Bereich } from '@stellwerk/domain/leseraum/leseraum-buchung/api';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
import { BestaetigungenListe } from '../../features/leseraum/leseraum/components/BestaetigungenListe';

function BestaetigungenPage({ bereich }: { bereich: Bereich }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader
        title={bereich === 'arbeitswelt' ? t('bestaetigungen.menuArbeitswelt') : t('bestaetigungen.titel')}
        description={t('bestaetigungen.beschreibung')}
      />
      <BestaetigungenListe bereich={bereich} />
    </>
  );
}

/** /leseraum/bestaetigungen */
export function LeseraumBestaetigungenPage() {
  return <BestaetigungenPage bereich="leseraum" />;
}

/** /arbeitswelt/bestaetigungen */
export function ArbeitsweltBestaetigungenPage() {
  return <BestaetigungenPage bereich="arbeitswelt" />;
}

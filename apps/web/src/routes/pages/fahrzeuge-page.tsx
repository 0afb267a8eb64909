import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
import { FahrzeugBuchungSeite } from '../../features/fahrzeuge/fahrzeug-buchung/components/FahrzeugBuchungSeite';
import { ZFahrzeugSuche } from '../../features/fahrzeuge/fahrzeug-buchung/hooks/fahrzeug-suche';
import { useCurrentMe, useRefreshMe } from '../use-current-me';

/** /fahrzeuge: find, book and manage vehicles; period, filters, tab and open vehicle live in the URL. */
export function FahrzeugePage() {
  const { t } = useTranslation();
  const me = useCurrentMe();
  const refreshMe = useRefreshMe();
  const navigate = useNavigate();
  const suche = ZFahrzeugSuche.parse(useSearch({ strict: false }));
  if (!me) return null;
  // the user's own list only: the tenant's favourites come marked from the server (`favorit`)
  const eigene = me.customizing.FahrzeugLieblingsFahrzeuge;
  const favoriten = eigene?.source === 'benutzer' ? eigene.value : [];
  return (
    <>
      <PageHeader title={t('pages.fahrzeuge.title')} description={t('pages.fahrzeuge.description')} />
      <FahrzeugBuchungSeite
        suche={suche}
        onSucheChange={(next, options) =>
          void navigate({ to: '/fahrzeuge', search: next as never, replace: options?.replace ?? false })
        }
        settings={me.customizing}
        benutzerId={me.user.id}
        darfFuerAndere={me.darf.includes('fahrzeuge.fuer_andere_buchen')}
        lieblingsFahrzeuge={Array.isArray(favoriten) ? favoriten.filter((v) => typeof v === 'string') : []}
        onMeChanged={refreshMe}
        rechte={{
          pflege: me.darf.includes('fuhrpark.verwalten'),
          report: me.darf.includes('fahrtenbuch.report'),
          verwalten: me.darf.includes('fahrten.verwalten'),
        }}
      />
    </>
  );
}

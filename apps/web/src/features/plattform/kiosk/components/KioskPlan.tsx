import type { PlatzZustand } from '@stellwerk/domain/leseraum/leseraum-buchung/belegung';
import type { TKioskTafelPlan, TKioskTafelPlatz } from '@stellwerk/domain/plattform/kiosk/api';
import type { KioskPlatzZustand } from '@stellwerk/domain/plattform/kiosk/tafel';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ZustandsForm } from '../../../../components/PlatzSymbol';
import { type PlanSize, planBildGroesse } from '../../../../components/plan-bild';
import { ladePlanBild } from '../api/kiosk-api';

/** The seat map's symbol for each of the board's states (the same shapes as on the map: never colour alone). */
export const SYMBOL: Record<KioskPlatzZustand, PlatzZustand> = {
  frei: 'frei',
  gehalten: 'vorgemerkt',
  gebucht: 'belegt',
  geschlossen: 'geschlossen',
};

/** The name of a board state, in the kiosk's language. */
export const zustandText = (t: TFunction, zustand: KioskPlatzZustand): string => {
  switch (zustand) {
    case 'frei':
      return t('kiosk.zustand.frei');
    case 'gehalten':
      return t('kiosk.zustand.gehalten');
    case 'gebucht':
      return t('kiosk.zustand.gebucht');
    case 'geschlossen':
      return t('kiosk.zustand.geschlossen');
  }
};

/** Places without a position on the plan are laid out in rows below the placed ones. */
const RASTER = 110;

const positioniert = (plaetze: readonly TKioskTafelPlatz[]) => {
  const mit = plaetze.filter((p) => p.position !== null);
  const unten = Math.max(0, ...mit.map((p) => p.position!.y)) + (mit.length > 0 ? RASTER : 40);
  const ohne = plaetze.filter((p) => p.position === null);
  const jeZeile = 10;
  return [
    ...mit.map((p) => ({ platz: p, x: p.position!.x, y: p.position!.y })),
    ...ohne.map((p, i) => ({
      platz: p,
      x: 40 + (i % jeZeile) * RASTER * 1.6,
      y: unten + Math.floor(i / jeZeile) * RASTER,
    })),
  ];
};

/**
 * The plan's image for the board, fetched with the device token as a blob; its object URL (revoked when the plan or
 * the token changes) and its size by the seat map's rule. Null while loading, without an image or on failure: the
 * board then draws the places on the plain background.
 */
const usePlanBild = (token: string, plan: TKioskTafelPlan) => {
  const [bild, setBild] = useState<{ url: string; groesse: PlanSize } | null>(null);
  useEffect(() => {
    if (!plan.hatBild) {
      setBild(null);
      return;
    }
    let url: string | null = null;
    let aktiv = true;
    ladePlanBild(token, plan.id)
      .then((blob) => {
        if (!aktiv) return;
        url = URL.createObjectURL(blob);
        const geladen = url;
        const img = new Image();
        img.onload = () => {
          if (aktiv) setBild({ url: geladen, groesse: planBildGroesse(img) });
        };
        img.src = geladen;
      })
      .catch(() => {
        if (aktiv) setBild(null);
      });
    return () => {
      aktiv = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [token, plan.id, plan.hatBild]);
  return bild;
};

/**
 * A floor plan on the board: every place as the seat map's state symbol (shape and colour) with its name and,
 * when the kiosk allows it, the booker's initials or name; scaled to fill its box. Read from a distance, not
 * operated: the places are no controls.
 */
export function KioskPlan({ plan, token }: { plan: TKioskTafelPlan; token: string }) {
  const { t } = useTranslation();
  const bild = usePlanBild(token, plan);
  const orte = positioniert(plan.plaetze);
  // the places' own extent (with room for the names right of the symbols), so the plan fills its box
  const links = Math.min(...orte.map((o) => o.x)) - 40;
  const oben = Math.min(...orte.map((o) => o.y)) - 40;
  // a name of n signs at 26 units is about 16 n units wide (bold sans-serif)
  const rechts = (o: (typeof orte)[number]) =>
    o.x + 40 + Math.max(o.platz.bezeichnung.length, o.platz.name?.length ?? 0) * 16 + 20;
  const breite = Math.max(400, Math.max(...orte.map(rechts)) - links);
  const hoehe = Math.max(300, Math.max(...orte.map((o) => o.y + 50)) - oben);
  // with an image, the plan is the image (the seat map's coordinates), widened only for names reaching past it
  const viewBox = bild
    ? (() => {
        const x0 = Math.min(0, links);
        const y0 = Math.min(0, oben);
        const x1 = Math.max(bild.groesse.width, links + breite);
        const y1 = Math.max(bild.groesse.height, oben + hoehe);
        return `${x0} ${y0} ${x1 - x0} ${y1 - y0}`;
      })()
    : orte.length > 0
      ? `${links} ${oben} ${breite} ${hoehe}`
      : '0 0 400 300';
  return (
    <svg
      viewBox={viewBox}
      preserveAspectRatio="xMidYMid meet"
      style={{ width: '100%', height: '100%', display: 'block' }}
      role="img"
      aria-label={t('kiosk.tafel.planLabel', {
        plan: plan.bezeichnung,
        frei: plan.frei,
        gesamt: plan.gesamt,
      })}
    >
      {bild && (
        <image
          href={bild.url}
          x={0}
          y={0}
          width={bild.groesse.width}
          height={bild.groesse.height}
          preserveAspectRatio="none"
          data-kiosk-planbild=""
        />
      )}
      {orte.map(({ platz, x, y }) => {
        const r = platz.kapazitaet > 1 ? 28 : 20;
        return (
          <g
            key={platz.id}
            transform={`translate(${x} ${y})`}
            data-kiosk-platz={platz.bezeichnung}
            data-zustand={platz.zustand}
          >
            <title>{`${platz.bezeichnung}: ${zustandText(t, platz.zustand)}`}</title>
            <ZustandsForm zustand={SYMBOL[platz.zustand]} r={r} />
            <text
              x={r + 6}
              y={platz.name ? -2 : 9}
              fontSize={26}
              fontWeight={700}
              fontFamily="sans-serif"
              fill="var(--mantine-color-dark-9)"
              stroke="#fff"
              strokeWidth={4}
              paintOrder="stroke"
            >
              {platz.bezeichnung}
            </text>
            {platz.name && (
              <text
                x={r + 6}
                y={22}
                fontSize={20}
                fontFamily="sans-serif"
                fill="var(--mantine-color-dark-7)"
                stroke="#fff"
                strokeWidth={4}
                paintOrder="stroke"
              >
                {platz.name}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}

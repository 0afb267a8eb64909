import { Text, VisuallyHidden } from '@mantine/core';
import { auswahlBis, isBuchbar } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/zeitleiste';
import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useArtText } from '../hooks/art-text';
import { tagText, zeitraumText } from '../hooks/zeit-text';
import type { ZeitleistenModell } from '../hooks/zeitleiste-modell';
import classes from './Zeitleiste.module.css';

export type BuchenZiel = { fahrzeugId: string; von: Date; bis: Date };

type Auswahl = { zeile: number; von: number; bis: number };
type Position = { zeile: number; schritt: number };

/**
 * The timeline of a location as an ARIA grid: a row per vehicle, a cell per step. Dragging over free
 * steps, or choosing a cell and stretching it with Shift+arrow keys, selects a period that never spans a
 * booking, block or closed time (`auswahlBis`); releasing the pointer or pressing Enter opens the booking
 * for it (`onBuchen`). One cell is in the tab order at a time (roving tabindex).
 */
export function Zeitleiste({
  modell,
  label,
  onBuchen,
}: {
  modell: ZeitleistenModell;
  label: string;
  onBuchen: (ziel: BuchenZiel) => void;
}) {
  const { t, i18n } = useTranslation();
  const artText = useArtText();
  const gridRef = useRef<HTMLTableElement>(null);
  const [aktiv, setAktiv] = useState<Position>(() => ({ zeile: 0, schritt: ersterBuchbarer(modell, 0) }));
  const [auswahl, setAuswahlState] = useState<Auswahl | null>(null);
  const auswahlRef = useRef<Auswahl | null>(null);
  const setAuswahl = (a: Auswahl | null) => {
    auswahlRef.current = a;
    setAuswahlState(a);
  };
  const anker = useRef<Position | null>(null);
  const ziehen = useRef(false);
  const step = modell.schrittMinuten * 60_000;
  const anzahl = modell.schritte.length;
  const zellBreite = modell.schrittMinuten === 15 ? 8 : 6;

  // a new period or location starts without a selection
  const periode = `${modell.von.toISOString()}|${modell.zeilen.map((z) => z.fahrzeug.id).join()}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the period or the rows change
  useEffect(() => {
    setAuswahl(null);
    anker.current = null;
    setAktiv((a) => ({
      zeile: Math.min(a.zeile, Math.max(modell.zeilen.length - 1, 0)),
      schritt: ersterBuchbarer(modell, Math.min(a.zeile, Math.max(modell.zeilen.length - 1, 0))),
    }));
  }, [periode]);

  const ziel = (a: Auswahl): BuchenZiel => ({
    fahrzeugId: modell.zeilen[a.zeile]!.fahrzeug.id,
    von: modell.schritte[a.von]!,
    bis: new Date(Math.min(modell.schritte[a.bis]!.getTime() + step, modell.bis.getTime())),
  });

  const fokus = (p: Position) => {
    setAktiv(p);
    gridRef.current
      ?.querySelector<HTMLElement>(`[data-zeile="${p.zeile}"][data-schritt="${p.schritt}"]`)
      ?.focus();
  };

  const zelleAus = (target: EventTarget): Position | null => {
    const el = (target as HTMLElement).closest<HTMLElement>('[data-schritt]');
    if (!el) return null;
    return { zeile: Number(el.dataset.zeile), schritt: Number(el.dataset.schritt) };
  };

  // pointer: press on a free step, drag along the row, release to book
  useEffect(() => {
    const loslassen = () => {
      if (!ziehen.current) return;
      ziehen.current = false;
      const a = auswahlRef.current;
      if (a) onBuchen(ziel(a));
    };
    window.addEventListener('pointerup', loslassen);
    return () => window.removeEventListener('pointerup', loslassen);
  });

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    const p = zelleAus(event.target);
    if (!p) return;
    const a = auswahlBis({ arten: modell.zeilen[p.zeile]!.arten, anker: p.schritt, ziel: p.schritt });
    setAktiv(p);
    if (!a) return;
    event.preventDefault();
    (event.target as HTMLElement).focus();
    ziehen.current = true;
    anker.current = p;
    setAuswahl({ zeile: p.zeile, ...a });
  };

  const onPointerOver = (event: PointerEvent<HTMLDivElement>) => {
    if (!ziehen.current || !anker.current) return;
    const p = zelleAus(event.target);
    if (!p) return;
    const { zeile, schritt } = anker.current;
    const a = auswahlBis({ arten: modell.zeilen[zeile]!.arten, anker: schritt, ziel: p.schritt });
    if (a) setAuswahl({ zeile, ...a });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const { zeile, schritt } = aktiv;
    const arten = modell.zeilen[zeile]?.arten ?? [];
    const bewegen = (p: Position) => {
      event.preventDefault();
      setAuswahl(null);
      anker.current = null;
      fokus(p);
    };
    const erweitern = (richtung: -1 | 1) => {
      event.preventDefault();
      const start = anker.current && anker.current.zeile === zeile ? anker.current : { zeile, schritt };
      const a = auswahlBis({
        arten,
        anker: start.schritt,
        ziel: Math.max(0, Math.min(anzahl - 1, schritt + richtung)),
      });
      if (!a) return;
      anker.current = start;
      setAuswahl({ zeile, ...a });
      fokus({ zeile, schritt: a.von === start.schritt ? a.bis : a.von });
    };
    switch (event.key) {
      case 'ArrowRight':
        if (event.shiftKey) erweitern(1);
        else bewegen({ zeile, schritt: Math.min(anzahl - 1, schritt + 1) });
        return;
      case 'ArrowLeft':
        if (event.shiftKey) erweitern(-1);
        else bewegen({ zeile, schritt: Math.max(0, schritt - 1) });
        return;
      case 'ArrowDown':
        bewegen({ zeile: Math.min(modell.zeilen.length - 1, zeile + 1), schritt });
        return;
      case 'ArrowUp':
        bewegen({ zeile: Math.max(0, zeile - 1), schritt });
        return;
      case 'Home':
        bewegen({ zeile, schritt: 0 });
        return;
      case 'End':
        bewegen({ zeile, schritt: anzahl - 1 });
        return;
      case 'Escape':
        event.preventDefault();
        setAuswahl(null);
        anker.current = null;
        return;
      case 'Enter':
      case ' ': {
        event.preventDefault();
        const a =
          auswahl && auswahl.zeile === zeile
            ? auswahl
            : (() => {
                const einzel = auswahlBis({ arten, anker: schritt, ziel: schritt });
                return einzel ? { zeile, ...einzel } : null;
              })();
        if (a) onBuchen(ziel(a));
        return;
      }
    }
  };

  const auswahlZiel = auswahl ? ziel(auswahl) : null;
  const ansage = auswahlZiel
    ? t('fahrzeugUebersicht.auswahl', {
        fahrzeug: modell.zeilen[auswahl!.zeile]!.fahrzeug.kennzeichen,
        zeitraum: zeitraumText(auswahlZiel.von, auswahlZiel.bis, i18n.language, true),
      })
    : '';
  const tagView = modell.schrittMinuten === 15;

  return (
    <div>
      <div className={classes.scroller}>
        <table
          ref={gridRef}
          // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the WAI-ARIA data grid pattern (a table navigated by arrow keys)
          role="grid"
          aria-label={label}
          aria-describedby="zeitleiste-hilfe"
          className={classes.grid}
          style={{ width: `max(100%, calc(12rem + ${anzahl * zellBreite}px))` }}
          onPointerDown={onPointerDown}
          onPointerOver={onPointerOver}
          onKeyDown={onKeyDown}
        >
          <colgroup>
            <col style={{ width: '12rem' }} />
            <col span={anzahl} />
          </colgroup>
          <thead className={classes.head}>
            <tr>
              <td className={classes.corner} />
              {modell.kopf.map((k) => (
                <th key={k.key} scope="colgroup" colSpan={k.span} className={classes.headLabel}>
                  {tagView ? k.label : tagText(k.tag, i18n.language)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {modell.zeilen.map((z, zi) => (
              <tr key={z.fahrzeug.id} className={classes.row}>
                <th scope="row" className={classes.rowheader}>
                  <Text size="sm" fw={600} lh={1.2}>
                    {z.fahrzeug.kennzeichen}
                  </Text>
                  <Text size="xs" c="dimmed" lh={1.2} truncate>
                    {z.fahrzeug.marke} {z.fahrzeug.modell}
                  </Text>
                </th>
                {z.arten.map((art, si) => {
                  const von = modell.schritte[si]!;
                  const gewaehlt = auswahl?.zeile === zi && si >= auswahl.von && si <= auswahl.bis;
                  const grenze = si > 0 && modell.kopf.some((k) => k.start === si);
                  return (
                    // biome-ignore lint/a11y/useAriaPropsSupportedByRole: a td of a grid is a gridcell, which supports aria-selected
                    <td
                      // biome-ignore lint/suspicious/noArrayIndexKey: the steps of a period are its positions
                      key={si}
                      aria-selected={gewaehlt}
                      aria-label={`${zeitraumText(von, new Date(von.getTime() + step), i18n.language, !tagView)}, ${artText[art]}`}
                      tabIndex={aktiv.zeile === zi && aktiv.schritt === si ? 0 : -1}
                      data-zeile={zi}
                      data-schritt={si}
                      data-art={art}
                      className={`${classes.cell} ${classes[art]} ${grenze ? classes.boundary : ''}`}
                      onFocus={() => setAktiv({ zeile: zi, schritt: si })}
                      title={isBuchbar(art) ? undefined : artText[art]}
                    />
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <VisuallyHidden aria-live="polite" role="status">
        {ansage}
      </VisuallyHidden>
      {ansage && (
        <Text size="sm" mt="xs" data-testid="zeitleiste-auswahl">
          {ansage}
        </Text>
      )}
    </div>
  );
}

/** The first bookable step of a row (where the keyboard starts), else 0. */
const ersterBuchbarer = (modell: ZeitleistenModell, zeile: number): number => {
  const i = modell.zeilen[zeile]?.arten.findIndex(isBuchbar) ?? -1;
  return Math.max(i, 0);
};

import { ActionIcon, Box, Group, Text, Tooltip } from '@mantine/core';
import type { TPlatzBelegung } from '@stellwerk/domain/leseraum/leseraum-buchung/api';
import type { TSpindbankAufPlan } from '@stellwerk/domain/leseraum/spind/api';
import {
  type KeyboardEvent,
  memo,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { MarkerForm, ZustandsForm } from '../../../../components/PlatzSymbol';
import { type PlanSize, planBildGroesse } from '../../../../components/plan-bild';
import { fitScale, naechsterPlatz, richtungVonTaste } from '../hooks/plan-navigation';
import { useZustandText } from '../hooks/zustand-text';
import classes from './PlanKarte.module.css';
import { SpindbankMarker } from './SpindbankAufPlan';

/** The Performance API mark set when a plan's places are drawn (read by apps/server/bench/browser.ts). */
export const PLAN_GEZEICHNET = 'stellwerk:plan-gezeichnet';

/** A place on the plan: symbol, markers and a short label; one focus stop for the selected place only. */
const PlatzAufPlan = memo(function PlatzAufPlan({
  platz,
  label,
  focusable,
  selected,
  gedimmt,
  onSelect,
  onOpen,
}: {
  platz: TPlatzBelegung & { position: { x: number; y: number } };
  label: string;
  focusable: boolean;
  selected: boolean;
  gedimmt: boolean;
  onSelect: (id: string) => void;
  onOpen: (id: string) => void;
}) {
  const r = platz.kapazitaet > 1 ? 22 : 13;
  return (
    // biome-ignore lint/a11y/useSemanticElements: an SVG group on a floor plan cannot be a <button>
    <g
      role="button"
      tabIndex={focusable ? 0 : -1}
      aria-label={label}
      aria-pressed={selected}
      data-platz-id={platz.id}
      data-zustand={platz.zustand}
      transform={`translate(${platz.position.x} ${platz.position.y})`}
      opacity={gedimmt ? 0.3 : 1}
      onClick={() => {
        onSelect(platz.id);
        onOpen(platz.id);
      }}
      onFocus={() => onSelect(platz.id)}
    >
      {/* the name is the label; the tooltip and the accessible description add what the place offers and its
          conditions */}
      <title>{[label, platz.beschreibung, platz.bedingungen].filter(Boolean).join('\n')}</title>
      {/* the tap target: at least 24 × 24 CSS px at any zoom (WCAG 2.5.8; radius from the plan's --treffer-r) */}
      <circle className={classes.treffer} r={r} />
      {selected && (
        <circle
          r={r + 7}
          fill="none"
          stroke="var(--mantine-color-dark-9)"
          strokeWidth={3}
          strokeDasharray="5 3"
        />
      )}
      <ZustandsForm zustand={platz.zustand} r={r} />
      {platz.marker.map((m, i) => (
        <g key={m} transform={`translate(${-r - 4 - i * 13} ${-r})`}>
          <MarkerForm marker={m} r={6} />
        </g>
      ))}
      {/* size, colour and the white halo from PlanKarte.module.css */}
      <text x={r + 4} y={4}>
        {platz.bezeichnung}
      </text>
    </g>
  );
});

/**
 * The floor plan (the tenant's sanitised SVG as the background) with every placed place drawn over it at
 * its plan coordinates, in its state's colour and shape. It opens at the user's `Zoom` (R367, default 100 %); zoom
 * with the buttons or fit it to the screen, pan by scrolling or dragging. Every place is a tap target of at least
 * 24 × 24 CSS px at any zoom. Keyboard: Tab reaches the selected place, the arrow keys move to the nearest place in
 * that direction, Enter or Space opens the booking dialog. Below the plan: the selected place's description and
 * conditions.
 */
const KEINE_BANKEN: readonly TSpindbankAufPlan[] = [];

export const PlanKarte = memo(function PlanKarte({
  planUrl,
  plaetze,
  passt,
  zoomProzent,
  onOpen,
  spindbanken = KEINE_BANKEN,
}: {
  planUrl: string | null;
  plaetze: readonly TPlatzBelegung[];
  /** Places that match the filter; the others are dimmed. */
  passt: (p: TPlatzBelegung) => boolean;
  /** The user's Zoom setting (percent) for larger screens. */
  zoomProzent: number;
  onOpen: (id: string) => void;
  /** The locker banks drawn on this plan (Officelocker on), over the places. */
  spindbanken?: readonly TSpindbankAufPlan[];
}) {
  const { t } = useTranslation();
  const text = useZustandText();
  const boxRef = useRef<HTMLDivElement>(null);
  // The box's width, null until measured. Measured before the first paint (a layout effect), so the places are
  // drawn once at their first scale; with a ResizeObserver alone the width arrived a frame later and the
  // plan of 1,000 places was laid out at 100 % and then again at its scale.
  const [boxWidth, setBoxWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    setBoxWidth(box.getBoundingClientRect().width);
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setBoxWidth(entry.contentRect.width);
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, []);
  const viewport = useRef<HTMLDivElement>(null);
  const placed = useMemo(
    () =>
      plaetze.filter(
        (p): p is TPlatzBelegung & { position: { x: number; y: number } } => p.position !== null,
      ),
    [plaetze],
  );
  // Without a plan image the places' extent is the plan (computed while rendering, not set by an effect: that
  // rendered the plan once more).
  const umfang = useMemo<PlanSize | null>(
    () =>
      planUrl
        ? null
        : {
            width: Math.max(400, ...placed.map((p) => p.position.x + 60)),
            height: Math.max(300, ...placed.map((p) => p.position.y + 60)),
          },
    [planUrl, placed],
  );
  const [bildGroesse, setBildGroesse] = useState<PlanSize | null>(null);
  const size = umfang ?? bildGroesse;
  const [scale, setScale] = useState<number | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const breite = boxWidth ?? 0;

  const fit = useCallback(() => {
    if (!size || breite <= 0) return;
    setScale(fitScale({ width: breite, height: Math.max(320, window.innerHeight * 0.7) }, size));
  }, [size, breite]);

  // First view: the user's zoom (R367; before, a plan wider than the screen was fitted instead, so the
  // setting rarely applied and a phone showed places of 21 × 7 px). Drawn at that scale at once (not first at
  // 100 % and again when an effect set it: that laid out 1,000 places twice).
  const anfang = size && breite > 0 ? Math.min(4, Math.max(0.1, zoomProzent / 100)) : null;
  useEffect(() => {
    if (scale === null && anfang !== null) setScale(anfang);
  }, [scale, anfang]);

  const gezeichnet = size !== null && boxWidth !== null;
  // Performance API mark once the places of new data are drawn (after the frame that shows them), for the
  // browser measurement (`npm run bench:browser`): data arrival is the belegung resource's responseEnd.
  useEffect(() => {
    if (!gezeichnet || placed.length === 0) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => performance.mark(PLAN_GEZEICHNET, { detail: { plaetze: placed.length } }), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [placed, gezeichnet]);

  const zoom = (factor: number) => setScale((s) => Math.min(4, Math.max(0.1, (s ?? 1) * factor)));

  const labelOf = useCallback(
    (p: TPlatzBelegung) =>
      [
        p.bezeichnung,
        text.zustand(p.zustand),
        p.kapazitaet > 1 ? t('sitzplan.plaetze', { count: p.kapazitaet }) : null,
        ...p.marker.map(text.marker),
      ]
        .filter(Boolean)
        .join(', '),
    [text, t],
  );

  const labels = useMemo(() => new Map(placed.map((p) => [p.id, labelOf(p)])), [placed, labelOf]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const richtung = richtungVonTaste(event.key);
    if (richtung) {
      event.preventDefault();
      const next = naechsterPlatz(placed, selectedId, richtung);
      if (next) {
        setSelectedId(next);
        viewport.current?.querySelector<SVGGElement>(`[data-platz-id="${next}"]`)?.focus();
      }
    } else if ((event.key === 'Enter' || event.key === ' ') && selectedId) {
      event.preventDefault();
      onOpen(selectedId);
    }
  };

  // Pan by dragging with the mouse (touch scrolls natively).
  const drag = useRef<{ x: number; y: number; left: number; top: number } | null>(null);

  const s = scale ?? anfang ?? 1;
  const gewaehlt = selectedId ? placed.find((p) => p.id === selectedId) : undefined;
  const firstId = selectedId ?? placed[0]?.id ?? null;
  // The places as elements, made again only when what they show changes: zooming, dragging or the parent's
  // renders leave the 1,000 places alone.
  const platzElemente = useMemo(
    () =>
      placed.map((p) => (
        <PlatzAufPlan
          key={p.id}
          platz={p}
          label={labels.get(p.id) ?? p.bezeichnung}
          focusable={p.id === firstId}
          selected={p.id === selectedId}
          gedimmt={!passt(p)}
          onSelect={setSelectedId}
          onOpen={onOpen}
        />
      )),
    [placed, labels, firstId, selectedId, passt, onOpen],
  );
  return (
    <Box ref={boxRef}>
      <Group gap="xs" mb="xs" justify="space-between">
        <Text size="sm" c="dimmed">
          {t('sitzplan.kartenHilfe')}
        </Text>
        <Group gap={4}>
          <Tooltip label={t('sitzplan.verkleinern')}>
            <ActionIcon
              variant="default"
              aria-label={t('sitzplan.verkleinern')}
              onClick={() => zoom(1 / 1.25)}
            >
              −
            </ActionIcon>
          </Tooltip>
          <Text size="sm" w={48} ta="center" aria-live="polite">
            {Math.round(s * 100)} %
          </Text>
          <Tooltip label={t('sitzplan.vergroessern')}>
            <ActionIcon variant="default" aria-label={t('sitzplan.vergroessern')} onClick={() => zoom(1.25)}>
              +
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('sitzplan.einpassen')}>
            <ActionIcon variant="default" aria-label={t('sitzplan.einpassen')} onClick={fit}>
              ⤢
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: keyboard navigation of the places inside */}
      <div
        ref={viewport}
        data-plan-viewport
        onKeyDown={onKeyDown}
        onPointerDown={(e) => {
          if (e.pointerType !== 'mouse' || !viewport.current) return;
          drag.current = {
            x: e.clientX,
            y: e.clientY,
            left: viewport.current.scrollLeft,
            top: viewport.current.scrollTop,
          };
        }}
        onPointerMove={(e) => {
          if (!drag.current || !viewport.current) return;
          viewport.current.scrollLeft = drag.current.left - (e.clientX - drag.current.x);
          viewport.current.scrollTop = drag.current.top - (e.clientY - drag.current.y);
        }}
        onPointerUp={() => {
          drag.current = null;
        }}
        onPointerLeave={() => {
          drag.current = null;
        }}
        style={{
          overflow: 'auto',
          maxHeight: '75vh',
          border: '1px solid var(--mantine-color-gray-3)',
          borderRadius: 'var(--mantine-radius-sm)',
          background: 'var(--mantine-color-gray-0)',
          touchAction: 'pan-x pan-y',
        }}
      >
        <div
          style={{
            position: 'relative',
            width: size ? size.width * s : '100%',
            height: size ? size.height * s : 320,
          }}
        >
          {planUrl && (
            <img
              src={planUrl}
              alt={t('sitzplan.planBild')}
              draggable={false}
              onLoad={(e) => {
                setBildGroesse(planBildGroesse(e.currentTarget));
              }}
              style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', userSelect: 'none' }}
            />
          )}
          {size && boxWidth !== null && (
            <svg
              viewBox={`0 0 ${size.width} ${size.height}`}
              width={size.width * s}
              height={size.height * s}
              // the tap target's radius in plan units: 12.5 CSS px at this scale (25 px across), never below the symbol
              style={{
                position: 'absolute',
                inset: 0,
                ['--treffer-r' as string]: `${Math.max(13, 12.5 / s)}px`,
              }}
              className={classes.plaetze}
              aria-label={t('sitzplan.plaetzeAufDemPlan')}
            >
              {platzElemente}
            </svg>
          )}
          {size && boxWidth !== null && <SpindbankMarker banken={spindbanken} massstab={s} />}
        </div>
      </div>
      {/* what the selected place offers and its conditions, also for touch, where no tooltip shows */}
      <Text size="sm" mt="xs" aria-live="polite" data-testid="platz-info">
        {gewaehlt && (gewaehlt.beschreibung || gewaehlt.bedingungen)
          ? [
              `${gewaehlt.bezeichnung}:`,
              gewaehlt.beschreibung,
              gewaehlt.bedingungen ? `${t('sitzplan.bedingungen')}: ${gewaehlt.bedingungen}` : null,
            ]
              .filter(Boolean)
              .join(' ')
          : null}
      </Text>
    </Box>
  );
});

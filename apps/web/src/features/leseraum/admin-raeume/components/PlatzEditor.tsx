import { Badge, Button, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { TGrundrissAdmin, TPlatzAdmin } from '@stellwerk/domain/leseraum/admin-raeume.api';
import {
  type KeyboardEvent,
  type PointerEvent as ReactPointerEvent,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { useMovePlatz } from '../api/raeume-api';
import { aufPlan, startPosition, verschobenDurchTaste } from '../hooks/platz-verschieben';

type Punkt = { x: number; y: number };
type Groesse = { width: number; height: number };

/** Without an SVG the plan is the places' extent, at least 800 × 500 units. */
const planOhneBild = (plaetze: readonly TPlatzAdmin[]): Groesse => ({
  width: Math.max(800, ...plaetze.map((p) => (p.position?.x ?? 0) + 60)),
  height: Math.max(500, ...plaetze.map((p) => (p.position?.y ?? 0) + 60)),
});

/** Saving a keyboard move waits until the keys rest, so holding an arrow key sends one request. */
const KEY_SAVE_DELAY_MS = 400;

/**
 * The plan editor (decision 051): the plan's SVG with every placed place over it at its plan coordinates.
 * A place is moved by dragging it, or by keyboard: Tab to the place, the arrow keys move it (Shift: bigger
 * steps), Enter opens its dialog. Positions are saved in plan coordinates (the SVG's own units) and read
 * out for screen readers. Places without a position are listed to be put on the plan.
 */
export function PlatzEditor({
  grundriss,
  plaetze,
  onEdit,
  onGroesse,
}: {
  grundriss: TGrundrissAdmin;
  plaetze: readonly TPlatzAdmin[];
  onEdit: (platz: TPlatzAdmin) => void;
  /** The plan's size in plan coordinates, once known (where new places go). */
  onGroesse: (groesse: Groesse) => void;
}) {
  const { t } = useTranslation();
  const move = useMovePlatz(grundriss.id);
  const svgRef = useRef<SVGSVGElement>(null);
  const [bildGroesse, setBildGroesse] = useState<Groesse | null>(null);
  const groesse = grundriss.planUrl ? bildGroesse : planOhneBild(plaetze);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  /** Positions being changed and not yet confirmed by the server. */
  const [lokal, setLokal] = useState<Record<string, Punkt>>({});
  const [ansage, setAnsage] = useState('');
  const drag = useRef<{ id: string; pointerId: number; offset: Punkt; moved: boolean } | null>(null);
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
    };
  }, []);
  const breite = groesse?.width;
  const hoehe = groesse?.height;
  useEffect(() => {
    if (breite && hoehe) onGroesse({ width: breite, height: hoehe });
  }, [breite, hoehe, onGroesse]);

  const positionOf = useCallback((p: TPlatzAdmin): Punkt | null => lokal[p.id] ?? p.position, [lokal]);

  const speichern = useCallback(
    (p: TPlatzAdmin, position: Punkt) => {
      move.mutate(
        { id: p.id, position },
        {
          onSettled: () =>
            setLokal((all) => {
              if (all[p.id] !== position) return all;
              const { [p.id]: _saved, ...rest } = all;
              return rest;
            }),
        },
      );
      setAnsage(
        t('adminRaeume.editor.verschoben', {
          name: p.bezeichnung,
          x: Math.round(position.x),
          y: Math.round(position.y),
        }),
      );
    },
    [move, t],
  );

  const toPlan = (event: { clientX: number; clientY: number }): Punkt | null => {
    const svg = svgRef.current;
    const matrix = svg?.getScreenCTM();
    if (!svg || !matrix || !groesse) return null;
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    return { x: point.x, y: point.y };
  };

  const onPointerDown = (p: TPlatzAdmin, event: ReactPointerEvent<SVGGElement>) => {
    const at = toPlan(event);
    const pos = positionOf(p);
    if (!at || !pos || event.button !== 0) return;
    event.preventDefault();
    (event.currentTarget as Element).setPointerCapture?.(event.pointerId);
    drag.current = {
      id: p.id,
      pointerId: event.pointerId,
      offset: { x: at.x - pos.x, y: at.y - pos.y },
      moved: false,
    };
    setSelectedId(p.id);
    (event.currentTarget as SVGGElement).focus();
  };

  const onPointerMove = (p: TPlatzAdmin, event: ReactPointerEvent<SVGGElement>) => {
    const d = drag.current;
    if (!d || d.id !== p.id || d.pointerId !== event.pointerId || !groesse) return;
    const at = toPlan(event);
    if (!at) return;
    d.moved = true;
    setLokal((all) => ({ ...all, [p.id]: aufPlan({ x: at.x - d.offset.x, y: at.y - d.offset.y }, groesse) }));
  };

  const onPointerUp = (p: TPlatzAdmin, event: ReactPointerEvent<SVGGElement>) => {
    const d = drag.current;
    if (!d || d.id !== p.id || d.pointerId !== event.pointerId) return;
    drag.current = null;
    const pos = lokal[p.id];
    if (d.moved && pos) speichern(p, pos);
  };

  const onKeyDown = (p: TPlatzAdmin, event: KeyboardEvent<SVGGElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onEdit(p);
      return;
    }
    const pos = positionOf(p);
    if (!pos || !groesse) return;
    const next = verschobenDurchTaste(pos, event, groesse);
    if (!next) return;
    event.preventDefault();
    setLokal((all) => ({ ...all, [p.id]: next }));
    const pending = timers.current.get(p.id);
    if (pending) clearTimeout(pending);
    timers.current.set(
      p.id,
      setTimeout(() => {
        timers.current.delete(p.id);
        speichern(p, next);
      }, KEY_SAVE_DELAY_MS),
    );
  };

  const ohnePosition = plaetze.filter((p) => positionOf(p) === null);
  const platziert = plaetze.filter((p) => positionOf(p) !== null);

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed" id="platz-editor-hilfe">
        {t('adminRaeume.editor.hilfe')}
      </Text>
      {move.error && <ErrorAlert error={move.error} />}
      <div
        style={{
          overflow: 'auto',
          maxHeight: '75vh',
          border: '1px solid var(--mantine-color-gray-3)',
          borderRadius: 'var(--mantine-radius-sm)',
          background: 'var(--mantine-color-gray-0)',
        }}
      >
        <div
          style={{
            position: 'relative',
            width: '100%',
            minWidth: 480,
            aspectRatio: groesse ? `${groesse.width} / ${groesse.height}` : '8 / 5',
          }}
        >
          {grundriss.planUrl && (
            <img
              src={grundriss.planUrl}
              alt={t('adminRaeume.editor.planBild', { name: grundriss.bezeichnung })}
              draggable={false}
              onLoad={(e) =>
                setBildGroesse({
                  width: e.currentTarget.naturalWidth || 1200,
                  height: e.currentTarget.naturalHeight || 800,
                })
              }
              style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', userSelect: 'none' }}
            />
          )}
          {groesse && (
            <svg
              ref={svgRef}
              viewBox={`0 0 ${groesse.width} ${groesse.height}`}
              aria-label={t('adminRaeume.editor.plaetzeAufDemPlan')}
              aria-describedby="platz-editor-hilfe"
              style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', touchAction: 'none' }}
            >
              {platziert.map((p) => {
                const pos = positionOf(p)!;
                const selected = p.id === selectedId;
                const r = p.kapazitaet > 1 ? 20 : 13;
                return (
                  // biome-ignore lint/a11y/useSemanticElements: an SVG group on a floor plan cannot be a <button>
                  <g
                    key={p.id}
                    role="button"
                    tabIndex={0}
                    aria-label={t('adminRaeume.editor.platzLabel', {
                      name: p.bezeichnung,
                      x: Math.round(pos.x),
                      y: Math.round(pos.y),
                    })}
                    aria-pressed={selected}
                    data-platz-id={p.id}
                    data-x={pos.x}
                    data-y={pos.y}
                    transform={`translate(${pos.x} ${pos.y})`}
                    style={{ cursor: 'grab', outline: 'none' }}
                    onPointerDown={(e) => onPointerDown(p, e)}
                    onPointerMove={(e) => onPointerMove(p, e)}
                    onPointerUp={(e) => onPointerUp(p, e)}
                    onPointerCancel={() => {
                      drag.current = null;
                    }}
                    onFocus={() => setSelectedId(p.id)}
                    onKeyDown={(e) => onKeyDown(p, e)}
                    onDoubleClick={() => onEdit(p)}
                  >
                    {selected && (
                      <circle r={r + 7} fill="none" stroke="#1a1b1e" strokeWidth={3} strokeDasharray="5 3" />
                    )}
                    {p.kapazitaet > 1 ? (
                      <rect
                        x={-r}
                        y={-r}
                        width={2 * r}
                        height={2 * r}
                        rx={4}
                        fill={p.aktiv ? '#1c7ed6' : '#adb5bd'}
                        stroke="#fff"
                        strokeWidth={2}
                        strokeDasharray={p.aktiv ? undefined : '4 2'}
                      />
                    ) : (
                      <circle
                        r={r}
                        fill={p.aktiv ? '#1c7ed6' : '#adb5bd'}
                        stroke="#fff"
                        strokeWidth={2}
                        strokeDasharray={p.aktiv ? undefined : '4 2'}
                      />
                    )}
                    {p.brandschutzhelfer && (
                      <g transform={`translate(${-r - 4} ${-r})`}>
                        <circle r={7} fill="#e03131" />
                        <text y={3.5} textAnchor="middle" fontSize={9} fill="#fff" fontFamily="sans-serif">
                          B
                        </text>
                      </g>
                    )}
                    {p.ersthelfer && (
                      <g transform={`translate(${r + 4} ${-r})`}>
                        <circle r={7} fill="#2f9e44" />
                        <text y={3.5} textAnchor="middle" fontSize={9} fill="#fff" fontFamily="sans-serif">
                          E
                        </text>
                      </g>
                    )}
                    <text
                      y={r + 13}
                      textAnchor="middle"
                      fontSize={11}
                      fontFamily="sans-serif"
                      fill="#1a1b1e"
                      paintOrder="stroke"
                      stroke="#fff"
                      strokeWidth={3}
                    >
                      {p.bezeichnung}
                    </text>
                  </g>
                );
              })}
            </svg>
          )}
        </div>
      </div>
      <VisuallyHidden aria-live="polite">{ansage}</VisuallyHidden>
      <Group gap="xs">
        <Badge color="red.9" variant="filled" leftSection="B">
          {t('adminRaeume.platz.brandschutzhelfer')}
        </Badge>
        <Badge color="#237032" variant="filled" leftSection="E">
          {t('adminRaeume.platz.ersthelfer')}
        </Badge>
        <Badge color="gray.7" variant="filled">
          {t('adminRaeume.editor.inaktivLegende')}
        </Badge>
      </Group>
      {ohnePosition.length > 0 && groesse && (
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('adminRaeume.editor.ohnePosition')}
          </Text>
          <Table>
            <Table.Tbody>
              {ohnePosition.map((p, i) => (
                <Table.Tr key={p.id}>
                  <Table.Td>{p.bezeichnung}</Table.Td>
                  <Table.Td ta="right">
                    <Button
                      size="compact-sm"
                      variant="light"
                      onClick={() => {
                        const pos = startPosition(groesse, i);
                        setLokal((all) => ({ ...all, [p.id]: pos }));
                        speichern(p, pos);
                      }}
                    >
                      {t('adminRaeume.editor.aufDenPlan', { name: p.bezeichnung })}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
    </Stack>
  );
}

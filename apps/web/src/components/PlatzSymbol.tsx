import type { PlatzMarker, PlatzZustand } from '@stellwerk/domain/leseraum/leseraum-buchung/belegung';
import { memo } from 'react';

/**
 * The symbol of a place state: a colour **and** a shape, so the state can be told apart without colour
 * (spec §2 seat states; WCAG 1.4.1). Drawn around (0, 0) with radius `r`.
 */
const FARBE: Record<PlatzZustand, string> = {
  frei: 'var(--mantine-color-teal-7)',
  belegt: 'var(--mantine-color-red-8)',
  stundenweise_belegt: 'var(--mantine-color-orange-7)',
  eigene_reservierung: 'var(--mantine-color-blue-7)',
  eigene_vormerkung: 'var(--mantine-color-blue-7)',
  vorgemerkt: 'var(--mantine-color-yellow-8)',
  geschlossen: 'var(--mantine-color-gray-6)',
};

const star = (r: number) =>
  Array.from({ length: 10 }, (_, i) => {
    const radius = i % 2 === 0 ? r : r * 0.45;
    const angle = (Math.PI / 5) * i - Math.PI / 2;
    return `${(radius * Math.cos(angle)).toFixed(1)},${(radius * Math.sin(angle)).toFixed(1)}`;
  }).join(' ');

export const ZustandsForm = memo(function ZustandsForm({ zustand, r }: { zustand: PlatzZustand; r: number }) {
  const fill = FARBE[zustand];
  const line = { stroke: '#fff', strokeWidth: r / 5, strokeLinecap: 'round' as const, fill: 'none' };
  switch (zustand) {
    case 'frei':
      return (
        <>
          <circle r={r} fill={fill} />
          <path d={`M ${-r * 0.45} 0 L ${-r * 0.1} ${r * 0.35} L ${r * 0.5} ${-r * 0.35}`} {...line} />
        </>
      );
    case 'belegt':
      return (
        <>
          <rect x={-r} y={-r} width={2 * r} height={2 * r} rx={r / 4} fill={fill} />
          <path
            d={`M ${-r / 2} ${-r / 2} L ${r / 2} ${r / 2} M ${r / 2} ${-r / 2} L ${-r / 2} ${r / 2}`}
            {...line}
          />
        </>
      );
    case 'stundenweise_belegt':
      return (
        <>
          <circle r={r} fill="#fff" stroke={fill} strokeWidth={r / 4} />
          <path d={`M 0 ${-r} A ${r} ${r} 0 0 1 0 ${r} Z`} fill={fill} />
        </>
      );
    case 'eigene_reservierung':
      return <polygon points={star(r * 1.2)} fill={fill} />;
    case 'eigene_vormerkung':
      // the own star, drawn hollow while the hold waits for its confirmation
      return (
        <polygon
          points={star(r * 1.1)}
          fill="#fff"
          stroke={fill}
          strokeWidth={r / 4}
          strokeLinejoin="round"
        />
      );
    case 'vorgemerkt':
      return (
        <>
          <polygon points={`0,${-r * 1.2} ${r * 1.2},0 0,${r * 1.2} ${-r * 1.2},0`} fill={fill} />
          <path d={`M 0 ${-r * 0.5} L 0 ${r * 0.1}`} {...line} />
          <circle cy={r * 0.45} r={r / 8} fill="#fff" />
        </>
      );
    case 'geschlossen':
      return (
        <>
          <rect
            x={-r}
            y={-r}
            width={2 * r}
            height={2 * r}
            rx={r / 4}
            fill="#fff"
            stroke={fill}
            strokeWidth={r / 4}
          />
          <path d={`M ${-r * 0.7} ${r * 0.7} L ${r * 0.7} ${-r * 0.7}`} stroke={fill} strokeWidth={r / 4} />
        </>
      );
  }
});

/** The helper markers beside the symbol: a red triangle for fire safety, a green cross for first aid. */
export const MarkerForm = memo(function MarkerForm({ marker, r }: { marker: PlatzMarker; r: number }) {
  if (marker === 'brandschutzhelfer')
    return (
      <polygon
        points={`0,${-r} ${r},${r * 0.8} ${-r},${r * 0.8}`}
        fill="var(--mantine-color-red-9)"
        stroke="#fff"
        strokeWidth={r / 5}
      />
    );
  return (
    <>
      <rect
        x={-r}
        y={-r}
        width={2 * r}
        height={2 * r}
        fill="var(--mantine-color-green-9)"
        stroke="#fff"
        strokeWidth={r / 5}
      />
      <path
        d={`M 0 ${-r * 0.6} L 0 ${r * 0.6} M ${-r * 0.6} 0 L ${r * 0.6} 0`}
        stroke="#fff"
        strokeWidth={r / 3}
      />
    </>
  );
});

/** A small stand-alone symbol for lists and the legend. */
export function SymbolIcon({
  zustand,
  marker,
  size = 18,
}: {
  zustand?: PlatzZustand;
  marker?: PlatzMarker;
  size?: number;
}) {
  const r = size / 2 - 1;
  return (
    <svg
      width={size}
      height={size}
      viewBox={`${-size / 2} ${-size / 2} ${size} ${size}`}
      aria-hidden="true"
      focusable="false"
    >
      {zustand && <ZustandsForm zustand={zustand} r={r * 0.82} />}
      {marker && <MarkerForm marker={marker} r={r * 0.8} />}
    </svg>
  );
}

/**
 * Keyboard navigation on the floor plan: the arrow keys move the selection to the nearest place in that
 * direction (within a 45° cone on each side), so a thousand places need no thousand tab stops.
 */
export type Richtung = 'links' | 'rechts' | 'oben' | 'unten';
type Punkt = { id: string; position: { x: number; y: number } | null };

const RICHTUNG: Record<Richtung, { dx: number; dy: number }> = {
  links: { dx: -1, dy: 0 },
  rechts: { dx: 1, dy: 0 },
  oben: { dx: 0, dy: -1 },
  unten: { dx: 0, dy: 1 },
};

const TASTEN: Readonly<Record<string, Richtung>> = {
  ArrowLeft: 'links',
  ArrowRight: 'rechts',
  ArrowUp: 'oben',
  ArrowDown: 'unten',
};

/** The direction of an arrow key, or null for any other key. */
export const richtungVonTaste = (key: string): Richtung | null => TASTEN[key] ?? null;

/**
 * The id of the nearest place from `fromId` in `richtung`, or `fromId` itself when there is none.
 * Without a selection the top-left place is chosen. Distance along the direction counts, and a sideways
 * offset counts double, so the arrow keys follow rows and columns.
 */
export const naechsterPlatz = (
  plaetze: readonly Punkt[],
  fromId: string | null,
  richtung: Richtung,
): string | null => {
  const placed = plaetze.filter(
    (p): p is Punkt & { position: { x: number; y: number } } => p.position !== null,
  );
  if (placed.length === 0) return null;
  const from = placed.find((p) => p.id === fromId);
  if (!from)
    return [...placed].sort((a, b) => a.position.y - b.position.y || a.position.x - b.position.x)[0]!.id;
  const { dx, dy } = RICHTUNG[richtung];
  let best: { id: string; score: number } | null = null;
  for (const p of placed) {
    if (p.id === from.id) continue;
    const vx = p.position.x - from.position.x;
    const vy = p.position.y - from.position.y;
    const along = vx * dx + vy * dy;
    const across = Math.abs(vx * dy - vy * dx);
    if (along <= 0 || across > along) continue;
    const score = along + 2 * across;
    if (!best || score < best.score) best = { id: p.id, score };
  }
  return best?.id ?? from.id;
};

/** The zoom that fits a plan of `plan` size into `box`, within 10 % and 400 %. */
export const fitScale = (box: { width: number; height: number }, plan: { width: number; height: number }) => {
  if (plan.width <= 0 || plan.height <= 0 || box.width <= 0 || box.height <= 0) return 1;
  return Math.min(4, Math.max(0.1, Math.min(box.width / plan.width, box.height / plan.height)));
};

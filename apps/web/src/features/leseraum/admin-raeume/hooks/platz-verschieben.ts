/**
 * Moving a place on the plan editor by keyboard (decision 051): the arrow keys move the selected place by a
 * small step in plan coordinates, with Shift by a bigger one; the place stays inside the plan.
 */
export const SCHRITT = 5;
export const GROSSER_SCHRITT = 25;

type Punkt = { x: number; y: number };
type Groesse = { width: number; height: number };

const RICHTUNG: Readonly<Record<string, Punkt>> = {
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
};

/** A point kept inside the plan `[0, width] × [0, height]`, rounded to a tenth of a unit. */
export const aufPlan = (p: Punkt, plan: Groesse): Punkt => ({
  x: Math.round(Math.min(plan.width, Math.max(0, p.x)) * 10) / 10,
  y: Math.round(Math.min(plan.height, Math.max(0, p.y)) * 10) / 10,
});

/** Where an arrow key moves a place from `p` (null for any other key). */
export const verschobenDurchTaste = (
  p: Punkt,
  { key, shiftKey }: { key: string; shiftKey: boolean },
  plan: Groesse,
): Punkt | null => {
  const r = RICHTUNG[key];
  if (!r) return null;
  const step = shiftKey ? GROSSER_SCHRITT : SCHRITT;
  return aufPlan({ x: p.x + r.x * step, y: p.y + r.y * step }, plan);
};

/** Where a place goes when it has none yet: the middle of the plan, shifted a little per unplaced place. */
export const startPosition = (plan: Groesse, index: number): Punkt =>
  aufPlan({ x: plan.width / 2 + (index % 5) * 30, y: plan.height / 2 + Math.floor(index / 5) * 30 }, plan);

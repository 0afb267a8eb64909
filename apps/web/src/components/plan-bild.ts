/**
 * The coordinate system of a floor plan with an image (the seat map's rule, also the kiosk board's): the image's own
 * pixel size is the plan's extent, its top-left corner is (0, 0), and places are positioned in those units.
 */
export type PlanSize = { width: number; height: number };

/** The plan's extent from its loaded image (an image without its own size, such as some SVGs: 1200 × 800). */
export const planBildGroesse = (img: HTMLImageElement): PlanSize => ({
  width: img.naturalWidth || 1200,
  height: img.naturalHeight || 800,
});

/**
 * The server's clock for end-to-end journeys (decision 059): real time plus an offset that a test moves
 * through `PUT /api/test/uhr`. Only built when `TEST_CLOCK=true` and `NODE_ENV=test` (config.ts refuses
 * anything else), so a production server always runs on real time.
 */
export type TestClock = {
  now: () => Date;
  /** Moves the clock so that it reads `to` now (and runs on from there); null goes back to real time. */
  set: (to: Date | null) => void;
  offsetMs: () => number;
};

export const createTestClock = (real: () => number = Date.now): TestClock => {
  let offset = 0;
  return {
    now: () => new Date(real() + offset),
    set: (to) => {
      offset = to ? to.getTime() - real() : 0;
    },
    offsetMs: () => offset,
  };
};

import { describe, expect, it } from 'vitest';
import { isNewerBuild } from './get-latest-build';

describe('isNewerBuild', () => {
  it('offers a reload only when the deployed build differs from the running one', () => {
    expect(isNewerBuild({ buildId: 'b2', builtAt: '' }, 'b1')).toBe(true);
    expect(isNewerBuild({ buildId: 'b1', builtAt: '' }, 'b1')).toBe(false);
    expect(isNewerBuild(null, 'b1')).toBe(false);
  });

  it('never nags in development, where the bundle has no build id', () => {
    expect(isNewerBuild({ buildId: 'b2', builtAt: '' }, 'dev')).toBe(false);
  });
});

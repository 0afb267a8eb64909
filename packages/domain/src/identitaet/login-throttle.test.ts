import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isFamiliarAddress,
  LOGIN_THROTTLE,
  lockedForMs,
  recentFailures,
  type SignInHistory,
  signInNeedsCaptcha,
  signInWaitMs,
  waitMinutes,
} from './login-throttle';

const limits = { windowMs: 15 * 60_000, maxFailures: 5 };
const minute = 60_000;
const day = 24 * 60 * minute;

describe('login throttle: one counter', () => {
  it('allows an attempt after fewer failures than the limit', () => {
    expect(lockedForMs([0, minute, 2 * minute, 3 * minute], 4 * minute, limits)).toBe(0);
  });

  it('locks after the fifth failure inside fifteen minutes until the oldest one leaves the window', () => {
    const failures = [0, minute, 2 * minute, 3 * minute, 4 * minute];
    expect(lockedForMs(failures, 5 * minute, limits)).toBe(10 * minute);
  });

  it('forgets failures older than the window', () => {
    const failures = [0, minute, 2 * minute, 3 * minute, 4 * minute];
    expect(lockedForMs(failures, 16 * minute, limits)).toBe(0);
    expect(recentFailures(failures, 16 * minute, limits.windowMs)).toEqual([
      2 * minute,
      3 * minute,
      4 * minute,
    ]);
  });

  it('never locks for longer than the window', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 10 * limits.windowMs }), { maxLength: 50 }), (raw) => {
        const failures = [...raw].sort((a, b) => a - b);
        const now = (failures.at(-1) ?? 0) + 1;
        const wait = lockedForMs(failures, now, limits);
        expect(wait).toBeGreaterThanOrEqual(0);
        expect(wait).toBeLessThanOrEqual(limits.windowMs);
      }),
    );
  });
});

const times = (n: number, from = 0) => Array.from({ length: n }, (_, i) => from + i * 1000);
const fresh: SignInHistory = {
  pairFailures: [],
  accountFailures: [],
  addressAccountFailures: [],
  lastSuccessFromAddress: undefined,
};
const now = 10 * minute;

describe('sign-in throttle: which locks apply (decision 021)', () => {
  it.each<[string, Partial<SignInHistory>, boolean]>([
    ['nothing failed', {}, false],
    [
      '4 failures of the account from this address',
      { pairFailures: times(4), accountFailures: times(4) },
      false,
    ],
    [
      '5 failures of the account from this address',
      { pairFailures: times(5), accountFailures: times(5) },
      true,
    ],
    [
      '5 failures from this address, but at a familiar address too: the own lock still applies',
      { pairFailures: times(5), accountFailures: times(5), lastSuccessFromAddress: 0 },
      true,
    ],
    ['5 failures of the account elsewhere, unfamiliar address', { accountFailures: times(5) }, true],
    [
      '5 failures of the account elsewhere, familiar address (the user at their desk)',
      { accountFailures: times(5), lastSuccessFromAddress: now - day },
      false,
    ],
    [
      '5 failures elsewhere, the last success here was 31 days ago',
      { accountFailures: times(5), lastSuccessFromAddress: now - 31 * day },
      true,
    ],
    ['49 other accounts failed from this address (an office)', { addressAccountFailures: times(49) }, false],
    ['50 other accounts failed from this address (stuffing)', { addressAccountFailures: times(50) }, true],
    [
      '50 other accounts failed here, but this account signed in here before',
      { addressAccountFailures: times(50), lastSuccessFromAddress: now - minute },
      false,
    ],
  ])('%s: locked %s', (_name, partial, locked) => {
    expect(signInWaitMs({ ...fresh, ...partial }, now) > 0).toBe(locked);
  });

  it('the wait is the longest of the locks that apply and ends when the decisive failure leaves the window', () => {
    const wait = signInWaitMs(
      { ...fresh, pairFailures: times(5, 2 * minute), accountFailures: times(5, 0) },
      now,
    );
    expect(wait).toBe(2 * minute + LOGIN_THROTTLE.windowMs - now);
  });

  it('the same history answers the same whether the account exists or not (nothing in it says so)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: now }), { maxLength: 12 }),
        fc.array(fc.integer({ min: 0, max: now }), { maxLength: 12 }),
        (pair, elsewhere) => {
          const history = {
            ...fresh,
            pairFailures: pair,
            accountFailures: [...pair, ...elsewhere],
          };
          const wait = signInWaitMs(history, now);
          expect(wait).toBeGreaterThanOrEqual(0);
          expect(wait).toBeLessThanOrEqual(LOGIN_THROTTLE.windowMs);
        },
      ),
    );
  });

  it('a familiar address is one with a success inside 30 days', () => {
    expect(isFamiliarAddress(undefined, now)).toBe(false);
    expect(isFamiliarAddress(now - 29 * day, now)).toBe(true);
    expect(isFamiliarAddress(now - 30 * day, now)).toBe(false);
  });

  it.each([
    [1, 1],
    [59_999, 1],
    [60_000, 1],
    [60_001, 2],
    [15 * minute, 15],
  ])('waiting %i ms is told as %i minutes', (ms, minutes) => {
    expect(waitMinutes(ms)).toBe(minutes);
  });
});

describe('sign-in security check: when a sign-in must carry a solved captcha (decision 077)', () => {
  const now = 100 * day;
  const none: SignInHistory = {
    pairFailures: [],
    accountFailures: [],
    addressAccountFailures: [],
    lastSuccessFromAddress: undefined,
  };
  const times = (n: number, from = now - 10 * minute) => Array.from({ length: n }, (_, i) => from + i * 1000);
  const cases: { name: string; history: SignInHistory; expected: boolean }[] = [
    { name: 'no failures', history: none, expected: false },
    {
      name: 'two failures of the account at this address (the mistyping colleague)',
      history: {
        ...none,
        pairFailures: times(2),
        accountFailures: times(2),
        addressAccountFailures: times(1),
      },
      expected: false,
    },
    {
      name: 'the third failure of the account at this address',
      history: {
        ...none,
        pairFailures: times(3),
        accountFailures: times(3),
        addressAccountFailures: times(1),
      },
      expected: true,
    },
    {
      name: 'the third failure at a familiar address still counts there',
      history: {
        ...none,
        pairFailures: times(3),
        accountFailures: times(3),
        lastSuccessFromAddress: now - day,
      },
      expected: true,
    },
    {
      name: 'three failures of the account elsewhere, at an unfamiliar address',
      history: { ...none, accountFailures: times(3) },
      expected: true,
    },
    {
      name: 'three failures of the account elsewhere, at the address the user signs in from',
      history: { ...none, accountFailures: times(3), lastSuccessFromAddress: now - day },
      expected: false,
    },
    {
      name: 'nine accounts failing at this address',
      history: { ...none, addressAccountFailures: times(9) },
      expected: false,
    },
    {
      name: 'ten accounts failing at this address (credential stuffing)',
      history: { ...none, addressAccountFailures: times(10) },
      expected: true,
    },
    {
      name: 'ten accounts failing at an address this account is familiar with',
      history: { ...none, addressAccountFailures: times(10), lastSuccessFromAddress: now - 29 * day },
      expected: false,
    },
    {
      name: 'a familiarity older than thirty days does not exempt',
      history: { ...none, addressAccountFailures: times(10), lastSuccessFromAddress: now - 31 * day },
      expected: true,
    },
    {
      name: 'failures older than fifteen minutes are forgotten',
      history: {
        ...none,
        pairFailures: times(5, now - 20 * minute),
        accountFailures: times(5, now - 20 * minute),
      },
      expected: false,
    },
  ];
  it.each(cases)('$name: $expected', ({ history, expected }) => {
    expect(signInNeedsCaptcha(history, now)).toBe(expected);
  });

  it('is asked before any lock applies: whenever the throttle makes an attempt wait, the check was asked already', () => {
    const list = fc.array(fc.integer({ min: now - 20 * minute, max: now }), { maxLength: 60 });
    fc.assert(
      fc.property(list, list, list, fc.option(fc.integer({ min: 0, max: 40 * day })), (p, a, ad, ago) => {
        const history: SignInHistory = {
          pairFailures: p,
          accountFailures: [...p, ...a],
          addressAccountFailures: ad,
          lastSuccessFromAddress: ago === null ? undefined : now - ago,
        };
        if (signInWaitMs(history, now) > 0) expect(signInNeedsCaptcha(history, now)).toBe(true);
      }),
    );
  });

  it('comes after fewer failures than the locks', () => {
    expect(LOGIN_THROTTLE.captchaAfterFailures).toBeLessThan(LOGIN_THROTTLE.maxFailuresPerAccountAndAddress);
    expect(LOGIN_THROTTLE.captchaAfterAccountsPerAddress).toBeLessThan(LOGIN_THROTTLE.maxAccountsPerAddress);
  });
});

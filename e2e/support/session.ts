/**
 * Signing in and out. The journeys about signing in use the real login page, the way a person does it
 * (`signIn`, `submitLogin`, `signInThroughFormTo`); the others sign in through the same sign-in request the page
 * sends (`signInTo`, decision 262).
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { CAPTCHA_SOLVE_TIMEOUT } from './captcha.ts';
import { DEMO_PASSWORD } from './demo.ts';

/** The login page's fields ("Benutzername" and "Passwort", in English "User name" and "Password"). */
export const loginForm = (page: Page): { login: Locator; password: Locator; submit: Locator } => ({
  login: page.getByLabel(/^(Benutzername|User name)\b/),
  password: page.getByLabel(/^(Passwort|Password)( \*)?$/),
  submit: page.getByRole('button', { name: /^(Anmelden|Einloggen|Login|Log in|Sign in)$/i }),
});

/** Fill and send the login form of the page that is open (it must be /login). */
export const submitLogin = async (page: Page, login: string, password: string = DEMO_PASSWORD) => {
  const form = loginForm(page);
  await form.login.fill(login);
  await form.password.fill(password);
  await form.submit.click();
};

/** Open /login and sign in. Does not wait for where the app goes next; callers assert that. */
export const signIn = async (page: Page, login: string, password: string = DEMO_PASSWORD) => {
  await page.goto('/login');
  await submitLogin(page, login, password);
};

/** Wait until the page shows `path` (pathname only; query and hash are ignored). */
export const expectPath = async (page: Page, path: string) => {
  await expect(page).toHaveURL((url) => url.pathname === path);
};

/**
 * Sign in through the login page and wait for the start page. Every journey signs in from 127.0.0.1, and once ten
 * accounts have failed there (the sign-in journeys do that on purpose) an account's first sign-in from that address
 * needs the security check (decision 077): the form solves it and sends again by itself, which on a busy machine
 * takes longer than the usual wait, so the start page gets the check's bound.
 */
export const signInThroughFormTo = async (
  page: Page,
  login: string,
  startPage: string,
  password?: string,
) => {
  await signIn(page, login, password);
  await expect(page).toHaveURL((url) => url.pathname === startPage, { timeout: CAPTCHA_SOLVE_TIMEOUT });
};

/** The server's answer that a sign-in needs the solved security check first (decision 077). */
const CAPTCHA_CODES = ['auth.captcha_fehlt', 'auth.captcha_ungueltig'];

/**
 * Sign in for a journey about what comes after it, and wait for the start page (decision 262). It sends the request
 * the login form sends (`POST /api/auth/sign-in/email`, or `/username` for a user name, with the page's origin: the
 * same origin check, throttle and session cookie, which lands in the page's browser context), then opens `/`, which
 * sends a signed-in user to their start page: that the user lands there is still checked. The login page itself
 * (its fields, debounce, language and redirects) is the sign-in journeys' subject; loading and filling it took
 * about 2.4 s of every journey's sign-in on the CI machine (3.6 s against 1.2 s). When the server asks for the
 * security check, the form signs in instead, as it solves the check in the browser. A journey that needs what the
 * login page leaves behind (a language chosen on it, a remembered page) signs in with `signInThroughFormTo`.
 */
export const signInTo = async (page: Page, login: string, startPage: string, password = DEMO_PASSWORD) => {
  const configured = test.info().project.use.baseURL;
  const origin = configured ? new URL(configured).origin : undefined;
  const byEmail = login.includes('@');
  const response = await page.request.post(
    byEmail ? '/api/auth/sign-in/email' : '/api/auth/sign-in/username',
    {
      data: byEmail ? { email: login, password } : { username: login, password },
      headers: origin ? { origin } : {},
      failOnStatusCode: false,
    },
  );
  if (!response.ok()) {
    const body = (await response.json().catch(() => null)) as { error?: { code?: string } } | null;
    if (CAPTCHA_CODES.includes(body?.error?.code ?? '')) {
      await signInThroughFormTo(page, login, startPage, password);
      return;
    }
    throw new Error(`sign-in of ${login} failed: ${response.status()} ${JSON.stringify(body)}`);
  }
  const answer = (await response.json().catch(() => null)) as { twoFactorRedirect?: boolean } | null;
  if (answer?.twoFactorRedirect)
    throw new Error(`${login} needs a second factor: sign in through the form (signIn, then the code step)`);
  await page.goto('/');
  await expectPath(page, startPage);
};

/** Spec §2: the query `logout=true` signs the user out and goes to /login. */
export const signOut = async (page: Page, from = '/') => {
  await page.goto(`${from}?logout=true`);
  await expectPath(page, '/login');
};

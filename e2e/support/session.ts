/** Signing in and out through the real login page, the way a person does it. */
import { expect, type Locator, type Page } from '@playwright/test';
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
 * Sign in and wait for the start page. Every journey signs in from 127.0.0.1, and once ten accounts have failed
 * there (the sign-in journeys do that on purpose) an account's first sign-in from that address needs the security
 * check (decision 077): the form solves it and sends again by itself, which on a busy machine takes longer than
 * the usual wait, so the start page gets the check's bound.
 */
export const signInTo = async (page: Page, login: string, startPage: string, password?: string) => {
  await signIn(page, login, password);
  await expect(page).toHaveURL((url) => url.pathname === startPage, { timeout: CAPTCHA_SOLVE_TIMEOUT });
};

/** Spec §2: the query `logout=true` signs the user out and goes to /login. */
export const signOut = async (page: Page, from = '/') => {
  await page.goto(`${from}?logout=true`);
  await expectPath(page, '/login');
};

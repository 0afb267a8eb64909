/**
 * Permanent locker assignments (decision 229) as the administration uses them: the platform administrator switches
 * Officelocker on for Bibliothek Beispielhausen and back afterwards (exclusive journey). The administrator assigns a
 * locker of a new bank to a person until a day in three months, sees the assignment in the list "Dauerhafte
 * Zuweisungen" as running, ends it behind the confirmation, and finds the locker on the list of lockers to clear
 * (ended, not yet emptied), which they clear, so the demo is left as it was.
 */
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { BEISPIELHAUSEN, demoUser } from '../support/demo.ts';
import { apiAls, funktionenSetzen, type Schalter } from '../support/mandant.ts';
import { signInTo } from '../support/session.ts';

const bank = `Archiv ${Date.now().toString(36)}`;

let schalter: Schalter | undefined;

test.beforeAll(async ({ playwright, baseURL }) => {
  schalter = await funktionenSetzen(playwright, baseURL, BEISPIELHAUSEN.name, { Officelocker: true });
  // a bank with two lockers at the reading room's location (made through the API: building banks has its journey)
  const pflege = await apiAls(playwright, baseURL, demoUser('fuhrpark', BEISPIELHAUSEN).email);
  const [plan] = (await (await pflege.get('/api/grundrisse?bereich=leseraum')).json()) as {
    standort: { id: string };
  }[];
  const angelegt = await pflege.post('/api/spindbanken', {
    data: { standortId: plan!.standort.id, name: bank, anzahl: 2, groesse: 'L' },
  });
  expect(angelegt.status()).toBe(201);
  await pflege.dispose();
});

test.afterAll(async () => {
  await schalter?.zurueck();
});

test('the administrator assigns a locker permanently, sees it in the list and ends it after confirming', async ({
  page,
}) => {
  const shots = path.join(test.info().project.outputDir, 'screenshots');
  await signInTo(page, demoUser('admin', BEISPIELHAUSEN).email, BEISPIELHAUSEN.startPage);
  await page.goto('/officelocker');
  await page.getByRole('tab', { name: 'Spindbänke' }).click();

  // assign locker 2 of the new bank to the employee (the end date defaults to three months ahead)
  const form = page.locator('form').filter({ hasText: 'Spind dauerhaft zuweisen' });
  await form.getByRole('combobox', { name: 'Spind', exact: true }).click();
  await page.getByRole('option', { name: `${bank} · Spind 2` }).click();
  await form.getByRole('combobox', { name: 'Person' }).fill('mitarbeiter@beispielhausen');
  await page.getByRole('option', { name: /mitarbeiter@beispielhausen\.example/ }).click();
  await form.getByRole('button', { name: 'Zuweisen' }).click();
  await expect(form.getByRole('status')).toHaveText('Spind zugewiesen.');

  // the list of permanent assignments, narrowed to the bank, shows it as running
  const liste = page.getByRole('region', { name: 'Dauerhafte Zuweisungen' });
  await liste.getByRole('combobox', { name: 'Spindbank' }).click();
  await page.getByRole('option', { name: bank, exact: true }).click();
  const eintrag = liste.getByTestId('spind-zuweisung');
  await expect(eintrag).toHaveCount(1);
  await expect(eintrag).toContainText(`${bank} · Spind 2 ·`);
  await expect(eintrag.getByText('Läuft')).toBeVisible();
  await liste.screenshot({ path: path.join(shots, 'spind-zuweisungen-de.png') });

  // ending asks first and says what happens; cancelling the question changes nothing
  await eintrag.getByRole('button', { name: 'Beenden' }).click();
  let frage = page.getByRole('dialog', { name: 'Zuweisung beenden?' });
  await expect(frage).toContainText(`Die Zuweisung von Spind 2 in ${bank}`);
  await expect(frage).toContainText('endet jetzt');
  await frage.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(frage).toBeHidden();
  await expect(eintrag).toHaveCount(1);
  await eintrag.getByRole('button', { name: 'Beenden' }).click();
  frage = page.getByRole('dialog', { name: 'Zuweisung beenden?' });
  await frage.getByRole('button', { name: 'Beenden' }).click();
  await expect(frage).toBeHidden();
  await expect(eintrag).toHaveCount(0);
  await expect(liste.getByText('Keine laufenden oder kommenden Zuweisungen.')).toBeVisible();

  // it had begun: the locker now waits to be emptied; the administrator clears it (the demo stays as it was)
  await page.getByRole('tab', { name: 'Zu räumende Spinde' }).click();
  const offen = page.getByRole('listitem').filter({ hasText: `${bank} · Spind 2` });
  await expect(offen).toContainText('nicht als geleert bestätigt');
  await page.screenshot({ path: path.join(shots, 'spind-zu-raeumen-nach-zuweisung-de.png'), fullPage: true });
  await offen.getByRole('button', { name: 'Geräumt' }).click();
  const raeumen = page.getByRole('dialog', { name: 'Spind räumen?' });
  await raeumen.getByRole('button', { name: 'Geräumt' }).click();
  await expect(raeumen).toBeHidden();
  await expect(offen).toHaveCount(0);
});

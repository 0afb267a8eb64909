/**
 * Booking a place with an office locker (decision 216). The platform administrator switches Officelocker on for
 * Bibliothek Beispielhausen through the API and back afterwards, so the journey runs in the project "alone".
 */
import { expect, test } from '@playwright/test';
import { naechsterWerktag } from '../support/berlin.ts';
import { BEISPIELHAUSEN, demoUser } from '../support/demo.ts';
import { apiAls, funktionenSetzen, type Schalter } from '../support/mandant.ts';
import { signInTo } from '../support/session.ts';

let buchungId: string | undefined;

let schalter: Schalter | undefined;

test.beforeAll(async ({ playwright, baseURL }) => {
  schalter = await funktionenSetzen(playwright, baseURL, BEISPIELHAUSEN.name, { Officelocker: true });
  // a bank with one locker at the reading room's location, made by the place keeper (objekt_pflege)
  const pflege = await apiAls(playwright, baseURL, demoUser('fuhrpark', BEISPIELHAUSEN).email);
  const [plan] = (await (await pflege.get('/api/grundrisse?bereich=leseraum')).json()) as {
    standort: { id: string };
  }[];
  const bank = await pflege.post('/api/spindbanken', {
    data: { standortId: plan!.standort.id, name: `Foyer ${Date.now()}`, anzahl: 1, groesse: 'M' },
  });
  expect(bank.status()).toBe(201);
  await pflege.dispose();
});

test.afterAll(async () => {
  await schalter?.zurueck();
});

test('the booking dialog adds a locker of the preferred size and names it in the confirmation', async ({
  page,
}) => {
  await signInTo(page, demoUser('mitarbeiter', BEISPIELHAUSEN).email, BEISPIELHAUSEN.startPage);
  await page.goto(`/leseraum/karte?tag=${naechsterWerktag()}`);
  await page.getByRole('button', { name: /^Platz 19,/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Platz 19' });
  const box = dialog.getByRole('checkbox', { name: 'Spind dazubuchen' });
  await expect(box).not.toBeChecked();
  await box.check();
  // the size of the setting SpindGroesse (default M) is preselected
  await expect(dialog.getByRole('radio', { name: 'M' })).toBeChecked();
  const antwort = page.waitForResponse(
    (r) => r.url().endsWith('/api/leseraum-buchungen') && r.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Vormerken' }).click();
  const buchung = (await (await antwort).json()) as { id: string; spind: { nummer: string; bank: string } };
  buchungId = buchung.id;
  await expect(
    page.getByText(
      `Spind ${buchung.spind.nummer} (${buchung.spind.bank}) ist für denselben Zeitraum gebucht.`,
    ),
  ).toBeVisible();
  // the place's cancellation gives the locker back (leaves the demo as it was)
  const storno = await page.request.post(`/api/leseraum-buchungen/${buchungId}/storno`, {
    data: {},
    headers: { origin: new URL(page.url()).origin },
  });
  expect(storno.status()).toBe(200);
});

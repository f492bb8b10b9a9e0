import { MEDICAL_MSG } from '@scentry/shared-schema';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, WITH_SERVICE_WORKER } from './support/browser';
import { withContext as inContext } from './support/journey';
import { goOfflineWithDemoKit, playFromLastCard } from './support/player';
import { startServer, type TestServer } from './support/server';
import { apiToken } from './support/sign-in';
import { auditScreen } from './support/ux';

let server: TestServer;
let browser: Browser;

const PROVIDER = {
  name: 'Wombat Nose Clinic',
  address: '12 Sniff Lane, Springfield',
  phone: '555 010 2000',
};
const OTHER_PROVIDER = 'Aardvark Health';
const PROVIDER_LABEL = 'Select Organization / Healthcare Provider';

/** An active provider made through the admin API (API.md CreateOrganization); its id. */
async function createProvider(name: string, seq: number): Promise<number> {
  const token = await apiToken(server.url);
  const res = await fetch(`${server.url}/api/Organization/CreateOrganization`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      ClientType: 'Medical provider',
      OrganizationName: name,
      OrganizationCode: `PF${seq}`,
      OrganizationWebsite: 'https://clinic.example',
      OrganizationAddress: name === PROVIDER.name ? PROVIDER.address : '1 Main St',
      OrganizationEmail: `desk${seq}@clinic.example`,
      OrganizationPhone: PROVIDER.phone,
      DiscloseUserDetails: true,
      UserFirstName: 'Clara',
      UserLastName: 'Admin',
      UserEmail: `clara${seq}@clinic.example`,
      Password: 'Clinic-Pass1',
      ConfirmPassword: 'Clinic-Pass1',
    }),
  });
  const body = await res.json();
  if (body.status !== 'Success') throw new Error(`CreateOrganization refused: ${JSON.stringify(body)}`);
  const [row] = server.sql<{ id: number }>('SELECT id FROM organizations WHERE name = ?', name);
  return row.id;
}

/** The provider's Client Admin's dashboard counts (GetTestResultCounts, scoped to the organization). */
async function providerCounts(): Promise<{ totalTestCount: number }> {
  const signIn = await fetch(`${server.url}/api/User/Authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Email: 'clara1@clinic.example', Password: 'Clinic-Pass1' }),
  });
  const { data } = await signIn.json();
  const res = await fetch(`${server.url}/api/TestResult/GetTestResultCounts`, {
    headers: { authorization: `Bearer ${data.token}` },
  });
  return (await res.json()).data;
}

let providerId: number;
let otherProviderId: number;

beforeAll(async () => {
  server = await startServer({ SEED_DEMO: 'on' });
  browser = await launchBrowser();
  providerId = await createProvider(PROVIDER.name, 1);
  otherProviderId = await createProvider(OTHER_PROVIDER, 2);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A phone (390 × 844). */
const withContext = (journey: (context: BrowserContext) => Promise<void>) => inContext(browser, {}, journey);
/** The same with the service worker: a phone that can play offline. */
const withOfflineDevice = (journey: (context: BrowserContext) => Promise<void>) =>
  inContext(browser, WITH_SERVICE_WORKER, journey);

async function openResult(page: Page) {
  await page.getByRole('link', { name: 'See my result summary' }).click();
  await page.waitForURL('**/summary');
  await page.getByRole('link', { name: 'See my result', exact: true }).click();
  await page.waitForURL('**/result');
  await page.getByRole('heading', { name: 'Passed' }).waitFor();
}

const resultRow = async (page: Page, label: string) =>
  (
    (await page
      .locator('.report-details div')
      .filter({ has: page.getByText(label, { exact: true }) })
      .locator('dd')
      .textContent()) ?? ''
  ).trim();

const stepTitle = (page: Page) => page.getByTestId('medical-step').textContent();

/** Answers a yes/no question of the medical form (its legend names it). */
const answer = (page: Page, question: string, yes: boolean) =>
  page
    .getByRole('group', { name: question, exact: true })
    .getByRole('radio', { name: yes ? 'Yes' : 'No' })
    .check();

/** At both phone sizes: nothing runs off the screen, axe clean, 44 px targets (a screenshot with SHOTS_DIR). */
const shot = (page: Page, name: string) =>
  auditScreen(page, name, {
    viewports: [
      { width: 320, height: 568 },
      { width: 390, height: 844 },
    ],
  });

const resultRowFromDb = (id: string) =>
  server.sql<Record<string, unknown>>(
    `SELECT first_name, last_name, organization_id, age, gender, race, is_alzheimer_disease, is_parkinson_disease,
       is_head_injuries_concussion, is_sino_nasal_disease, is_other_neurological_disorder,
       is_alzheimer_disease_in_family, is_parkinson_disease_in_family, is_other_neurological_disorder_in_family
     FROM test_results WHERE id = ?`,
    id,
  );

describe('the player’s forms: provider choice and the medical form', () => {
  it('opt in, choose a provider, play offline, fill the medical form and the questionnaire offline; it all uploads once when back online and the provider counts it', () =>
    withOfflineDevice(async (context) => {
      const page = await context.newPage();
      await page.goto(`${server.url}/home`);
      const optIn = page.getByRole('checkbox', { name: 'Send my result to my healthcare provider' });
      expect(await optIn.isChecked()).toBe(false);
      await shot(page, 'home');
      await optIn.check();
      await page.getByRole('button', { name: 'Start Game' }).click();
      await page.waitForURL('**/addOrganizationPage');
      expect(await page.evaluate(() => JSON.parse(localStorage.getItem('safePassData') ?? '{}'))).toEqual({
        FirstName: 'Guest',
        LastName: 'Player',
        isAddOrganizationChecked: true,
      });

      // The profile, and the provider: Next waits for a choice.
      await page.getByRole('heading', { name: 'Your Profile:' }).waitFor();
      expect(await page.getByTestId('profile-name').textContent()).toBe('Guest Player');
      const next = page.getByRole('button', { name: 'Next' });
      expect(await next.isDisabled()).toBe(true);
      const box = page.getByRole('combobox', { name: PROVIDER_LABEL });
      await expect.poll(() => box.isEnabled()).toBe(true);
      await shot(page, 'provider');
      // Type to filter, arrows and Enter to choose.
      await box.fill('wom');
      await expect.poll(() => page.getByRole('option').allTextContents()).toEqual([PROVIDER.name]);
      await shot(page, 'provider-open');
      await box.press('ArrowDown');
      await box.press('Enter');
      expect(await box.inputValue()).toBe(PROVIDER.name);
      expect(await next.isDisabled()).toBe(false);
      await next.click();
      await page.waitForURL('**/scanQRCode');
      expect(await page.evaluate(() => JSON.parse(localStorage.getItem('safePassData') ?? '{}').organizationId)).toBe(
        providerId,
      );

      // The kit, then the network goes away (the service worker keeps the app).
      await page.getByLabel('Or enter the code printed on your kit').fill('DEMO1');
      await page.getByRole('button', { name: 'Play' }).click();
      await goOfflineWithDemoKit(page, context);
      await playFromLastCard(page);
      await openResult(page);
      const id = await page.evaluate(
        () => (JSON.parse(localStorage.getItem('testResultData') ?? '{}') as { testResultId: string }).testResultId,
      );
      expect(await page.getByTestId('provider').textContent()).toContain(PROVIDER.name);

      // The medical form, from the result page.
      await page.getByRole('link', { name: 'Add your details' }).click();
      await page.waitForURL('**/userMedicationQuestion');
      expect(await stepTitle(page)).toBe('Step 1 of 3: About you');
      // The placeholder is not a name to prefill.
      expect(await page.getByLabel('First name').inputValue()).toBe('');
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByText(MEDICAL_MSG.ageRequired).waitFor();
      await page.getByText(MEDICAL_MSG.raceRequired).waitFor();
      await shot(page, 'medical-1-errors');
      await page.getByLabel('First name').fill('Ann');
      await page.getByLabel('Last name').fill('Lee');
      await page.getByLabel('Age').fill('150');
      await page.getByRole('group', { name: 'Gender' }).getByRole('radio', { name: 'Female' }).check();
      await page.getByLabel('Race/Ethnicity').selectOption('Asian');
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByText(MEDICAL_MSG.ageInvalid).waitFor();
      expect(await stepTitle(page)).toBe('Step 1 of 3: About you');
      await page.getByLabel('Age').fill('42');
      await shot(page, 'medical-1');
      await page.getByRole('button', { name: 'Next' }).click();
      await expect.poll(() => stepTitle(page)).toBe('Step 2 of 3: Diagnosed disorders');

      // Each question is required.
      await page.getByRole('button', { name: 'Next' }).click();
      await expect.poll(() => page.getByText(MEDICAL_MSG.optionRequired).count()).toBe(5);
      await shot(page, 'medical-2-errors');
      await answer(page, "Alzheimer's disease", false);
      await answer(page, "Parkinson's disease", true);
      await answer(page, 'Head injury or concussion', false);
      await answer(page, 'Sinus or nasal disease', true);
      await answer(page, 'Other neurological disorder', false);
      await shot(page, 'medical-2');
      await page.getByRole('button', { name: 'Next' }).click();
      await expect.poll(() => stepTitle(page)).toBe('Step 3 of 3: Family history');
      // The result has its provider: none is offered here.
      expect(await page.getByRole('checkbox', { name: 'Send my result to a provider' }).count()).toBe(0);

      // Back keeps the answers; Submit with one missing goes to the step that misses it.
      await page.getByRole('button', { name: 'Back' }).click();
      await expect.poll(() => stepTitle(page)).toBe('Step 2 of 3: Diagnosed disorders');
      expect(
        await page
          .getByRole('group', { name: "Parkinson's disease", exact: true })
          .getByRole('radio', { name: 'Yes' })
          .isChecked(),
      ).toBe(true);
      await page.getByRole('button', { name: 'Next' }).click();
      await answer(page, "Alzheimer's disease", true);
      await answer(page, "Parkinson's disease", false);
      await shot(page, 'medical-3');
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.getByText(MEDICAL_MSG.optionRequired).waitFor();
      expect(await stepTitle(page)).toBe('Step 3 of 3: Family history');
      await answer(page, 'Other neurological disorder', false);
      await page.getByRole('button', { name: 'Submit' }).click();

      // Kept on the device; the result page shows the answers at once.
      await page.getByRole('status').filter({ hasText: 'Saved on this device' }).waitFor({ timeout: 20_000 });
      await page.waitForURL('**/result');
      await page.getByRole('heading', { name: 'Passed' }).waitFor();
      expect(await resultRow(page, 'Name')).toBe('Ann Lee');
      expect(await resultRow(page, 'Age')).toBe('42');
      expect(await resultRow(page, 'Gender')).toBe('Female');
      expect(await resultRow(page, 'Race')).toBe('Asian');
      expect(await resultRow(page, 'Reported disorders')).toBe("Parkinson's disease, Sinus or nasal disease");
      expect(await resultRow(page, 'Family history')).toBe("Alzheimer's disease");
      expect(await page.getByTestId('provider').textContent()).toContain(PROVIDER.name);
      // Marked as waiting to upload, and never offered again.
      await page.getByTestId('medical-waiting').waitFor();
      expect(await page.getByRole('link', { name: 'Add your details' }).count()).toBe(0);
      expect(resultRowFromDb(id)).toEqual([]);
      await shot(page, 'result');

      // The questionnaire too, still offline.
      await page.getByRole('button', { name: 'Answer the COVID-19 questions' }).click();
      await page.waitForURL('**/additionalQuestion');
      for (const value of ['Yes', 'No', 'No', 'No', 'Yes']) {
        await page.getByRole('button', { name: value, exact: true }).click();
      }
      await page.waitForURL('**/additionalQuestionDetails');
      await page
        .getByRole('link', { name: /result/i })
        .first()
        .click();
      await page.waitForURL('**/result');
      const countsBefore = await providerCounts();

      // Back online: the result, then its medical form, reach the server once.
      await context.setOffline(false);
      await page.evaluate(() => window.dispatchEvent(new Event('online')));
      await expect.poll(() => resultRowFromDb(id)[0]?.age ?? null, { timeout: 30_000 }).toBe(42);
      expect(server.sql('SELECT id FROM test_results')).toHaveLength(1);
      expect(resultRowFromDb(id)).toEqual([
        {
          first_name: 'Ann',
          last_name: 'Lee',
          organization_id: providerId,
          age: 42,
          gender: 'Female',
          race: 'Asian',
          is_alzheimer_disease: 0,
          is_parkinson_disease: 1,
          is_head_injuries_concussion: 0,
          is_sino_nasal_disease: 1,
          is_other_neurological_disorder: 0,
          is_alzheimer_disease_in_family: 1,
          is_parkinson_disease_in_family: 0,
          is_other_neurological_disorder_in_family: 0,
        },
      ]);
      await expect.poll(() => page.getByTestId('waiting-count').textContent(), { timeout: 30_000 }).toBe('0');
      // The five answers once, and the provider's own dashboard counts the result.
      expect(
        server
          .sql<{ answer: string }>(
            'SELECT answer FROM questionnaire_answers WHERE test_result_id = ? ORDER BY sort_order',
            id,
          )
          .map((r) => r.answer),
      ).toEqual(['Yes', 'No', 'No', 'No', 'Yes']);
      expect(await providerCounts()).toMatchObject({ totalTestCount: countsBefore.totalTestCount + 1 });
      // Uploaded: the same details, now "Details sent ✓" and read-only; the questionnaire answered.
      await page.getByTestId('medical-sent').waitFor({ timeout: 30_000 });
      await page.reload();
      await page.getByText('COVID-19 questions answered ✓').waitFor();
      await page.getByTestId('medical-sent').waitFor();
      expect(await resultRow(page, 'Age')).toBe('42');
    }));

  it('without the opt-in: straight to the scanner; the medical form offers the provider and sends it online', () =>
    withContext(async (context) => {
      const page = await context.newPage();
      await page.goto(`${server.url}/home`);
      await page.getByRole('button', { name: 'Start Game' }).click();
      await page.waitForURL('**/scanQRCode');
      expect(await page.evaluate(() => JSON.parse(localStorage.getItem('safePassData') ?? '{}'))).toMatchObject({
        isAddOrganizationChecked: false,
      });
      await page.getByLabel('Or enter the code printed on your kit').fill('DEMO1');
      await page.getByRole('button', { name: 'Play' }).click();
      await page.getByRole('heading', { name: 'SCENT 1' }).waitFor();
      await playFromLastCard(page);
      await openResult(page);
      expect(await page.getByTestId('provider').count()).toBe(0);
      const id = await page.evaluate(
        () => (JSON.parse(localStorage.getItem('testResultData') ?? '{}') as { testResultId: string }).testResultId,
      );
      await expect.poll(() => server.sql('SELECT id FROM test_results WHERE id = ?', id).length).toBe(1);

      await page.getByRole('link', { name: 'Add your details' }).click();
      await page.getByLabel('First name').fill('Bo');
      await page.getByLabel('Last name').fill('Park');
      await page.getByLabel('Age').fill('67');
      await page.getByRole('group', { name: 'Gender' }).getByRole('radio', { name: 'Male', exact: true }).check();
      await page.getByLabel('Race/Ethnicity').selectOption('White');
      await page.getByRole('button', { name: 'Next' }).click();
      for (const q of [
        "Alzheimer's disease",
        "Parkinson's disease",
        'Head injury or concussion',
        'Sinus or nasal disease',
        'Other neurological disorder',
      ]) {
        await answer(page, q, false);
      }
      await page.getByRole('button', { name: 'Next' }).click();
      for (const q of ["Alzheimer's disease", "Parkinson's disease", 'Other neurological disorder']) {
        await answer(page, q, false);
      }
      // The provider, optional here: ticked, it must be chosen.
      await page.getByRole('checkbox', { name: 'Send my result to a provider' }).check();
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.getByText('Please choose a provider').waitFor();
      const box = page.getByRole('combobox', { name: PROVIDER_LABEL });
      await box.click();
      await expect.poll(() => page.getByRole('option').allTextContents()).toEqual([OTHER_PROVIDER, PROVIDER.name]);
      await shot(page, 'medical-3-provider');
      await page.getByRole('option', { name: OTHER_PROVIDER }).click();
      expect(await box.inputValue()).toBe(OTHER_PROVIDER);
      await page.getByRole('button', { name: 'Submit' }).click();

      await page.getByRole('status').filter({ hasText: MEDICAL_MSG.saved }).waitFor({ timeout: 20_000 });
      await page.waitForURL('**/result');
      expect(await page.getByTestId('provider').textContent()).toContain(OTHER_PROVIDER);
      expect(await resultRow(page, 'Reported disorders')).toBe('None');
      const [row] = resultRowFromDb(id);
      expect(row).toMatchObject({
        first_name: 'Bo',
        last_name: 'Park',
        organization_id: otherProviderId,
        age: 67,
        gender: 'Male',
        race: 'White',
        is_parkinson_disease: 0,
      });
    }));

  it('the provider list needs a connection once; the profile page needs a player, the form a result', () =>
    withContext(async (context) => {
      const page = await context.newPage();
      await page.goto(`${server.url}/addOrganizationPage`);
      await page.waitForURL('**/home');
      await page.goto(`${server.url}/userMedicationQuestion`);
      await page.waitForURL('**/home');

      // No kept list and no network: it says so, and loads by itself once back online.
      await page.route('**/api/Organization/DropDownOrganization', (route) => route.abort('internetdisconnected'));
      await page.getByRole('checkbox', { name: 'Send my result to my healthcare provider' }).check();
      await page.getByRole('button', { name: 'Start Game' }).click();
      await page.waitForURL('**/addOrganizationPage');
      await page.getByTestId('organizations-offline').waitFor();
      expect(await page.getByRole('combobox', { name: PROVIDER_LABEL }).isDisabled()).toBe(true);
      expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
      await shot(page, 'provider-offline');
      await page.unroute('**/api/Organization/DropDownOrganization');
      await page.evaluate(() => window.dispatchEvent(new Event('online')));
      const box = page.getByRole('combobox', { name: PROVIDER_LABEL });
      await expect.poll(() => box.isEnabled()).toBe(true);
      expect(await page.getByTestId('organizations-offline').count()).toBe(0);
    }));
});

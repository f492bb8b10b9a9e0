import { QUESTIONNAIRE_QUESTIONS } from '@scentry/shared-schema';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { serverAndBrowser } from './support/journey';
import { playDemoFast } from './support/player';
import { auditScreen, scrollsSideways, settled, shoot, smallTargets } from './support/ux';

/**
 * Issue 23, the minutes after play in Spanish: a device whose language is Spanish plays the demo
 * kit and reads /pass, /result, the medical form, the questionnaire, the e-mail dialog and a
 * legal text in Spanish (`<html lang="es">`); a server message (English, the contract) is shown in
 * Spanish; switching to English on /result keeps the result; every screen works at 320 px with
 * 200 % text, with 44 px targets, and axe finds nothing. (The PDF's and e-mail's Spanish are the
 * report journeys'.)
 */

// One recipient per result: the second address gets the server's refusal (REPORT_MSG.sentToMany).
const shared = serverAndBrowser({ SEED_DEMO: 'on', EMAILS_PER_RESULT: '1' });

/** The browser's own text setting at 200 % (Chromium's default font size 32 px), checked as applied. */
async function browserText200(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Page.setFontSizes', { fontSizes: { standard: 32, fixed: 26 } });
  await cdp.detach();
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('32px');
}

async function browserText100(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Page.setFontSizes', { fontSizes: { standard: 16, fixed: 13 } });
  await cdp.detach();
}

/** What spills past the right edge of the screen (boxes, or words too long for their line). */
const overflowing = (page: Page) =>
  page.evaluate(() => {
    const vw = document.documentElement.clientWidth;
    const out = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((e) => e.getBoundingClientRect().right > vw + 1)
      .map((e) => `${e.tagName.toLowerCase()}.${e.className} ${(e.textContent ?? '').trim().slice(0, 30)}`);
    return out.slice(0, 5);
  });

/**
 * The screen in Spanish as a person would check it: `lang="es"`, axe clean and 44 px targets at
 * 390 px; at 320 px with 200 % text, nothing sideways and targets still 44 px. Screenshots of both.
 */
async function lookAt(page: Page, name: string) {
  expect(await page.evaluate(() => document.documentElement.lang), name).toBe('es');
  await auditScreen(page, `es-${name}`, { viewports: [{ width: 390, height: 844 }] });

  await page.setViewportSize({ width: 320, height: 568 });
  await browserText200(page);
  await settled(page);
  const small = `${name} at 320 px, 200 % text`;
  const over = await overflowing(page);
  const sideways = await scrollsSideways(page);
  const tiny = await smallTargets(page, 44);
  const shot = await shoot(page, `es-${name}-200`);
  expect(over, `${small} (${shot})`).toEqual([]);
  expect(sideways, small).toBe(false);
  expect(tiny, small).toEqual([]);
  await browserText100(page);
  await page.setViewportSize({ width: 390, height: 844 });
}

describe('a Spanish device after play', () => {
  it('reads /pass, /result, the medical form, the questionnaire and the legal texts in Spanish; a server message in Spanish; English on demand keeps the result', async () => {
    const context = await shared.browser.newContext({
      locale: 'es-ES',
      timezoneId: 'Europe/Madrid',
      viewport: { width: 390, height: 844 },
    });
    try {
      const page = await context.newPage();
      const u = shared.server.url;
      // Play in Spanish is the card screens' journey (spanish.e2e.ts): here it starts at the last card.
      await playDemoFast(page, u);

      // /pass
      await page.waitForURL('**/pass');
      await page.getByRole('heading', { level: 1, name: '¡Muy bien!' }).waitFor();
      expect(await page.getByTestId('score').textContent()).toBe('4 de 5 aromas acertados');
      await page.getByText('¡Reúna todas las tarjetas para tener más oportunidades de ganar!').waitFor();
      expect(await page.getByTestId('meaning').textContent()).toContain('no descarta un problema');
      await page.getByRole('link', { name: 'Jugar otra vez' }).waitFor();
      await lookAt(page, 'pass');

      // /result
      await page.getByRole('link', { name: 'Ver mi resultado', exact: true }).click();
      await page.waitForURL('**/result');
      expect(await page.locator('#result-title').textContent()).toBe('Aprobado');
      await page.getByRole('button', { name: 'Descargar PDF' }).waitFor();
      await page.getByRole('heading', { name: 'Sus tarjetas' }).waitFor();
      // The device's own clock (Madrid) in the Spanish (US) locale: day first, with its zone.
      const completed = (await page.getByTestId('completed').textContent()) ?? '';
      expect(completed).toMatch(/^\d{2}\/\d{2}\/\d{4}, \d{1,2}:\d{2}\s[ap]\.\s?m\.\sGMT\+[12]$/);
      await lookAt(page, 'result');
      const id = await page.evaluate(
        () => (JSON.parse(localStorage.getItem('testResultData') ?? '{}') as { testResultId: string }).testResultId,
      );
      await expect
        .poll(() => shared.server.sql('SELECT id FROM test_results WHERE id = ?', id).length, { timeout: 20_000 })
        .toBe(1);

      // The e-mail dialog: its own check in Spanish, then the server's answers in Spanish.
      const emailButton = page.getByRole('button', { name: 'Recibir por correo electrónico' });
      const dialog = page.getByRole('dialog', { name: 'Recibir por correo electrónico' });
      await emailButton.click();
      await dialog.getByLabel('Correo electrónico').fill('no-es-un-correo');
      await dialog.getByRole('button', { name: 'Aceptar' }).click();
      await dialog.getByText('¡Ingrese un correo electrónico válido!').waitFor();
      await lookAt(page, 'email-dialog');
      await dialog.getByLabel('Correo electrónico').fill('ana@example.com');
      await dialog.getByRole('button', { name: 'Aceptar' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: 'Resultado enviado correctamente' })
        .waitFor({ timeout: 20_000 });
      // A second recipient: the server refuses in English (the contract), the player reads Spanish.
      await expect.poll(() => emailButton.isEnabled(), { timeout: 20_000 }).toBe(true);
      await emailButton.click();
      await dialog.getByLabel('Correo electrónico').fill('luis@example.com');
      await dialog.getByRole('button', { name: 'Aceptar' }).click();
      const refusal = page.locator('.toast').filter({ hasText: 'Este resultado ya se envió a 1 direcciones' });
      await refusal.waitFor({ timeout: 20_000 });
      expect(await page.locator('.toast').filter({ hasText: 'This result was already sent' }).count()).toBe(0);

      // The medical form in Spanish; the values sent stay the contract's English.
      await page.getByRole('link', { name: 'Agregar sus datos' }).click();
      await page.waitForURL('**/userMedicationQuestion');
      await page.getByRole('heading', { level: 1, name: 'Antecedentes médicos y familiares' }).waitFor();
      expect(await page.getByTestId('medical-step').textContent()).toBe('Paso 1 de 3: Sobre usted');
      await page.getByRole('button', { name: 'Siguiente' }).click();
      await page.getByText('Ingrese su nombre.').waitFor();
      await page.getByText('Ingrese la edad.').waitFor();
      await lookAt(page, 'medical-errors');
      await page.getByLabel('Nombre', { exact: true }).fill('Ana');
      await page.getByLabel('Apellido').fill('García Núñez');
      await page.getByLabel('Edad').fill('41');
      await page.getByRole('group', { name: 'Género' }).getByRole('radio', { name: 'Femenino' }).check();
      await page.getByLabel('Raza u origen étnico').selectOption({ label: 'Hispana o latina' });
      await page.getByRole('button', { name: 'Siguiente' }).click();
      await page.getByTestId('medical-step').filter({ hasText: 'Paso 2 de 3' }).waitFor();
      await page.getByRole('group', { name: 'Enfermedad de Alzheimer' }).waitFor();
      await lookAt(page, 'medical-step-2');
      for (const radio of await page.getByRole('radio', { name: 'No', exact: true }).all()) await radio.check();
      await page.getByRole('button', { name: 'Siguiente' }).click();
      await page.getByTestId('medical-step').filter({ hasText: 'Paso 3 de 3' }).waitFor();
      for (const radio of await page.getByRole('radio', { name: 'No', exact: true }).all()) await radio.check();
      await page.getByRole('button', { name: 'Enviar' }).click();
      await page.getByRole('status').filter({ hasText: 'Información médica guardada' }).waitFor({ timeout: 20_000 });
      await page.waitForURL('**/result');
      await page.getByTestId('medical-sent').waitFor();
      expect(await page.getByTestId('medical-sent').getByRole('heading').textContent()).toBe('Datos enviados ✓');
      expect(shared.server.sql('SELECT gender, race FROM test_results WHERE id = ?', id)).toEqual([
        { gender: 'Female', race: 'Hispanic or Latino' },
      ]);
      await page.getByTestId('medical-sent').getByText('Femenino').waitFor();

      // The questionnaire in Spanish; the server stores the questions' English text (the contract).
      await page.getByRole('button', { name: 'Responder las preguntas sobre COVID-19' }).click();
      await page.waitForURL('**/additionalQuestion');
      await page.getByRole('heading', { level: 1, name: 'Preguntas adicionales' }).waitFor();
      expect(await page.getByTestId('question').textContent()).toContain(
        '¿Ha notado un cambio en su sentido del olfato o del gusto?',
      );
      await lookAt(page, 'questionnaire');
      for (let i = 0; i < 5; i++) {
        await page
          .getByTestId('question')
          .filter({ hasText: `Pregunta ${i + 1} de 5` })
          .waitFor();
        await page.getByRole('button', { name: i === 0 ? 'Sí' : 'No', exact: true }).click();
      }
      await page.waitForURL('**/additionalQuestionDetails');
      await page.getByRole('heading', { level: 1, name: 'Sus respuestas al cuestionario' }).waitFor();
      const rows = await page.getByTestId('answer-row').allTextContents();
      expect(rows[0]).toContain('¿Ha notado un cambio en su sentido del olfato o del gusto?');
      expect(rows[0]).toContain('Sí');
      expect(await page.getByTestId('answered-at').textContent()).toMatch(/^Respondido el \d{2}\/\d{2}\/\d{4}/);
      await lookAt(page, 'questionnaire-details');
      await expect
        .poll(() =>
          shared.server.sql<{ question: string; answer: string }>(
            'SELECT question, answer FROM questionnaire_answers WHERE test_result_id = ? ORDER BY sort_order',
            id,
          ),
        )
        .toEqual(QUESTIONNAIRE_QUESTIONS.map((question, i) => ({ question, answer: i === 0 ? 'Yes' : 'No' })));

      // A legal text in Spanish (its own chunk), with the table of contents.
      await page.goto(`${u}/legal/hipaa`);
      await page.getByRole('heading', { level: 1, name: 'Autorización HIPAA' }).waitFor();
      await page.getByTestId('legal-parts').waitFor();
      expect(await page.getByTestId('legal-parts').locator(':scope > li').count()).toBe(6);
      await page.getByText('Su derecho a revocarla').waitFor();
      await lookAt(page, 'legal-hipaa');

      // /summary and the profile screen before a play (the provider choice) in Spanish too.
      await page.goto(`${u}/summary`);
      await page.getByRole('heading', { level: 1, name: 'Su resumen' }).waitFor();
      expect(await page.getByTestId('average-intensity').textContent()).toBe('3.0 (Moderado)');
      await lookAt(page, 'summary');
      await page.goto(`${u}/addOrganizationPage`);
      await page.getByRole('heading', { level: 1, name: 'Su perfil:' }).waitFor();
      await page.getByRole('button', { name: 'Siguiente' }).waitFor();
      await lookAt(page, 'profile');

      // English on /result: the same result, now in English; the choice is kept.
      await page.goto(`${u}/result`);
      expect(await page.locator('#result-title').textContent()).toBe('Aprobado');
      await page.locator('label.language-option', { hasText: 'English' }).click();
      await expect.poll(() => page.locator('#result-title').textContent()).toBe('Passed');
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
      expect(await page.getByTestId('score').textContent()).toBe('4 of 5 scents named correctly');
      expect(await page.evaluate(() => JSON.parse(localStorage.getItem('testResultData') ?? '{}').testResultId)).toBe(
        id,
      );
      await page.getByTestId('medical-sent').getByText('Female').waitFor();
      await page.reload();
      await expect.poll(() => page.locator('#result-title').textContent()).toBe('Passed');
    } finally {
      await context.close();
    }
  });
});

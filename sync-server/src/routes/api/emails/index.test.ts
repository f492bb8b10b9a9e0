import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type EmailKind,
  type KitDoc,
  MSG,
  makeWriteKey,
  PLAY_MSG,
  QUESTIONNAIRE_QUESTIONS,
  REPORT_MSG,
} from '@scentry/shared-schema';
import { translator } from '@scentry/shared-schema/i18n/translator';
import { renderReportPdfBytes } from '@scentry/shared-schema/result-document';
import { simpleParser } from 'mailparser';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_UNAVAILABLE_MSG } from '../../../services/emails';
import { expectReply, insertResult } from '../../../test/catalogue';
import { makeTestApp, type TestApp } from '../../../test/helpers';
import { emailForm, freePort, makePdf, startSmtp, type TestSmtp } from '../../../test/mail';
import { answersFor, DEMO_ENV, liveKit, saveBody } from '../../../test/play';

const RESULT_URL = '/api/TestResult/SendResultInEmail';
const QUESTIONNAIRE_URL = '/api/TestResult/SendQuestionnaireResultInEmail';
const PUSH_URL = '/api/sync/emails/push';
const MAIL_FROM = 'Scentry Test <reports@scentry.test>';
const PUBLIC_URL = 'https://scentry.example.org';
const ENV = { ...DEMO_ENV, MAIL_FROM, PUBLIC_URL };

let seq = 0;
/** A recipient no other test writes to (the hourly limit is per recipient). */
const recipient = () => `pat.${++seq}.${Date.now()}@example.com`;

/** The text of a PDF, by Debian's poppler-utils (as the report's own tests read it). */
function pdfText(pdf: Buffer): string {
  if (!existsSync('/usr/bin/pdftotext'))
    throw new Error('/usr/bin/pdftotext is missing: apt-get install -y poppler-utils to test the PDF');
  const dir = mkdtempSync(path.join(tmpdir(), 'scentry-mail-pdf-'));
  try {
    const file = path.join(dir, 'attachment.pdf');
    writeFileSync(file, pdf);
    return execFileSync('/usr/bin/pdftotext', ['-raw', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A real PDF that says what a forger would like sent: the caller's `file`, which must be ignored. */
const forgedPdf = async (): Promise<Buffer> =>
  Buffer.from(
    await renderReportPdfBytes(
      {
        resultId: '00000000-0000-4000-8000-000000000000',
        status: 'Pass',
        rightAnswerCount: 5,
        cardCount: 5,
        playerName: 'Mallory Forger',
        playedAt: '2020-01-01T12:00:00Z',
        kitName: 'EVILKIT',
        provider: null,
        age: null,
        gender: null,
        race: null,
        disorders: null,
        familyHistory: null,
        cards: [],
        verifyUrl: 'http://evil.example/verify/now',
      },
      new Map(),
      { t: translator('en'), language: 'en' },
    ),
  );

function sendForm(t: TestApp, url: string, model: unknown, file?: Buffer | null) {
  const form = emailForm(model, file);
  return t.app.inject({ method: 'POST', url, headers: form.headers, payload: form.payload });
}

function pushDocs(t: TestApp, docs: unknown[]) {
  return t.app.inject({
    method: 'POST',
    url: PUSH_URL,
    payload: docs.map((doc) => ({ assumedMasterState: null, newDocumentState: doc })),
  });
}

const emailRows = (t: TestApp, id?: string) => {
  let q = t.app.db.selectFrom('emails').selectAll();
  if (id) q = q.where('id', '=', id);
  return q.execute();
};

interface Stored {
  id: string;
  writeKey: string | null;
}

/** A result stored through SaveTestResult (4 of 5 right) with a write key. */
async function storeResult(t: TestApp, kit: KitDoc, { first = 'Ada', last = 'Lovelace' } = {}): Promise<Stored> {
  const body = saveBody(kit, answersFor(kit, 4), { FirstName: first, LastName: last, WriteKey: makeWriteKey() });
  const res = await t.app.inject({ method: 'POST', url: '/api/TestResult/SaveTestResult', payload: body });
  const data = expectReply<{ testResultId: string; writeKey: string | null }>(res, 200, 'Success').data;
  return { id: data.testResultId, writeKey: data.writeKey };
}

async function storeQuestionnaire(t: TestApp, result: Stored): Promise<void> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/TestResult/SaveQuestionnaireResult',
    payload: {
      TestResultId: result.id,
      WriteKey: result.writeKey,
      QuestionnaireListDetails: QUESTIONNAIRE_QUESTIONS.map((Question, i) => ({ Question, Answer: i ? 'No' : 'Yes' })),
    },
  });
  expectReply(res, 200, 'Success');
}

const modelFor = (result: Stored, extra: Record<string, unknown> = {}) => ({
  Email: recipient(),
  TestResultId: result.id,
  WriteKey: result.writeKey,
  Id: randomUUID(),
  ...extra,
});

const docFor = (result: Stored, kind: EmailKind, extra: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  testResultId: result.id,
  writeKey: result.writeKey,
  kind,
  email: recipient(),
  ...extra,
});

describe('report e-mails through SMTP: the server makes the attachment and writes the text', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  let kit: KitDoc;
  const sent = () => smtp.received.length;
  const last = () => smtp.received[smtp.received.length - 1];

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await makeTestApp({ env: { ...ENV, SMTP_URL: smtp.url } });
    kit = await liveKit(t.app, 'DEMO1');
  });
  afterAll(async () => {
    await t.cleanup();
    await smtp.close();
  });

  it("sends the stored record's report, made by the server: the caller's file, name and date are ignored", async () => {
    const result = await storeResult(t, kit);
    const m = modelFor(result, { Name: 'Hello Visit http://evil.example now', Date: '01/01/2020' });
    const res = await sendForm(t, RESULT_URL, m, await forgedPdf());
    expect(expectReply(res, 200, 'Success', REPORT_MSG.resultSent).data).toBeNull();

    expect(sent()).toBe(1);
    const { envelopeTo, ehlo, mail } = last();
    expect(envelopeTo).toEqual([m.Email]);
    // Addressed to the bare address, from MAIL_FROM, greeting PUBLIC_URL's host, sent automatically.
    expect(mail.to && !Array.isArray(mail.to) && mail.to.value).toEqual([{ name: '', address: m.Email }]);
    expect(mail.from?.value).toEqual([{ name: 'Scentry Test', address: 'reports@scentry.test' }]);
    expect(ehlo).toBe('scentry.example.org');
    expect(mail.headers.get('auto-submitted')).toBe('auto-generated');

    const stored = await t.app.db
      .selectFrom('testResults')
      .select(['playedAt', 'rightAnswerCount'])
      .where('id', '=', result.id)
      .executeTakeFirstOrThrow();
    const day = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Los_Angeles',
      month: '2-digit',
      day: '2-digit',
      year: 'numeric',
    }).format(new Date(stored.playedAt));
    const fileName = `Scentry-result-${day.replaceAll('/', '-')}.pdf`;
    expect(mail.subject).toBe('Your Scentry smell screening result');
    expect(mail.text).toMatch(/^Hello,\n/);
    expect(mail.text).toContain(`played on ${day}, Pacific Time (${fileName})`);
    expect(mail.text).toContain('not a diagnosis');
    // The text names no one and carries nothing the caller wrote.
    for (const absent of ['Ada', 'Lovelace', 'evil.example', 'Hello Visit', '01/01/2020', 'http'])
      expect(mail.text, absent).not.toContain(absent);

    expect(mail.attachments).toHaveLength(1);
    const [attachment] = mail.attachments;
    expect(attachment.filename).toBe(fileName);
    expect(attachment.contentType).toBe('application/pdf');
    const text = pdfText(attachment.content);
    expect(text).toContain('Ada Lovelace');
    expect(text).toContain('DEMO1');
    expect(stored.rightAnswerCount).toBe(4);
    expect(text).toContain('4 of 5 scents named correctly');
    expect(text).toContain(result.id.slice(0, 8));
    for (const card of kit.cards) expect(text).toContain(card.name);
    for (const forged of ['Mallory', 'EVILKIT', 'evil.example']) expect(text, forged).not.toContain(forged);
    // The option pictures were read from DATA_DIR/uploads and embedded.
    expect(attachment.content.toString('latin1')).toContain('/Subtype /Image');

    const [row] = await emailRows(t, m.Id);
    expect(row).toMatchObject({ kind: 'result', testResultId: result.id, recipient: m.Email, delivered: 'smtp' });
    // The client's address is kept only as a keyed hash.
    expect(row.clientKey).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.stringify(await emailRows(t))).not.toContain('127.0.0.1');
    expect(t.logs().toLowerCase()).not.toContain(m.Email.toLowerCase());
  });

  it('prints names of every script in the attachments (the work thread embeds their fonts), as pdftotext gives them back', async () => {
    const names: Array<[string, string]> = [
      ['李', '雷'],
      ['Ольга-Łucja', 'Ελένη'],
      ['محمد', 'العربي'],
      ['देवनागरी', '김민준'],
      ['山田', 'עברית'],
    ];
    for (const [first, family] of names) {
      const result = await storeResult(t, kit);
      // Straight into the stored record: the names' own validation is another change's.
      await t.app.db
        .updateTable('testResults')
        .set({ firstName: first, lastName: family })
        .where('id', '=', result.id)
        .execute();
      expectReply(await sendForm(t, RESULT_URL, modelFor(result)), 200, 'Success');
      // NFC, without poppler's bidi embedding marks around right-to-left words.
      const text = pdfText(last().mail.attachments[0].content)
        .normalize('NFC')
        .replace(/[\u202a-\u202e]/g, '');
      for (const part of [first, family]) expect(text, part).toContain(part.normalize('NFC'));
      // A right-to-left name comes back whole, in its order ("العرب ي" once: issue 39).
      if (first === 'محمد') expect(text).toContain('محمد العربي');
      expect(text).not.toContain('U+');
      expect(text).not.toContain('?');
    }
    // Names stored before the name rule that break it are never printed (API.md "People's names").
    const forged = await storeResult(t, kit);
    await t.app.db
      .updateTable('testResults')
      .set({ firstName: 'www.evil.example/win', lastName: 'Call 5550100' })
      .where('id', '=', forged.id)
      .execute();
    expectReply(await sendForm(t, RESULT_URL, modelFor(forged)), 200, 'Success');
    const printed = pdfText(last().mail.attachments[0].content);
    expect(printed).toContain('Guest Player');
    for (const s of ['evil', '5550100']) expect(printed).not.toContain(s);

    const result = await storeResult(t, kit);
    await t.app.db
      .updateTable('testResults')
      .set({ firstName: 'محمد', lastName: '李雷' })
      .where('id', '=', result.id)
      .execute();
    await storeQuestionnaire(t, result);
    expectReply(await sendForm(t, QUESTIONNAIRE_URL, modelFor(result), makePdf()), 200, 'Success');
    const text = pdfText(last().mail.attachments[0].content).replace(/[\u202a-\u202e]/g, '');
    expect(text).toContain('محمد');
    expect(text).toContain('李雷');
  });

  it('writes the text and the attachment in Spanish when asked (`Language` es, any case); older clients without a file are served alike', async () => {
    const result = await storeResult(t, kit);
    expectReply(await sendForm(t, RESULT_URL, modelFor(result, { Language: 'ES' })), 200, 'Success');
    const { mail } = last();
    expect(mail.subject).toBe('Su resultado de la prueba de olfato de Scentry');
    expect(mail.text).toMatch(/^Hola:\n/);
    expect(mail.text).toMatch(/realizada el \d{1,2} de [a-z]+ de \d{4}, hora del Pacífico/);
    expect(mail.text).toContain('no es un diagnóstico');
    expect(mail.text).not.toContain('Ada');
    expect(mail.text).not.toContain('Pacific Time');
    const text = pdfText(mail.attachments[0].content);
    expect(text).toContain('Ada Lovelace');
    for (const spanish of [
      'Resultado de la prueba de olfato',
      '4 de 5 aromas acertados',
      'APROBADO',
      'Hora del Pacífico',
    ])
      expect(text, spanish).toContain(spanish);
    // The played-at date in words, in Los Angeles; the product labels as they are.
    expect(text).toMatch(
      /\d{1,2} de (enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre) de \d{4}/,
    );
    expect(text).toContain('OLFACTORY TEST KIT');
    for (const english of ['scents named correctly', 'Pacific Time', 'Screening result', 'Powered by'])
      expect(text, english).not.toContain(english);

    // `en` and no Language at all: English, text and attachment.
    for (const extra of [{ Language: 'en' }, {}]) {
      expectReply(await sendForm(t, RESULT_URL, modelFor(result, extra)), 200, 'Success');
      const english = last().mail;
      expect(english.subject).toBe('Your Scentry smell screening result');
      expect(english.text).toMatch(/^Hello,\n/);
      const pdf = pdfText(english.attachments[0].content);
      expect(pdf).toContain('4 of 5 scents named correctly');
      expect(pdf).not.toContain('aromas');
    }

    const bad = await sendForm(t, RESULT_URL, modelFor(result, { Language: 'fr' }));
    expectReply(bad, 400, 'Failure', MSG.invalidRequest);
  });

  it('e-mails the stored questionnaire (404 until it is stored), by form and by push', async () => {
    const result = await storeResult(t, kit);
    const before = sent();
    const early = await sendForm(t, QUESTIONNAIRE_URL, modelFor(result), makePdf());
    expectReply(early, 404, 'Failure', REPORT_MSG.questionnaireNotSynced);
    const earlyPush = await pushDocs(t, [docFor(result, 'questionnaire')]);
    expectReply(earlyPush, 404, 'Failure', REPORT_MSG.questionnaireNotSynced);
    expect(sent()).toBe(before);

    await storeQuestionnaire(t, result);
    expectReply(
      await sendForm(t, QUESTIONNAIRE_URL, modelFor(result), makePdf()),
      200,
      'Success',
      REPORT_MSG.questionnaireSent,
    );
    const { mail } = last();
    expect(mail.subject).toBe('Your Scentry questionnaire answers');
    expect(mail.attachments[0].filename).toMatch(/^Scentry-questionnaire-\d\d-\d\d-\d{4}\.pdf$/);
    const text = pdfText(mail.attachments[0].content);
    expect(text).toContain('Ada Lovelace');
    expect(text).toContain(QUESTIONNAIRE_QUESTIONS[0]);
    expect(expectReply(await pushDocs(t, [docFor(result, 'questionnaire')]), 200, 'Success').data).toEqual([]);
    expect(sent()).toBe(before + 2);

    // Pushed from a Spanish device: subject, text and attachment in Spanish, questions too.
    const doc = docFor(result, 'questionnaire', { language: 'es' });
    expect(expectReply(await pushDocs(t, [doc]), 200, 'Success').data).toEqual([]);
    const spanish = last().mail;
    expect(spanish.subject).toBe('Sus respuestas al cuestionario de Scentry');
    expect(spanish.text).toMatch(/^Hola:\n/);
    const pdf = pdfText(spanish.attachments[0].content);
    for (const s of [
      'Cuestionario de COVID-19',
      '¿Ha notado un cambio en su sentido del olfato o del gusto?',
      'Sí',
      'Respuesta',
    ])
      expect(pdf, s).toContain(s);
    expect(pdf).not.toContain(QUESTIONNAIRE_QUESTIONS[0]);
    expect(pdf).not.toContain('Questions and answers');
  });

  it('writes a pushed result e-mail in the language of its document', async () => {
    const result = await storeResult(t, kit);
    const doc = docFor(result, 'result', { language: 'es' });
    expect(expectReply(await pushDocs(t, [doc]), 200, 'Success').data).toEqual([]);
    const { mail, envelopeTo } = last();
    expect(envelopeTo).toEqual([doc.email]);
    expect(mail.subject).toBe('Su resultado de la prueba de olfato de Scentry');
    expect(mail.text).toContain('hora del Pacífico');
    expect(pdfText(mail.attachments[0].content)).toContain('aromas acertados');
  });

  it('refuses an e-mail for a result the server does not hold: 404, by form and by push (the device retries)', async () => {
    const before = sent();
    const ghost = { id: randomUUID(), writeKey: makeWriteKey() };
    const m = modelFor(ghost);
    expectReply(await sendForm(t, RESULT_URL, m, makePdf()), 404, 'Failure', REPORT_MSG.resultNotSynced);
    const doc = docFor(ghost, 'result', { pdfBase64: makePdf().toString('base64') });
    expectReply(await pushDocs(t, [doc]), 404, 'Failure', REPORT_MSG.resultNotSynced);
    // Without a result id at all it is not an e-mail request.
    const { TestResultId: _, ...noResult } = m;
    expectReply(await sendForm(t, RESULT_URL, noResult), 400, 'Failure', MSG.invalidRequest);
    expect(sent()).toBe(before);
    expect(await emailRows(t, m.Id)).toEqual([]);
  });

  it("refuses a keyed result's e-mail without its key or with a wrong one: 403, or rejected in the push", async () => {
    const result = await storeResult(t, kit);
    const before = sent();
    for (const writeKey of [undefined, null, makeWriteKey()]) {
      const res = await sendForm(t, RESULT_URL, modelFor(result, { WriteKey: writeKey }), makePdf());
      expectReply(res, 403, 'Failure', PLAY_MSG.notAllowedForResult);
      expectReply(await sendForm(t, QUESTIONNAIRE_URL, modelFor(result, { WriteKey: writeKey })), 403, 'Failure');
    }
    const doc = docFor(result, 'result', { writeKey: makeWriteKey() });
    expect(expectReply(await pushDocs(t, [doc]), 200, 'Success').data).toEqual([
      { id: doc.id, rejected: true, reason: PLAY_MSG.notAllowedForResult },
    ]);
    expect(sent()).toBe(before);
  });

  it('sends for a result stored without a key (before keys) without one', async () => {
    const old = { id: await insertResult(t.app, kit.kitId), writeKey: null };
    expectReply(await sendForm(t, RESULT_URL, modelFor(old), makePdf()), 200, 'Success');
    expect(pdfText(last().mail.attachments[0].content)).toContain('Pat Player');
    const doc = docFor(old, 'result', { name: 'Anyone', date: '01/01/2020', pdfBase64: 'JVBERi0=' });
    expect(expectReply(await pushDocs(t, [doc]), 200, 'Success').data).toEqual([]);
  });

  it('sends one result to at most 3 different recipients; a fourth is 400 Warning, a resend to one of them is not', async () => {
    const result = await storeResult(t, kit);
    const before = sent();
    const firsts = [modelFor(result), modelFor(result), modelFor(result)];
    for (const m of firsts) expectReply(await sendForm(t, RESULT_URL, m), 200, 'Success');
    const fourth = modelFor(result);
    expectReply(await sendForm(t, RESULT_URL, fourth), 400, 'Warning', 'This result was already sent to 3 addresses');
    const pushed = await pushDocs(t, [docFor(result, 'result')]);
    expect(expectReply(pushed, 200, 'Success').data).toEqual([
      { id: expect.any(String), rejected: true, reason: 'This result was already sent to 3 addresses' },
    ]);
    // Another e-mail to a recipient it already went to is no new address (the address's case aside).
    const again = modelFor(result, { Email: firsts[0].Email.toUpperCase() });
    expectReply(await sendForm(t, RESULT_URL, again), 200, 'Success');
    // The questionnaire counts its own recipients.
    await storeQuestionnaire(t, result);
    expectReply(await sendForm(t, QUESTIONNAIRE_URL, fourth), 200, 'Success');
    expect(sent()).toBe(before + 5);
  });

  it('sends at most 5 e-mails to one recipient an hour: the sixth is 429 with Retry-After; a resend still succeeds', async () => {
    const before = sent();
    const email = recipient();
    const models = [];
    for (let i = 0; i < 5; i++) {
      const m = modelFor(await storeResult(t, kit), { Email: i % 2 ? email.toUpperCase() : email });
      models.push(m);
      expectReply(await sendForm(t, RESULT_URL, m), 200, 'Success');
    }
    expect(sent()).toBe(before + 5);
    const sixthResult = await storeResult(t, kit);
    const sixth = modelFor(sixthResult, { Email: email });
    const res = await sendForm(t, RESULT_URL, sixth);
    expectReply(res, 429, 'Failure', REPORT_MSG.tooManyEmails);
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    const pushed = await pushDocs(t, [docFor(sixthResult, 'result', { email })]);
    expectReply(pushed, 429, 'Failure', REPORT_MSG.tooManyEmails);
    // A resend of an e-mail already sent is not counted and not refused.
    expectReply(await sendForm(t, RESULT_URL, models[0]), 200, 'Success', REPORT_MSG.resultSent);
    expect(sent()).toBe(before + 5);
    expect(await emailRows(t, sixth.Id)).toEqual([]);

    // Past the hour the oldest no longer counts.
    const gone = new Date(Date.now() - 61 * 60_000).toISOString();
    await t.app.db.updateTable('emails').set({ createdAt: gone }).where('id', '=', models[0].Id).execute();
    expectReply(await sendForm(t, RESULT_URL, sixth), 200, 'Success');
    expect(sent()).toBe(before + 6);
  });

  it('sends one Id once, however it arrives; the same Id with other content is 400 Warning', async () => {
    const result = await storeResult(t, kit);
    const before = sent();
    const m = modelFor(result);
    expectReply(await sendForm(t, RESULT_URL, m, makePdf()), 200, 'Success');
    // Another file, name or date is the same e-mail (they are ignored); upper-case Id and address too.
    expectReply(
      await sendForm(
        t,
        RESULT_URL,
        { ...m, Id: m.Id.toUpperCase(), Email: m.Email.toUpperCase(), Name: 'X' },
        makePdf(),
      ),
      200,
      'Success',
    );
    const doc = { id: m.Id, testResultId: result.id, writeKey: result.writeKey, kind: 'result', email: m.Email };
    expect(expectReply(await pushDocs(t, [doc]), 200, 'Success').data).toEqual([]);
    expect(sent()).toBe(before + 1);

    for (const other of [
      { ...m, Email: recipient() },
      { ...m, Language: 'es' },
    ]) {
      expectReply(await sendForm(t, RESULT_URL, other), 400, 'Warning', REPORT_MSG.emailConflict);
    }
    expectReply(await sendForm(t, QUESTIONNAIRE_URL, m), 404, 'Failure');
    await storeQuestionnaire(t, result);
    expectReply(await sendForm(t, QUESTIONNAIRE_URL, m), 400, 'Warning', REPORT_MSG.emailConflict);
    expect(expectReply(await pushDocs(t, [{ ...doc, language: 'es' }]), 200, 'Success').data).toEqual([
      { id: m.Id, rejected: true, reason: REPORT_MSG.emailConflict },
    ]);
    expect(sent()).toBe(before + 1);
    expect(await emailRows(t, m.Id)).toHaveLength(1);
  });

  it('refuses an invalid address or model (400, nothing sent); push: one row a request, an invalid document rejected', async () => {
    const result = await storeResult(t, kit);
    const before = sent();
    for (const email of ['not-an-email', 'a@', '', `${'x'.repeat(250)}@example.com`]) {
      const res = await sendForm(t, RESULT_URL, modelFor(result, { Email: email }));
      expectReply(res, 400, 'Failure', REPORT_MSG.invalidEmail);
    }
    for (const bad of [{ Id: 'not-a-uuid' }, { TestResultId: 'nope' }, { WriteKey: 'short' }]) {
      expectReply(await sendForm(t, RESULT_URL, modelFor(result, bad)), 400, 'Failure');
    }
    expectReply(await sendForm(t, RESULT_URL, '{not json'), 400, 'Failure');

    const doc = docFor(result, 'result');
    expectReply(await pushDocs(t, [doc, docFor(result, 'result')]), 400, 'Failure', MSG.invalidRequest);
    for (const [bad, reason] of [
      [{ ...doc, email: 'nope' }, REPORT_MSG.invalidEmail],
      [{ ...doc, kind: 'invoice' }, MSG.invalidRequest],
      [{ ...doc, testResultId: undefined }, MSG.invalidRequest],
    ] as const) {
      expect(expectReply(await pushDocs(t, [bad]), 200, 'Success').data).toEqual([
        { id: doc.id, rejected: true, reason },
      ]);
    }
    expect(sent()).toBe(before);
    // Keys bind in any case.
    const cased = {
      ID: doc.id,
      TestResultID: doc.testResultId,
      WriteKey: doc.writeKey,
      Kind: 'result',
      EMAIL: doc.email,
    };
    expect(expectReply(await pushDocs(t, [cased]), 200, 'Success').data).toEqual([]);
    expect(sent()).toBe(before + 1);
  });
});

describe('the different recipients one address may e-mail a day (EMAIL_RECIPIENTS_PER_ADDRESS)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await makeTestApp({ env: { ...ENV, EMAIL_RECIPIENTS_PER_ADDRESS: '2' } });
  });
  afterAll(async () => t.cleanup());

  it('refuses a third recipient with 429 and Retry-After; the recipients already e-mailed still can be; a day later the place is free', async () => {
    const kit = await liveKit(t.app, 'DEMO1');
    const first = modelFor(await storeResult(t, kit));
    const second = modelFor(await storeResult(t, kit));
    expectReply(await sendForm(t, RESULT_URL, first), 200, 'Success');
    expectReply(await sendForm(t, RESULT_URL, second), 200, 'Success');
    const third = await storeResult(t, kit);
    const res = await sendForm(t, RESULT_URL, modelFor(third));
    expectReply(res, 429, 'Failure', REPORT_MSG.tooManyRecipients);
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(86_000);
    expect(retryAfter).toBeLessThanOrEqual(86_400);
    expectReply(await pushDocs(t, [docFor(third, 'result')]), 429, 'Failure', REPORT_MSG.tooManyRecipients);
    // One of the two again, for another result: no new recipient.
    expectReply(await sendForm(t, RESULT_URL, modelFor(third, { Email: first.Email })), 200, 'Success');

    // A day later the first two leave the count, and their address keys are forgotten.
    const dayAgo = new Date(Date.now() - 24 * 3600_000 - 60_000).toISOString();
    await t.app.db.updateTable('emails').set({ createdAt: dayAgo }).where('recipient', '=', second.Email).execute();
    expectReply(await sendForm(t, RESULT_URL, modelFor(third)), 200, 'Success');
    const [old] = await emailRows(t, second.Id);
    expect(old.clientKey).toBeNull();
    expect(readdirSync(path.join(t.dataDir, 'outbox'))).toHaveLength(4);
  });
});

describe('report e-mails with the SMTP server away', () => {
  let t: TestApp;
  let port: number;
  let smtp: TestSmtp | undefined;
  let kit: KitDoc;

  beforeAll(async () => {
    port = await freePort();
    t = await makeTestApp({ env: { ...ENV, SMTP_URL: `smtp://127.0.0.1:${port}` } });
    kit = await liveKit(t.app, 'DEMO1');
  });
  afterEach(async () => {
    await smtp?.close();
    smtp = undefined;
  });
  afterAll(async () => t.cleanup());

  it('answers 503 with the envelope and Retry-After, releases the claim, and sends once when the server is back', async () => {
    const result = await storeResult(t, kit);
    const m = modelFor(result);
    for (const attempt of [1, 2]) {
      const res = await sendForm(t, RESULT_URL, m);
      expect({ attempt, code: res.statusCode }).toEqual({ attempt, code: 503 });
      expect(expectReply(res, 503, 'Failure', MAIL_UNAVAILABLE_MSG).error).toBeNull();
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(await emailRows(t, m.Id)).toEqual([]);
    }
    const doc = { id: m.Id, testResultId: result.id, writeKey: result.writeKey, kind: 'result', email: m.Email };
    expectReply(await pushDocs(t, [doc]), 503, 'Failure', MAIL_UNAVAILABLE_MSG);
    expect(await emailRows(t)).toEqual([]);
    expect(t.logs()).not.toContain(m.Email);

    smtp = await startSmtp(port);
    expectReply(await sendForm(t, RESULT_URL, m), 200, 'Success', REPORT_MSG.resultSent);
    expect(expectReply(await pushDocs(t, [doc]), 200, 'Success').data).toEqual([]);
    expect(smtp.received).toHaveLength(1);
    expect((await emailRows(t, m.Id))[0].delivered).toBe('smtp');
  });

  it('answers a request under an Id being sent right now with 503 (its outcome is not known yet)', async () => {
    const m = modelFor(await storeResult(t, kit));
    smtp = await startSmtp(port);
    expectReply(await sendForm(t, RESULT_URL, m), 200, 'Success');
    // As if a first request had claimed it and not finished.
    await t.app.db.updateTable('emails').set({ delivered: null }).where('id', '=', m.Id).execute();
    expectReply(await sendForm(t, RESULT_URL, m), 503, 'Failure', MAIL_UNAVAILABLE_MSG);
    expect(smtp.received).toHaveLength(1);
    // A claim left unsent for long (its sender died) is taken over: sent again, once.
    const old = new Date(Date.now() - 11 * 60_000).toISOString();
    await t.app.db.updateTable('emails').set({ createdAt: old }).where('id', '=', m.Id).execute();
    expectReply(await sendForm(t, RESULT_URL, m), 200, 'Success');
    expectReply(await sendForm(t, RESULT_URL, m), 200, 'Success');
    expect(smtp.received).toHaveLength(2);
  });

  it('warns at start that MAIL_FROM is still the .local default when mail really goes out', async () => {
    const warned = (logs: string) => logs.includes('MAIL_FROM is Scentry <no-reply@scentry.local>');
    expect(warned(t.logs())).toBe(false);
    const local = await makeTestApp({ env: { ...DEMO_ENV, SMTP_URL: `smtp://127.0.0.1:${port}` } });
    const outbox = await makeTestApp({ env: { ...DEMO_ENV } });
    try {
      expect(warned(local.logs())).toBe(true);
      expect(warned(outbox.logs())).toBe(false);
    } finally {
      await local.cleanup();
      await outbox.cleanup();
    }
  });
});

describe('report e-mails with no SMTP_URL: the outbox', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await makeTestApp({ env: ENV });
  });
  afterAll(async () => t.cleanup());

  it('writes the whole message as DATA_DIR/outbox/<time>-<id>.eml (0600 in a 0700 directory), once per Id', async () => {
    const kit = await liveKit(t.app, 'DEMO1');
    const result = await storeResult(t, kit, { first: 'Grace', last: 'Hopper' });
    const m = modelFor(result);
    expectReply(await sendForm(t, RESULT_URL, m, makePdf()), 200, 'Success', REPORT_MSG.resultSent);
    expectReply(await sendForm(t, RESULT_URL, m, makePdf()), 200, 'Success', REPORT_MSG.resultSent);

    const outbox = path.join(t.dataDir, 'outbox');
    expect(statSync(outbox).mode & 0o777).toBe(0o700);
    const files = readdirSync(outbox);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(new RegExp(`^\\d{8}T\\d{6}\\.\\d{3}Z-${m.Id}\\.eml$`));
    const file = path.join(outbox, files[0]);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const mail = await simpleParser(readFileSync(file));
    expect(mail.to && !Array.isArray(mail.to) && mail.to.value).toEqual([{ name: '', address: m.Email }]);
    expect(mail.headers.get('auto-submitted')).toBe('auto-generated');
    expect(mail.subject).toBe('Your Scentry smell screening result');
    expect(mail.text).not.toContain('Grace');
    const text = pdfText(mail.attachments[0].content);
    expect(text).toContain('Grace Hopper');
    expect(text).toContain('scentry.example.org');
    expect((await emailRows(t, m.Id))[0].delivered).toBe('outbox');
    expect(t.logs()).not.toContain(m.Email);
  });

  it('writes a Spanish request in Spanish to the outbox: subject, text and attachment', async () => {
    const kit = await liveKit(t.app, 'DEMO1');
    const result = await storeResult(t, kit, { first: 'José', last: 'Núñez' });
    const m = modelFor(result, { Language: 'es' });
    expectReply(await sendForm(t, RESULT_URL, m), 200, 'Success', REPORT_MSG.resultSent);
    const outbox = path.join(t.dataDir, 'outbox');
    const file = readdirSync(outbox).find((f) => f.endsWith(`-${m.Id}.eml`));
    expect(file).toBeDefined();
    const mail = await simpleParser(readFileSync(path.join(outbox, file as string)));
    expect(mail.subject).toBe('Su resultado de la prueba de olfato de Scentry');
    expect(mail.text).toContain('Adjuntamos el resultado');
    const text = pdfText(mail.attachments[0].content);
    expect(text).toContain('José Núñez');
    expect(text).toContain('Resultado de la prueba de olfato');
    expect(text).not.toContain('Smell screening result');
  });
});

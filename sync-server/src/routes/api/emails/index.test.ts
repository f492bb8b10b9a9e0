import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { EMAIL_PDF_MAX_BYTES, type EmailKind, MSG, REPORT_MSG } from '@scentry/shared-schema';
import { simpleParser } from 'mailparser';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_UNAVAILABLE_MSG } from '../../../services/emails';
import { expectReply, insertResult } from '../../../test/catalogue';
import { makeTestApp, type TestApp } from '../../../test/helpers';
import { emailForm, freePort, makePdf, startSmtp, type TestSmtp } from '../../../test/mail';
import { DEMO_ENV, liveKit } from '../../../test/play';

const RESULT_URL = '/api/TestResult/SendResultInEmail';
const QUESTIONNAIRE_URL = '/api/TestResult/SendQuestionnaireResultInEmail';
const PUSH_URL = '/api/sync/emails/push';
const MAIL_FROM = 'Scentry Test <reports@scentry.test>';

let seq = 0;
/** A recipient no other test writes to (the hourly limit is per recipient). */
const recipient = () => `pat.${++seq}.${Date.now()}@example.com`;

interface Model {
  Name: string;
  Email: string;
  Date: string;
  TestResultId?: string | null;
  Id?: string | null;
}

function sendForm(t: TestApp, url: string, model: unknown, file?: Buffer | null) {
  const form = emailForm(model, file);
  return t.app.inject({ method: 'POST', url, headers: form.headers, payload: form.payload });
}

function emailDoc(model: Model, pdf: Buffer, kind: EmailKind = 'result') {
  return {
    id: model.Id,
    testResultId: model.TestResultId,
    kind,
    name: model.Name,
    email: model.Email,
    date: model.Date,
    pdfBase64: pdf.toString('base64'),
  };
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

describe('reports by e-mail through SMTP', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  let resultId: string;
  const sent = () => smtp.received.length;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await makeTestApp({ env: { ...DEMO_ENV, SMTP_URL: smtp.url, MAIL_FROM } });
    resultId = await insertResult(t.app, (await liveKit(t.app, 'DEMO1')).kitId);
  });
  afterAll(async () => {
    await t.cleanup();
    await smtp.close();
  });

  const model = (extra: Partial<Model> = {}): Model => ({
    Name: 'Pat Smeller',
    Email: recipient(),
    Date: '11/23/2026',
    TestResultId: resultId,
    Id: randomUUID(),
    ...extra,
  });

  it('sends the result with the PDF attached, to the address given, from MAIL_FROM', async () => {
    const m = model({ Email: `Jane.Doe.${++seq}@Example.com` });
    const pdf = makePdf(40_000);
    const res = await sendForm(t, RESULT_URL, m, pdf);
    const body = expectReply(res, 200, 'Success', REPORT_MSG.resultSent);
    expect(body.data).toBeNull();

    expect(smtp.received).toHaveLength(1);
    const { envelopeTo, mail } = smtp.received[0];
    // The local part as given (it may be case-sensitive); the domain as nodemailer normalises it.
    const address = m.Email.replace('@Example.com', '@example.com');
    expect(envelopeTo).toEqual([address]);
    expect(mail.to && !Array.isArray(mail.to) && mail.to.value).toEqual([{ name: 'Pat Smeller', address }]);
    expect(mail.from?.value).toEqual([{ name: 'Scentry Test', address: 'reports@scentry.test' }]);
    expect(mail.subject).toBe('Your Scentry smell screening result');
    expect(mail.text).toContain('Hello Pat Smeller,');
    expect(mail.text).toContain('11/23/2026');
    expect(mail.text).toContain('not a diagnosis');
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0].filename).toBe('Scentry-result-11-23-2026.pdf');
    expect(mail.attachments[0].contentType).toBe('application/pdf');
    expect(Buffer.compare(mail.attachments[0].content, pdf)).toBe(0);

    const [row] = await emailRows(t, m.Id as string);
    expect(row).toMatchObject({
      kind: 'result',
      testResultId: resultId,
      recipient: m.Email.toLowerCase(),
      delivered: 'smtp',
    });
    expect(row.contentHash).toMatch(/^[0-9a-f]{64}$/);
    // The address is never logged whole; its masked form is.
    expect(t.logs().toLowerCase()).not.toContain(m.Email.toLowerCase());
    expect(t.logs()).toContain('J***@Example.com');
  });

  it('sends questionnaire answers with their own subject, file name and message; keys bind in any case', async () => {
    const m = model();
    const pdf = makePdf();
    const res = await sendForm(
      t,
      QUESTIONNAIRE_URL,
      { name: m.Name, EMAIL: m.Email, date: '01/02/2027', testresultid: m.TestResultId, ID: m.Id },
      pdf,
    );
    expectReply(res, 200, 'Success', REPORT_MSG.questionnaireSent);
    const { mail } = smtp.received[smtp.received.length - 1];
    expect(mail.subject).toBe('Your Scentry questionnaire answers');
    expect(mail.attachments[0].filename).toBe('Scentry-questionnaire-01-02-2027.pdf');
    expect(Buffer.compare(mail.attachments[0].content, pdf)).toBe(0);
    expect((await emailRows(t, m.Id as string))[0].kind).toBe('questionnaire');
  });

  it('sends without a TestResultId or an Id (a server id is kept)', async () => {
    const before = sent();
    const m = model({ TestResultId: undefined, Id: undefined });
    expectReply(await sendForm(t, RESULT_URL, m, makePdf()), 200, 'Success', REPORT_MSG.resultSent);
    expect(sent()).toBe(before + 1);
    const rows = (await emailRows(t)).filter((r) => r.recipient === m.Email);
    expect(rows).toHaveLength(1);
    expect(rows[0].testResultId).toBeNull();
  });

  it('sends one Id once: the same request twice is two successes and one mail', async () => {
    const before = sent();
    const m = model();
    const pdf = makePdf();
    expectReply(await sendForm(t, RESULT_URL, m, pdf), 200, 'Success', REPORT_MSG.resultSent);
    expectReply(await sendForm(t, RESULT_URL, m, pdf), 200, 'Success', REPORT_MSG.resultSent);
    // Upper-case Id and address: still the same e-mail.
    expectReply(
      await sendForm(t, RESULT_URL, { ...m, Id: m.Id?.toUpperCase(), Email: m.Email.toUpperCase() }, pdf),
      200,
      'Success',
      REPORT_MSG.resultSent,
    );
    expect(sent()).toBe(before + 1);
    expect(await emailRows(t, m.Id as string)).toHaveLength(1);
  });

  it('sends one Id once whichever way it arrives: form then push, push then form', async () => {
    const before = sent();
    const first = model();
    const pdf1 = makePdf();
    expectReply(await sendForm(t, RESULT_URL, first, pdf1), 200, 'Success');
    const pushed = await pushDocs(t, [emailDoc(first, pdf1)]);
    expect(expectReply(pushed, 200, 'Success').data).toEqual([]);
    expect(sent()).toBe(before + 1);

    const second = model();
    const pdf2 = makePdf();
    expect(expectReply(await pushDocs(t, [emailDoc(second, pdf2, 'questionnaire')]), 200, 'Success').data).toEqual([]);
    expectReply(await sendForm(t, QUESTIONNAIRE_URL, second, pdf2), 200, 'Success', REPORT_MSG.questionnaireSent);
    expect(sent()).toBe(before + 2);
    const last = smtp.received[smtp.received.length - 1].mail;
    expect(last.subject).toBe('Your Scentry questionnaire answers');
    expect(Buffer.compare(last.attachments[0].content, pdf2)).toBe(0);
  });

  it('a push whose reply was lost, sent again, sends one mail', async () => {
    const before = sent();
    const m = model();
    const doc = emailDoc(m, makePdf());
    expect(expectReply(await pushDocs(t, [doc]), 200, 'Success').data).toEqual([]);
    expect(expectReply(await pushDocs(t, [doc]), 200, 'Success').data).toEqual([]);
    expect(sent()).toBe(before + 1);
    expect(smtp.received[smtp.received.length - 1].envelopeTo).toEqual([m.Email]);
  });

  it('refuses the same Id with other content: 400 Warning, or rejected in the push; nothing more is sent', async () => {
    const m = model();
    const pdf = makePdf();
    expectReply(await sendForm(t, RESULT_URL, m, pdf), 200, 'Success');
    const before = sent();
    const hash = (await emailRows(t, m.Id as string))[0].contentHash;

    const others: [string, Model, Buffer][] = [
      ['another PDF', m, makePdf()],
      ['another name', { ...m, Name: 'Someone Else' }, pdf],
      ['another date', { ...m, Date: '11/24/2026' }, pdf],
      ['another address', { ...m, Email: recipient() }, pdf],
      ['no result', { ...m, TestResultId: null }, pdf],
    ];
    for (const [what, other, file] of others) {
      const res = await sendForm(t, RESULT_URL, other, file);
      expect(res.statusCode, what).toBe(400);
      expectReply(res, 400, 'Warning', REPORT_MSG.emailConflict);
    }
    // The same content as a questionnaire is another e-mail too.
    expectReply(await sendForm(t, QUESTIONNAIRE_URL, m, pdf), 400, 'Warning', REPORT_MSG.emailConflict);
    const pushed = await pushDocs(t, [emailDoc(m, makePdf())]);
    expect(expectReply(pushed, 200, 'Success').data).toEqual([
      { id: m.Id, rejected: true, reason: REPORT_MSG.emailConflict },
    ]);
    expect(sent()).toBe(before);
    expect((await emailRows(t, m.Id as string))[0].contentHash).toBe(hash);
  });

  it('refuses a file that is not a PDF, missing, empty or 5 MB and more (400, the report messages)', async () => {
    const before = sent();
    const rowsBefore = (await emailRows(t)).length;
    const cases: [string, Buffer | null, string][] = [
      ['png', Buffer.from('\x89PNG\r\n\x1a\n0000000000'), REPORT_MSG.notPdf],
      ['text', Buffer.from('hello, not a pdf'), REPORT_MSG.notPdf],
      ['almost', Buffer.from('%PDF'), REPORT_MSG.notPdf],
      ['missing', null, REPORT_MSG.fileRequired],
      ['empty', Buffer.alloc(0), REPORT_MSG.fileRequired],
      ['5 MB', makePdf(EMAIL_PDF_MAX_BYTES), REPORT_MSG.pdfTooLarge],
      ['6 MB', makePdf(6 * 1024 * 1024), REPORT_MSG.pdfTooLarge],
    ];
    for (const [what, file, message] of cases) {
      const res = await sendForm(t, RESULT_URL, model(), file);
      expect({ what, code: res.statusCode }).toEqual({ what, code: 400 });
      expectReply(res, 400, 'Failure', message);
    }
    expect(sent()).toBe(before);
    expect(await emailRows(t)).toHaveLength(rowsBefore);
  });

  it('refuses an invalid e-mail address, a missing name or date, a bad model (400, nothing sent)', async () => {
    const before = sent();
    for (const email of ['not-an-email', 'a@', '', `${'x'.repeat(250)}@example.com`]) {
      expectReply(
        await sendForm(t, RESULT_URL, model({ Email: email }), makePdf()),
        400,
        'Failure',
        'Please enter valid email!',
      );
    }
    expectReply(
      await sendForm(t, RESULT_URL, model({ Name: ' ' }), makePdf()),
      400,
      'Failure',
      REPORT_MSG.nameRequired,
    );
    expectReply(
      await sendForm(t, RESULT_URL, model({ Date: '2026-11-23' }), makePdf()),
      400,
      'Failure',
      REPORT_MSG.dateRequired,
    );
    expectReply(
      await sendForm(t, RESULT_URL, model({ Id: 'not-a-uuid' }), makePdf()),
      400,
      'Failure',
      MSG.invalidRequest,
    );
    expectReply(await sendForm(t, RESULT_URL, '{not json', makePdf()), 400, 'Failure');
    expect(sent()).toBe(before);
  });

  it('refuses a TestResultId the server does not hold: 404, or rejected in the push', async () => {
    const before = sent();
    const m = model({ TestResultId: randomUUID() });
    expectReply(await sendForm(t, RESULT_URL, m, makePdf()), 404, 'Failure', REPORT_MSG.resultNotSynced);
    expect(expectReply(await pushDocs(t, [emailDoc(m, makePdf())]), 200, 'Success').data).toEqual([
      { id: m.Id, rejected: true, reason: REPORT_MSG.resultNotSynced },
    ]);
    expect(sent()).toBe(before);
    expect(await emailRows(t, m.Id as string)).toEqual([]);
  });

  it('sends at most 5 e-mails to one recipient an hour: the sixth is 429 with Retry-After; a resend still succeeds', async () => {
    const before = sent();
    const email = recipient();
    const first = model({ Email: email });
    const pdf = makePdf();
    expectReply(await sendForm(t, RESULT_URL, first, pdf), 200, 'Success');
    for (let i = 0; i < 4; i++) {
      // The limit ignores the address's case.
      const other = model({ Email: i % 2 ? email.toUpperCase() : email });
      expectReply(await sendForm(t, RESULT_URL, other, makePdf()), 200, 'Success');
    }
    expect(sent()).toBe(before + 5);

    const sixth = model({ Email: email });
    const res = await sendForm(t, RESULT_URL, sixth, makePdf());
    expectReply(res, 429, 'Failure', REPORT_MSG.tooManyEmails);
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3590);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    // The push is refused the same way (the device backs off), without a verdict on the document.
    const pushed = await pushDocs(t, [emailDoc(sixth, makePdf())]);
    expectReply(pushed, 429, 'Failure', REPORT_MSG.tooManyEmails);
    expect(Number(pushed.headers['retry-after'])).toBeGreaterThan(3590);
    // A resend of an e-mail already sent is not counted and not refused.
    expectReply(await sendForm(t, RESULT_URL, first, pdf), 200, 'Success', REPORT_MSG.resultSent);
    expect(sent()).toBe(before + 5);
    expect(await emailRows(t, sixth.Id as string)).toEqual([]);

    // The window rolls: when the oldest is 59 minutes old, the wait is the minute left of it.
    const oldest = new Date(Date.now() - 59 * 60_000).toISOString();
    await t.app.db
      .updateTable('emails')
      .set({ createdAt: oldest })
      .where('id', '=', first.Id as string)
      .execute();
    const again = await sendForm(t, RESULT_URL, sixth, makePdf());
    expectReply(again, 429, 'Failure', REPORT_MSG.tooManyEmails);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(50);
    expect(Number(again.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Past the hour it no longer counts.
    const gone = new Date(Date.now() - 61 * 60_000).toISOString();
    await t.app.db
      .updateTable('emails')
      .set({ createdAt: gone })
      .where('id', '=', first.Id as string)
      .execute();
    expectReply(await sendForm(t, RESULT_URL, sixth, makePdf()), 200, 'Success');
    expect(sent()).toBe(before + 6);
  });

  it('push: exactly one row a request (two are 400); an invalid document is rejected with its reason, nothing sent', async () => {
    const before = sent();
    const rowsBefore = (await emailRows(t)).length;
    const m = model();
    const doc = emailDoc(m, makePdf());
    expectReply(await pushDocs(t, [doc, emailDoc(model(), makePdf())]), 400, 'Failure', MSG.invalidRequest);
    expectReply(await pushDocs(t, []), 400, 'Failure', MSG.invalidRequest);

    const cases: [string, Record<string, unknown>, string][] = [
      ['bad e-mail', { ...doc, email: 'nope' }, REPORT_MSG.invalidEmail],
      ['no name', { ...doc, name: '' }, REPORT_MSG.nameRequired],
      ['bad date', { ...doc, date: '23.11.2026' }, REPORT_MSG.dateRequired],
      ['bad kind', { ...doc, kind: 'invoice' }, MSG.invalidRequest],
      ['no result id', { ...doc, testResultId: undefined }, MSG.invalidRequest],
      ['no pdf', { ...doc, pdfBase64: '' }, REPORT_MSG.fileRequired],
      ['not base64', { ...doc, pdfBase64: '%%%%JVBERi0xLjcK' }, REPORT_MSG.notPdf],
      ['not a pdf', { ...doc, pdfBase64: Buffer.from('GIF89a, not a pdf').toString('base64') }, REPORT_MSG.notPdf],
      ['5 MB', { ...doc, pdfBase64: makePdf(EMAIL_PDF_MAX_BYTES).toString('base64') }, REPORT_MSG.pdfTooLarge],
    ];
    for (const [what, bad, reason] of cases) {
      const res = await pushDocs(t, [bad]);
      expect({ what, data: expectReply(res, 200, 'Success').data }).toEqual({
        what,
        data: [{ id: m.Id, rejected: true, reason }],
      });
    }
    // Keys bind in any case; a data: URL's prefix is allowed.
    const cased = {
      ID: doc.id,
      TestResultID: doc.testResultId,
      Kind: 'result',
      NAME: doc.name,
      Email: doc.email,
      Date: doc.date,
      PdfBase64: `data:application/pdf;base64,${doc.pdfBase64}`,
    };
    expect(sent()).toBe(before);
    expect(await emailRows(t)).toHaveLength(rowsBefore);
    expect(expectReply(await pushDocs(t, [cased]), 200, 'Success').data).toEqual([]);
    expect(sent()).toBe(before + 1);
    expect(
      Buffer.compare(
        smtp.received[smtp.received.length - 1].mail.attachments[0].content,
        Buffer.from(doc.pdfBase64, 'base64'),
      ),
    ).toBe(0);
  });
});

describe('reports by e-mail with the SMTP server away', () => {
  let t: TestApp;
  let port: number;
  let smtp: TestSmtp | undefined;
  let resultId: string;

  beforeAll(async () => {
    port = await freePort();
    t = await makeTestApp({ env: { ...DEMO_ENV, SMTP_URL: `smtp://127.0.0.1:${port}` } });
    resultId = await insertResult(t.app, (await liveKit(t.app, 'DEMO1')).kitId);
  });
  afterEach(async () => {
    await smtp?.close();
    smtp = undefined;
  });
  afterAll(async () => t.cleanup());

  it('answers 503 with the envelope and Retry-After, releases the claim, and sends once when the server is back', async () => {
    const m: Model = { Name: 'Pat', Email: recipient(), Date: '11/23/2026', Id: randomUUID(), TestResultId: resultId };
    const pdf = makePdf();
    for (const attempt of [1, 2]) {
      const res = await sendForm(t, RESULT_URL, m, pdf);
      expect({ attempt, code: res.statusCode }).toEqual({ attempt, code: 503 });
      const body = expectReply(res, 503, 'Failure', MAIL_UNAVAILABLE_MSG);
      expect(body.error).toBeNull();
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(await emailRows(t, m.Id as string)).toEqual([]);
    }
    const pushed = await pushDocs(t, [emailDoc(m, pdf)]);
    expectReply(pushed, 503, 'Failure', MAIL_UNAVAILABLE_MSG);
    // Failed attempts do not count against the recipient's hourly limit.
    expect(await emailRows(t)).toEqual([]);
    // No stack, no address in the log.
    expect(t.logs()).not.toContain(m.Email);

    smtp = await startSmtp(port);
    expectReply(await sendForm(t, RESULT_URL, m, pdf), 200, 'Success', REPORT_MSG.resultSent);
    expect(expectReply(await pushDocs(t, [emailDoc(m, pdf)]), 200, 'Success').data).toEqual([]);
    expectReply(await sendForm(t, RESULT_URL, m, pdf), 200, 'Success', REPORT_MSG.resultSent);
    expect(smtp.received).toHaveLength(1);
    expect(Buffer.compare(smtp.received[0].mail.attachments[0].content, pdf)).toBe(0);
    expect((await emailRows(t, m.Id as string))[0].delivered).toBe('smtp');
  });

  it('answers a request under an Id being sent right now with 503 (its outcome is not known yet)', async () => {
    const id = randomUUID();
    const m: Model = { Name: 'Pat', Email: recipient(), Date: '11/23/2026', Id: id };
    const pdf = makePdf();
    smtp = await startSmtp(port);
    expectReply(await sendForm(t, RESULT_URL, m, pdf), 200, 'Success');
    // As if a first request had claimed it and not finished.
    await t.app.db.updateTable('emails').set({ delivered: null }).where('id', '=', id).execute();
    expectReply(await sendForm(t, RESULT_URL, m, pdf), 503, 'Failure', MAIL_UNAVAILABLE_MSG);
    expect(smtp.received).toHaveLength(1);
    // A claim left unsent for long (its sender died) is taken over: sent again, once.
    const old = new Date(Date.now() - 11 * 60_000).toISOString();
    await t.app.db.updateTable('emails').set({ createdAt: old }).where('id', '=', id).execute();
    expectReply(await sendForm(t, RESULT_URL, m, pdf), 200, 'Success');
    expectReply(await sendForm(t, RESULT_URL, m, pdf), 200, 'Success');
    expect(smtp.received).toHaveLength(2);
  });
});

describe('reports by e-mail with no SMTP_URL: the outbox', () => {
  let t: TestApp;

  let resultId: string;

  beforeAll(async () => {
    t = await makeTestApp({ env: { ...DEMO_ENV, MAIL_FROM } });
    resultId = await insertResult(t.app, (await liveKit(t.app, 'DEMO1')).kitId);
  });
  afterAll(async () => t.cleanup());

  it('writes the whole message as DATA_DIR/outbox/<time>-<id>.eml (0600 in a 0700 directory), once per Id', async () => {
    const id = randomUUID();
    const email = recipient();
    const pdf = makePdf(100_000);
    const model = { Name: 'Pat Smeller', Email: email, Date: '11/23/2026', Id: id, TestResultId: resultId };
    expectReply(await sendForm(t, RESULT_URL, model, pdf), 200, 'Success', REPORT_MSG.resultSent);
    expectReply(await sendForm(t, RESULT_URL, model, pdf), 200, 'Success', REPORT_MSG.resultSent);
    expect(expectReply(await pushDocs(t, [emailDoc(model, pdf)]), 200, 'Success').data).toEqual([]);

    const outbox = path.join(t.dataDir, 'outbox');
    expect(statSync(outbox).mode & 0o777).toBe(0o700);
    const files = readdirSync(outbox);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(new RegExp(`^\\d{8}T\\d{6}\\.\\d{3}Z-${id}\\.eml$`));
    const file = path.join(outbox, files[0]);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const mail = await simpleParser(readFileSync(file));
    expect(mail.to && !Array.isArray(mail.to) && mail.to.value).toEqual([{ name: 'Pat Smeller', address: email }]);
    expect(mail.from?.value).toEqual([{ name: 'Scentry Test', address: 'reports@scentry.test' }]);
    expect(mail.subject).toBe('Your Scentry smell screening result');
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0].filename).toBe('Scentry-result-11-23-2026.pdf');
    expect(Buffer.compare(mail.attachments[0].content, pdf)).toBe(0);
    expect((await emailRows(t, id))[0].delivered).toBe('outbox');

    // Where it went is logged at info, with the address masked.
    const logged = t
      .logs()
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { level: number; msg: string; file?: string; to?: string })
      .find((l) => l.file === file);
    expect(logged).toMatchObject({ level: 30, to: `p***@example.com` });
    expect(t.logs()).not.toContain(email);
  });
});

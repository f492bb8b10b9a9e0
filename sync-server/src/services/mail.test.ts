import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../test/helpers';
import { makePdf, startSmtp, type TestSmtp } from '../test/mail';
import { createMailer, MailSendError, maskEmail, reportFileName, reportMail } from './mail';

const noop = () => {};
/** The mailer logs at info and error only. */
const silent = { info: noop, error: noop, warn: noop, debug: noop } as unknown as FastifyBaseLogger;

const dirs: string[] = [];
const tempDir = () => {
  const dir = makeTempDir();
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('mail', () => {
  it('masks an address for the log', () => {
    expect(maskEmail('jane.doe@example.com')).toBe('j***@example.com');
    expect(maskEmail('J@Example.COM')).toBe('J***@Example.COM');
    expect(maskEmail('a@b@c.org')).toBe('a***@c.org');
    expect(maskEmail('no-at-sign')).toBe('***');
  });

  it('names the attachment after the kind and the date', () => {
    expect(reportFileName('result', '11/23/2026')).toBe('Scentry-result-11-23-2026.pdf');
    expect(reportFileName('questionnaire', '01/02/2027')).toBe('Scentry-questionnaire-01-02-2027.pdf');
  });

  it('writes a report mail: hello, the date, not a diagnosis, no reply needed, the PDF attached', () => {
    const pdf = makePdf();
    const m = reportMail({ id: 'x', kind: 'result', name: 'Pat', email: 'pat@example.com', date: '11/23/2026', pdf });
    expect(m.subject).toBe('Your Scentry smell screening result');
    expect(m.to).toEqual({ name: 'Pat', address: 'pat@example.com' });
    expect(m.text).toMatch(/^Hello Pat,\n/);
    expect(m.text).toContain('11/23/2026');
    expect(m.text).toContain('not a diagnosis');
    expect(m.text).toContain('no need to reply');
    expect(m.attachments).toEqual([
      { filename: 'Scentry-result-11-23-2026.pdf', content: pdf, contentType: 'application/pdf' },
    ]);
  });

  describe('by SMTP', () => {
    let smtp: TestSmtp;
    beforeAll(async () => {
      smtp = await startSmtp(0, {
        rejectRecipient: (address) =>
          address.toLowerCase().startsWith('gone')
            ? { code: 550, message: `5.1.1 <${address}>: mailbox unavailable` }
            : null,
      });
    });
    afterAll(async () => smtp.close());

    it('sends, and reports a refusal as a MailSendError that never quotes the address whole', async () => {
      const mailer = createMailer({
        smtpUrl: smtp.url,
        mailFrom: 'a@scentry.test',
        dataDir: tempDir(),
        log: silent,
      });
      const pdf = makePdf();
      const ok = reportMail({
        id: '1',
        kind: 'questionnaire',
        name: 'Pat',
        email: 'pat@example.com',
        date: '11/23/2026',
        pdf,
      });
      expect(await mailer.send(ok)).toBe('smtp');
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0].mail.subject).toBe('Your Scentry questionnaire answers');

      const gone = { ...ok, id: '2', to: { name: 'Gone', address: 'Gone.Person@example.com' } };
      const err = await mailer.send(gone).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(MailSendError);
      const e = err as MailSendError;
      expect(e.responseCode).toBe(550);
      expect(e.permanent).toBe(true);
      expect(e.message.toLowerCase()).not.toContain('gone.person@example.com');
      expect(e.message).toContain('G***@example.com');
      expect(smtp.received).toHaveLength(1);
      mailer.close();
    });
  });

  it('without SMTP_URL writes each message into DATA_DIR/outbox', async () => {
    const dataDir = tempDir();
    const mailer = createMailer({ smtpUrl: undefined, mailFrom: 'Scentry <a@scentry.test>', dataDir, log: silent });
    const pdf = makePdf();
    const message = reportMail({
      id: 'abc',
      kind: 'result',
      name: 'Pat',
      email: 'pat@example.com',
      date: '11/23/2026',
      pdf,
    });
    expect(await mailer.send(message)).toBe('outbox');
    const files = readdirSync(path.join(dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{8}T\d{6}\.\d{3}Z-abc\.eml$/);
    const parsed = await simpleParser(readFileSync(path.join(dataDir, 'outbox', files[0])));
    expect(parsed.subject).toBe('Your Scentry smell screening result');
    expect(Buffer.compare(parsed.attachments[0].content, pdf)).toBe(0);
  });
});

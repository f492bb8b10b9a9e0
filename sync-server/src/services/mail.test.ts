import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../test/helpers';
import { makePdf, startSmtp, type TestSmtp } from '../test/mail';
import { createMailer, ehloName, isLocalSender, MailSendError, maskEmail, reportMail } from './mail';

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

  it("gives PUBLIC_URL's host as the EHLO name; tells a .local sender", () => {
    expect(ehloName('https://scentry.example.org')).toBe('scentry.example.org');
    expect(ehloName('http://localhost:3000/')).toBe('localhost');
    expect(ehloName('http://[::1]:3000')).toBe('::1');
    expect(ehloName('not a url')).toBeUndefined();
    expect(isLocalSender('Scentry <no-reply@scentry.local>')).toBe(true);
    expect(isLocalSender('no-reply@Scentry.LOCAL')).toBe(true);
    expect(isLocalSender('Scentry <reports@scentry.example.org>')).toBe(false);
    expect(isLocalSender('Local <a@local.example.org>')).toBe(false);
  });

  /** 11/23/2026 3:30 PM in Los Angeles: already 11/24 in UTC. */
  const PLAYED_AT = '2026-11-24T00:30:00Z';
  const mail = (extra: Partial<Parameters<typeof reportMail>[0]> = {}) =>
    reportMail({
      id: 'x',
      kind: 'result',
      language: 'en',
      email: 'pat@example.com',
      playedAt: PLAYED_AT,
      fileName: 'Scentry-result-11-23-2026.pdf',
      pdf: makePdf(),
      ...extra,
    });

  it('writes a report mail naming no one: the date in Los Angeles, not a diagnosis, no reply needed, the PDF attached', () => {
    const pdf = makePdf();
    const m = mail({ pdf });
    expect(m.subject).toBe('Your Scentry smell screening result');
    expect(m.to).toEqual({ name: '', address: 'pat@example.com' });
    expect(m.text).toMatch(/^Hello,\n/);
    expect(m.text).toContain('played on 11/23/2026, Pacific Time (Scentry-result-11-23-2026.pdf)');
    expect(m.text).toContain('not a diagnosis');
    expect(m.text).toContain('no need to reply');
    expect(m.headers).toEqual({ 'Auto-Submitted': 'auto-generated' });
    expect(m.attachments).toEqual([
      { filename: 'Scentry-result-11-23-2026.pdf', content: pdf, contentType: 'application/pdf' },
    ]);
    expect(mail({ kind: 'questionnaire' }).subject).toBe('Your Scentry questionnaire answers');
  });

  it('writes it in Spanish when asked', () => {
    const m = mail({ language: 'es' });
    expect(m.subject).toBe('Su resultado de la prueba de olfato de Scentry');
    expect(m.text).toMatch(/^Hola:\n/);
    expect(m.text).toContain('realizada el 23 de noviembre de 2026');
    expect(m.text).toContain('no es un diagnóstico');
    expect(mail({ language: 'es', kind: 'questionnaire' }).subject).toBe('Sus respuestas al cuestionario de Scentry');
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
        publicUrl: 'https://scentry.example.org',
        log: silent,
      });
      const ok = mail({ id: '1', kind: 'questionnaire' });
      expect(await mailer.send(ok)).toBe('smtp');
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0].mail.subject).toBe('Your Scentry questionnaire answers');
      expect(smtp.received[0].ehlo).toBe('scentry.example.org');
      expect(smtp.received[0].mail.headers.get('auto-submitted')).toBe('auto-generated');

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
    const mailer = createMailer({
      smtpUrl: undefined,
      mailFrom: 'Scentry <a@scentry.test>',
      dataDir,
      publicUrl: 'http://localhost:3000',
      log: silent,
    });
    const pdf = makePdf();
    const message = mail({ id: 'abc', pdf });
    expect(await mailer.send(message)).toBe('outbox');
    const files = readdirSync(path.join(dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{8}T\d{6}\.\d{3}Z-abc\.eml$/);
    const parsed = await simpleParser(readFileSync(path.join(dataDir, 'outbox', files[0])));
    expect(parsed.subject).toBe('Your Scentry smell screening result');
    expect(Buffer.compare(parsed.attachments[0].content, pdf)).toBe(0);
  });
});

import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { AccountMailQueue, accountMail } from './account-mail';
import { type Mailer, type MailMessage, MailSendError } from './mail';

const log = { error: vi.fn() } as unknown as FastifyBaseLogger;

function fakeMailer(failFirst = 0): Mailer & { sent: MailMessage[]; tries: number } {
  const m = {
    sent: [] as MailMessage[],
    tries: 0,
    async send(message: MailMessage) {
      m.tries += 1;
      if (m.tries <= failFirst) throw new MailSendError('down', 'ECONNREFUSED', undefined, false);
      m.sent.push(message);
      return 'outbox' as const;
    },
    close() {},
  };
  return m;
}

describe('accountMail', () => {
  it('a reset link: the link on its own line, automatic, no attachment', () => {
    const m = accountMail(
      { firstName: 'Ann', address: 'ann@x.test' },
      { kind: 'reset-link', link: 'https://s/a#token=t' },
    );
    expect(m.to.address).toBe('ann@x.test');
    expect(m.subject).toBe('Reset your Scentry password');
    expect(m.text.split('\n')).toContain('https://s/a#token=t');
    expect(m.text.startsWith('Hello Ann,')).toBe(true);
    expect(m.attachments).toEqual([]);
    expect(m.headers).toEqual({ 'Auto-Submitted': 'auto-generated' });
  });

  it('an e-mail change names the new address only masked', () => {
    const m = accountMail(
      { firstName: '', address: 'old@x.test' },
      { kind: 'email-changed', newAddress: 'new@y.test' },
    );
    expect(m.text).toContain('n***@y.test');
    expect(m.text).not.toContain('new@y.test');
    expect(m.text.startsWith('Hello,')).toBe(true);
  });
});

describe('AccountMailQueue', () => {
  it('sends in order without the caller waiting, and drain waits for all', async () => {
    const mailer = fakeMailer();
    const q = new AccountMailQueue(mailer, log, 1);
    q.enqueue({ firstName: 'A', address: 'a@x.test' }, { kind: 'password-changed' });
    q.enqueue({ firstName: 'B', address: 'b@x.test' }, { kind: 'totp-enabled' });
    expect(mailer.sent).toHaveLength(0);
    await q.drain();
    expect(mailer.sent.map((m) => m.to.address)).toEqual(['a@x.test', 'b@x.test']);
  });

  it('retries a failed send twice, then gives up and logs a masked address', async () => {
    const ok = fakeMailer(2);
    const q1 = new AccountMailQueue(ok, log, 1);
    q1.enqueue({ firstName: 'A', address: 'a@x.test' }, { kind: 'password-changed' });
    await q1.drain();
    expect(ok.sent).toHaveLength(1);

    const down = fakeMailer(99);
    const q2 = new AccountMailQueue(down, log, 1);
    q2.enqueue({ firstName: 'A', address: 'alice@x.test' }, { kind: 'password-changed' });
    await q2.drain();
    expect(down.tries).toBe(3);
    expect(down.sent).toHaveLength(0);
    expect(JSON.stringify(vi.mocked(log.error).mock.calls.at(-1))).toContain('a***@x.test');
    expect(JSON.stringify(vi.mocked(log.error).mock.calls.at(-1))).not.toContain('alice@');
  });
});

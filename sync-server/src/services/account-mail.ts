import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { type Mailer, type MailMessage, maskEmail } from './mail';

/**
 * The staff account e-mails (issue 25): a reset link, and a notice when the password, two-step
 * sign-in or e-mail address of an account changes. English only, like the back office.
 */
export type AccountMail =
  | { kind: 'reset-link'; link: string }
  | { kind: 'password-changed' }
  | { kind: 'totp-enabled' }
  | { kind: 'totp-disabled' }
  | { kind: 'totp-cleared' }
  | { kind: 'recovery-codes-renewed' }
  | { kind: 'email-changed'; newAddress: string };

/** The recipient: a staff member (their name is theirs, so it may be used). */
export interface AccountMailTo {
  firstName: string;
  address: string;
}

const NOT_YOU =
  'If this was not you, ask your Scentry administrator to secure your account (and change your password) at once.';

function lines(mail: AccountMail): { subject: string; body: string[] } {
  switch (mail.kind) {
    case 'reset-link':
      return {
        subject: 'Reset your Scentry password',
        body: [
          'Someone (we hope you) asked to reset the password of your Scentry staff account.',
          'Open this link within one hour to choose a new password. It works once:',
          '',
          mail.link,
          '',
          'If you did not ask, ignore this e-mail: your password stays as it is.',
        ],
      };
    case 'password-changed':
      return {
        subject: 'Your Scentry password was changed',
        body: ['The password of your Scentry staff account was just changed.', NOT_YOU],
      };
    case 'totp-enabled':
      return {
        subject: 'Two-step sign-in is on for your Scentry account',
        body: [
          'Two-step sign-in was just turned on for your Scentry staff account: signing in now asks for a code from your authenticator app.',
          NOT_YOU,
        ],
      };
    case 'totp-disabled':
      return {
        subject: 'Two-step sign-in was turned off on your Scentry account',
        body: ['Two-step sign-in was just turned off for your Scentry staff account.', NOT_YOU],
      };
    case 'totp-cleared':
      return {
        subject: 'Two-step sign-in was cleared on your Scentry account',
        body: [
          'An administrator cleared the two-step sign-in of your Scentry staff account (for example after a lost phone), and your sessions were ended.',
          'Set it up again from the menu with your name after signing in.',
          NOT_YOU,
        ],
      };
    case 'recovery-codes-renewed':
      return {
        subject: 'New recovery codes for your Scentry account',
        body: [
          'New recovery codes were just made for the two-step sign-in of your Scentry staff account; the old ones no longer work.',
          NOT_YOU,
        ],
      };
    case 'email-changed':
      return {
        subject: 'The e-mail address of your Scentry account was changed',
        body: [
          `The e-mail address of your Scentry staff account was changed to ${maskEmail(mail.newAddress)}. This address no longer signs in.`,
          NOT_YOU,
        ],
      };
  }
}

/** The message for one account e-mail: a fixed text, marked as sent automatically. */
export function accountMail(to: AccountMailTo, mail: AccountMail): MailMessage {
  const { subject, body } = lines(mail);
  const greeting = to.firstName.trim() ? `Hello ${to.firstName.trim()},` : 'Hello,';
  return {
    id: randomUUID(),
    to: { name: '', address: to.address },
    subject,
    text: [
      greeting,
      '',
      ...body,
      '',
      'This e-mail was sent automatically; please do not reply.',
      '',
      'Scentry',
      '',
    ].join('\n'),
    attachments: [],
    headers: { 'Auto-Submitted': 'auto-generated' },
  };
}

/**
 * Account e-mails go out from an in-process queue, one at a time: the request that causes one is
 * answered without waiting for the mail (so ForgotPassword's reply time says nothing about the
 * account). A mail that fails is tried twice more, then logged (masked address) and dropped: a
 * lost reset link is asked for again; a lost notice is not worth holding a request. A restart
 * forgets what is queued (seconds' worth at most).
 */
export class AccountMailQueue {
  private tail: Promise<void> = Promise.resolve();
  private pending = 0;

  constructor(
    private readonly mailer: Mailer,
    private readonly log: FastifyBaseLogger,
    private readonly retryDelayMs = 2_000,
  ) {}

  /** Queues one e-mail; never throws, never waits for it. */
  enqueue(to: AccountMailTo, mail: AccountMail): void {
    const message = accountMail(to, mail);
    this.pending += 1;
    this.tail = this.tail.then(() => this.deliver(message)).finally(() => (this.pending -= 1));
  }

  /** How many e-mails wait in the queue (the metrics). */
  get waiting(): number {
    return this.pending;
  }

  /** Resolves when everything queued so far went out or was given up (tests, shutdown). */
  async drain(): Promise<void> {
    while (this.pending > 0) await this.tail;
  }

  private async deliver(message: MailMessage): Promise<void> {
    for (let attempt = 1; attempt <= 3; attempt++) {
      try {
        await this.mailer.send(message);
        return;
      } catch (err) {
        if (attempt === 3) {
          this.log.error(
            { emailId: message.id, to: maskEmail(message.to.address), err: (err as Error).message },
            'account e-mail not sent',
          );
          return;
        }
        await new Promise((r) => setTimeout(r, this.retryDelayMs * attempt));
      }
    }
  }
}

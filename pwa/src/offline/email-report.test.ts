import en from '@scentry/shared-schema/i18n/en.json';
import es from '@scentry/shared-schema/i18n/es.json';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadMessages } from '../i18n';

type Messages = Parameters<typeof loadMessages>[1];

const sent: unknown[] = [];
const queued: unknown[] = [];
let online = true;

vi.mock('../lib/api', () => ({
  ApiFailure: class extends Error {},
  callPlayer: async (_endpoint: string, { form }: { form: FormData }) => {
    sent.push(JSON.parse(String(form.get('model'))));
  },
}));
vi.mock('./send-or-queue', () => ({
  sendOrQueue: async (
    _resultId: string,
    send: (state: unknown, writeKey: string | null, mark: { deviceId: string; seq: number }) => Promise<void>,
    queue: (mark: { deviceId: string; seq: number }) => Promise<void>,
  ) => {
    const mark = { deviceId: '6f1d2c3b-0000-4000-8000-000000000001', seq: 3 };
    if (online) {
      await send(null, null, mark);
      return 'sent';
    }
    await queue(mark);
    return 'queued';
  },
}));
vi.mock('./store', () => ({ queueEmailLocally: async (doc: unknown) => queued.push(doc) }));

const { emailReport } = await import('./email-report');

describe("a report e-mail carries the player's language", () => {
  beforeEach(() => {
    sent.length = 0;
    queued.length = 0;
    online = true;
  });
  afterEach(() => loadMessages('en', en as unknown as Messages));

  it('sends `Language` as the app speaks when asked: es for a Spanish player, en otherwise', async () => {
    loadMessages('es', es as unknown as Messages);
    await emailReport({ kind: 'result', resultId: 'r1', email: 'ana@example.com' });
    loadMessages('en', en as unknown as Messages);
    await emailReport({ kind: 'questionnaire', resultId: 'r1', email: 'ana@example.com' });
    expect(sent).toMatchObject([
      { Email: 'ana@example.com', TestResultId: 'r1', Language: 'es' },
      { TestResultId: 'r1', Language: 'en' },
    ]);
  });

  it('keeps the language of the moment in a queued e-mail, whatever the app speaks when it goes', async () => {
    online = false;
    loadMessages('es', es as unknown as Messages);
    await emailReport({ kind: 'result', resultId: 'r2', email: 'ana@example.com' });
    loadMessages('en', en as unknown as Messages);
    expect(queued).toMatchObject([{ testResultId: 'r2', kind: 'result', language: 'es' }]);
  });
});

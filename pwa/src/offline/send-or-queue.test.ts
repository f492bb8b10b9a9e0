import { MSG } from '@scentry/shared-schema';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiFailure } from '../lib/api';
import { createLocalDatabase, type LocalDatabase } from './db';
import type { DeviceMark } from './device';
import { sendOrQueue } from './send-or-queue';

let db: LocalDatabase;
let n = 0;
beforeEach(async () => {
  db = await createLocalDatabase({ name: `send-or-queue-${++n}`, storage: getRxStorageMemory() });
});
afterEach(async () => {
  await db.close();
});

const deps = () => ({ db, online: () => true, syncBriefly: async () => {}, requestSync: () => {} });
const failure = (status: number, message: string) =>
  new ApiFailure(status, { status: 'Failure', message, error: null, data: null });

describe('sendOrQueue and the device numbers (API.md "Devices")', () => {
  it('a send the throttle refused (429) is queued under the number it was sent with', async () => {
    const sent: DeviceMark[] = [];
    const queued: DeviceMark[] = [];
    const outcome = await sendOrQueue(
      'r1',
      async (_s, _k, mark) => {
        sent.push(mark);
        throw failure(429, MSG.tooManyRequests);
      },
      async (mark) => {
        queued.push(mark);
      },
      deps(),
    );
    expect(outcome).toBe('queued');
    expect(queued).toEqual(sent);
    expect(queued[0]?.seq).toBe(1);
  });

  it("another refusal is the server's answer: thrown, nothing queued", async () => {
    const queued: DeviceMark[] = [];
    await expect(
      sendOrQueue(
        'r1',
        async () => {
          throw failure(400, 'Enter a valid e-mail address.');
        },
        async (mark) => void queued.push(mark),
        deps(),
      ),
    ).rejects.toBeInstanceOf(ApiFailure);
    expect(queued).toEqual([]);
  });
});

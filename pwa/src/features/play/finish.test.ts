import type { KitDoc } from '@scentry/shared-schema';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type EventState, setEvent } from '../../lib/event-mode';
import { startNewPlayer, updatePlayer } from '../../lib/player';
import { finishPlay } from './finish';

// The device's store and the sync loop, as seen from the end of a play: what is kept for upload.
const saved = vi.hoisted(() => [] as { organizationId: number | null }[]);
vi.mock('../../offline/store', () => ({
  saveResultLocally: async (doc: { organizationId: number | null }) => {
    saved.push(doc);
  },
}));
vi.mock('../../offline/sync', () => ({ requestSync: async () => undefined }));

const KIT: KitDoc = {
  id: 'demo1',
  kitId: 1,
  name: 'Demo kit',
  version: 1,
  passThreshold: 1,
  updatedAt: '2026-01-01T00:00:00.000Z',
  _deleted: false,
  cards: [],
};

const EVENT: EventState = {
  code: 'demo1',
  kitName: 'Demo kit',
  organizationId: 42,
  organizationName: 'Event Clinic',
  pin: { hash: 'aA==', salt: 'cw==', iterations: 1000 },
  language: 'en',
  textSize: 100,
  tries: { wrong: 0, lockedUntil: null },
  playerActive: true,
  startedAt: '2026-11-26T02:00:00.000Z',
};

describe("a result's organization", () => {
  beforeEach(() => {
    localStorage.clear();
    saved.length = 0;
    startNewPlayer();
  });

  it('is none when the player chose none, outside event mode', async () => {
    const result = await finishPlay(KIT, [], null);
    expect(saved[0].organizationId).toBeNull();
    expect(result.organizationId).toBeNull();
  });

  it("is the event's when the player chose none", async () => {
    setEvent(EVENT);
    const result = await finishPlay(KIT, [], null);
    expect(saved[0].organizationId).toBe(42);
    expect(result.organizationId).toBe(42);
  });

  it('is the provider the player picked, in event mode too', async () => {
    setEvent(EVENT);
    updatePlayer({ organizationId: 7 });
    await finishPlay(KIT, [], null);
    expect(saved[0].organizationId).toBe(7);
  });
});

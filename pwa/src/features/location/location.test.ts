import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EVENT_KEY } from '../../lib/event-mode';
import {
  allowLocation,
  declineLocation,
  forgetKnownPosition,
  knownPosition,
  LOCATION_KEY,
  locationDecision,
  locationNotice,
  mayReadSilently,
  noteUnsupportedShown,
  refreshPositionSilently,
} from './location';

type Perm = PermissionState | 'throws' | 'none';

/** A navigator whose geolocation (absent, or answering as told) and permission state the test sets. */
function fakeNavigator({ geo = true, perm = 'prompt' as Perm, deny = false } = {}) {
  const calls: string[] = [];
  const geolocation = {
    getCurrentPosition: (ok: PositionCallback, fail: PositionErrorCallback) => {
      calls.push('getCurrentPosition');
      if (deny) fail({ code: 1, PERMISSION_DENIED: 1 } as GeolocationPositionError);
      else ok({ coords: { latitude: 47.6, longitude: -122.3 } } as GeolocationPosition);
    },
  };
  const permissions =
    perm === 'none'
      ? undefined
      : {
          query: async () => {
            if (perm === 'throws') throw new TypeError('unsupported');
            return { state: perm };
          },
        };
  vi.stubGlobal('navigator', { ...(geo ? { geolocation } : {}), permissions });
  return calls;
}

describe('the location decision', () => {
  beforeEach(() => {
    localStorage.clear();
    forgetKnownPosition();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks a device that never decided, whose browser has not answered either', async () => {
    fakeNavigator({ perm: 'prompt' });
    expect(await locationNotice()).toBe('ask');
    fakeNavigator({ perm: 'none' });
    expect(await locationNotice()).toBe('ask');
    fakeNavigator({ perm: 'throws' });
    expect(await locationNotice()).toBe('ask');
  });

  it('does not ask when the browser already granted or refused it', async () => {
    fakeNavigator({ perm: 'granted' });
    expect(await locationNotice()).toBeNull();
    fakeNavigator({ perm: 'denied' });
    expect(await locationNotice()).toBeNull();
  });

  it('remembers "Not now": never asked again, never read, even where the browser would grant it', async () => {
    const calls = fakeNavigator({ perm: 'granted' });
    declineLocation();
    expect(locationDecision()).toBe('declined');
    fakeNavigator({ perm: 'prompt' });
    expect(await locationNotice()).toBeNull();
    fakeNavigator({ perm: 'granted' });
    expect(await mayReadSilently()).toBe(false);
    expect(await refreshPositionSilently()).toBeNull();
    expect(calls).toEqual([]);
  });

  it('Allow reads the position (the one call that may prompt) and remembers it', async () => {
    const calls = fakeNavigator({ perm: 'prompt' });
    expect(await allowLocation()).toEqual({ latitude: 47.6, longitude: -122.3 });
    expect(calls).toEqual(['getCurrentPosition']);
    expect(locationDecision()).toBe('allowed');
    expect(knownPosition()).toEqual({ latitude: 47.6, longitude: -122.3 });
    expect(await locationNotice()).toBeNull();
  });

  it('a refusal in the browser prompt counts as "Not now"', async () => {
    fakeNavigator({ perm: 'prompt', deny: true });
    expect(await allowLocation()).toBeNull();
    expect(locationDecision()).toBe('declined');
    expect(knownPosition()).toBeNull();
  });

  it('reads in the background only when nothing can prompt', async () => {
    // Never decided, the browser would prompt: nothing is called.
    let calls = fakeNavigator({ perm: 'prompt' });
    expect(await refreshPositionSilently()).toBeNull();
    expect(calls).toEqual([]);
    // Allowed here once, but the browser forgot its grant (would prompt again): nothing is called.
    localStorage.setItem(LOCATION_KEY, 'allowed');
    calls = fakeNavigator({ perm: 'prompt' });
    expect(await refreshPositionSilently()).toBeNull();
    expect(calls).toEqual([]);
    // Allowed, and the browser cannot tell (no Permissions API): the player's word is taken.
    calls = fakeNavigator({ perm: 'none' });
    expect(await refreshPositionSilently()).toEqual({ latitude: 47.6, longitude: -122.3 });
    // Never decided, but the browser grants it: read.
    localStorage.clear();
    forgetKnownPosition();
    calls = fakeNavigator({ perm: 'granted' });
    expect(await refreshPositionSilently()).not.toBeNull();
    expect(calls).toEqual(['getCurrentPosition']);
    expect(knownPosition()).not.toBeNull();
  });

  it('a browser without geolocation gets the unsupported notice once', async () => {
    fakeNavigator({ geo: false });
    expect(await locationNotice()).toBe('unsupported');
    noteUnsupportedShown();
    expect(await locationNotice()).toBeNull();
    expect(await allowLocation()).toBeNull();
    expect(await refreshPositionSilently()).toBeNull();
  });
});

describe('the location decision in event mode (each player asked)', () => {
  beforeEach(() => {
    localStorage.clear();
    forgetKnownPosition();
    localStorage.setItem(
      EVENT_KEY,
      JSON.stringify({
        code: 'demo1',
        kitName: 'Demo kit',
        organizationId: null,
        organizationName: null,
        pin: { hash: 'aGFzaA==', salt: 'c2FsdA==', iterations: 1000 },
        language: 'en',
        textSize: 100,
        tries: { wrong: 0, lockedUntil: null },
        playerActive: true,
        startedAt: '2026-11-26T02:00:00.000Z',
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it("asks the next player though the browser granted an earlier player's yes, and reads nothing for them", async () => {
    const calls = fakeNavigator({ perm: 'granted' });
    await allowLocation();
    expect(knownPosition()).not.toBeNull();
    // Next player clears the player's keys (features/event/clear.ts), this one with them.
    localStorage.removeItem(LOCATION_KEY);
    expect(await locationNotice()).toBe('ask');
    expect(await mayReadSilently()).toBe(false);
    expect(await refreshPositionSilently()).toBeNull();
    expect(knownPosition()).toBeNull();
    expect(calls).toEqual(['getCurrentPosition']);
    // Their own yes: read again.
    await allowLocation();
    expect(knownPosition()).not.toBeNull();
  });
});

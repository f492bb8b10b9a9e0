import { beforeEach, describe, expect, it } from 'vitest';
import {
  EVENT_KEY,
  type EventState,
  endEvent,
  eventOrganizationId,
  eventRoute,
  getEvent,
  isEventOn,
  setEvent,
  updateEvent,
} from './event-mode';

const EVENT: EventState = {
  code: 'demo1',
  kitName: 'Demo kit',
  organizationId: 7,
  organizationName: 'Event Clinic',
  pin: { hash: 'aA==', salt: 'cw==', iterations: 1000 },
  language: 'en',
  textSize: 100,
  tries: { wrong: 0, lockedUntil: null },
  playerActive: false,
  startedAt: '2026-11-26T02:00:00.000Z',
};

describe('event mode on the device', () => {
  beforeEach(() => localStorage.clear());

  it('is off without the key, or with a key that is no event', () => {
    expect(isEventOn()).toBe(false);
    expect(eventOrganizationId()).toBeNull();
    localStorage.setItem(EVENT_KEY, '{"code":"x"}');
    expect(getEvent()).toBeNull();
    localStorage.setItem(EVENT_KEY, 'not json');
    expect(getEvent()).toBeNull();
  });

  it('is on once set, gives its organization to results, and ends', () => {
    setEvent(EVENT);
    expect(isEventOn()).toBe(true);
    expect(eventOrganizationId()).toBe(7);
    updateEvent({ organizationId: null });
    expect(eventOrganizationId()).toBeNull();
    endEvent();
    expect(localStorage.getItem(EVENT_KEY)).toBeNull();
    expect(isEventOn()).toBe(false);
  });
});

describe('what each address shows in event mode', () => {
  const between = EVENT;
  const during = { ...EVENT, playerActive: true };
  const start = { kind: 'go', href: '/event/demo1' };
  const clear = { kind: 'clear', href: '/event/demo1' };

  it('between players: the start screen, whatever was asked for', () => {
    expect(eventRoute(between, '/event/demo1')).toEqual({ kind: 'stay' });
    expect(eventRoute(between, '/event/DEMO1/')).toEqual({ kind: 'stay' });
    for (const path of [
      '/',
      '/home',
      '/scent/demo1',
      '/result',
      '/pass',
      '/admin/testresult',
      '/admin/login',
      '/chart',
      '/nowhere',
      '/event/other',
    ])
      expect(eventRoute(between, path), path).toEqual(start);
  });

  it("during a turn: the player's own screens stay", () => {
    for (const path of [
      '/scent/DEMO1',
      '/pass',
      '/fail',
      '/result',
      '/summary',
      '/addOrganizationPage',
      '/additionalQuestion',
      '/userMedicationQuestion',
      '/legal/terms',
    ])
      expect(eventRoute(during, path), path).toEqual({ kind: 'stay' });
  });

  it("during a turn: the scanner and another kit lead to the event's kit", () => {
    for (const path of ['/scanQRCode', '/Camera', '/scent/other'])
      expect(eventRoute(during, path), path).toEqual({ kind: 'go', href: '/scent/demo1' });
  });

  it('during a turn: the start screen and anything else end the turn (the player is cleared)', () => {
    for (const path of [
      '/event/demo1',
      '/',
      '/home',
      '/admin/testresult',
      '/admin/login',
      '/chart',
      `/verify/x`,
      '/nowhere',
    ])
      expect(eventRoute(during, path), path).toEqual(clear);
  });
});

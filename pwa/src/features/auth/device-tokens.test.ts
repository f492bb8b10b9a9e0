import { beforeEach, describe, expect, it } from 'vitest';
import { clearSession, setSession } from '../../lib/session';
import { DEVICE_TOKENS_KEY, deviceTokenFor, rememberDeviceToken } from './device-tokens';

beforeEach(() => localStorage.clear());

describe('device tokens', () => {
  it('keeps one token per account e-mail, ignoring case and spaces, the newest replacing the older', () => {
    rememberDeviceToken('Ann@Clinic.test', 'dt-ann-1');
    rememberDeviceToken('bob@clinic.test', 'dt-bob');
    rememberDeviceToken(' ann@clinic.test ', 'dt-ann-2');
    expect(deviceTokenFor('ANN@clinic.test')).toBe('dt-ann-2');
    expect(deviceTokenFor('bob@clinic.test')).toBe('dt-bob');
    expect(deviceTokenFor('carol@clinic.test')).toBeUndefined();
    expect(JSON.parse(localStorage.getItem(DEVICE_TOKENS_KEY) ?? '')).toEqual({
      'bob@clinic.test': 'dt-bob',
      'ann@clinic.test': 'dt-ann-2',
    });
  });

  it('survive signing out (that is their purpose)', () => {
    setSession({
      token: 't',
      id: 1,
      roleName: 'Admin',
      firstName: 'A',
      lastName: 'B',
      organizationId: null,
      organizationName: null,
      discloseUserDetails: true,
    });
    rememberDeviceToken('ann@clinic.test', 'dt-ann');
    clearSession();
    expect(deviceTokenFor('ann@clinic.test')).toBe('dt-ann');
  });

  it('keep the 20 most recent accounts of a shared device', () => {
    for (let i = 0; i < 25; i++) rememberDeviceToken(`user${i}@clinic.test`, `dt-${i}`);
    expect(deviceTokenFor('user4@clinic.test')).toBeUndefined();
    expect(deviceTokenFor('user5@clinic.test')).toBe('dt-5');
    expect(deviceTokenFor('user24@clinic.test')).toBe('dt-24');
  });

  it('read garbled storage as none', () => {
    for (const raw of ['not json', '[1,2]', 'null', '{"ann@clinic.test": 5}']) {
      localStorage.setItem(DEVICE_TOKENS_KEY, raw);
      expect(deviceTokenFor('ann@clinic.test')).toBeUndefined();
    }
    rememberDeviceToken('ann@clinic.test', 'dt-ann');
    expect(deviceTokenFor('ann@clinic.test')).toBe('dt-ann');
  });
});

import { describe, expect, it } from 'vitest';
import { parseRequest } from '../common/bind';
import { CATALOGUE_MSG } from '../scent-cards/rules';
import { testKitRequest } from './schemas';

describe('testKitRequest with its messages', () => {
  it('testKitRequest: letters and digits only, threshold 1..5 defaulting to 4, inactive by default', () => {
    const r = parseRequest(testKitRequest, { name: 'Kit1' });
    expect(r).toEqual({ ok: true, data: { id: 0, name: 'Kit1', isActive: false, passThreshold: 4 } });
    for (const name of ['Kit 1', 'Kit_1', 'Kit-1', 'Kit.1', 'Kït']) {
      const bad = parseRequest(testKitRequest, { name });
      expect(bad.ok ? undefined : bad.message).toBe(CATALOGUE_MSG.kitNameInvalid);
    }
    for (const passThreshold of [0, 6, 1.5]) {
      const bad = parseRequest(testKitRequest, { name: 'Kit1', passThreshold });
      expect(bad.ok ? undefined : bad.message).toBe(CATALOGUE_MSG.kitThreshold);
    }
  });
});

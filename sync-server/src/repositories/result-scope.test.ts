import { describe, expect, it } from 'vitest';
import { resultScope, withNameRule } from './results';

describe('result scope and the name rule', () => {
  const row = { id: 'r1', firstName: 'Pat', lastName: 'Smeller', resultStatus: 'Pass' };

  it('lets an Admin see every organization, names included', () => {
    const scope = resultScope({ roleName: 'Admin', organizationId: null, discloseUserDetails: true });
    expect(scope).toEqual({ all: true, organizationId: null, hideNames: false });
    expect(withNameRule(scope, row)).toEqual(row);
  });

  it('keeps a Client Admin to their organization and removes names their organization does not disclose', () => {
    const disclosing = resultScope({ roleName: 'Client Admin', organizationId: 7, discloseUserDetails: true });
    expect(disclosing).toEqual({ all: false, organizationId: 7, hideNames: false });
    expect(withNameRule(disclosing, row)).toEqual(row);
    const private_ = resultScope({ roleName: 'Client Admin', organizationId: 7, discloseUserDetails: false });
    expect(withNameRule(private_, row)).toEqual({ ...row, firstName: null, lastName: null });
  });
});

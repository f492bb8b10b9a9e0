import { describe, expect, it } from 'vitest';
import { roleAllows } from './roles';

describe('roleAllows', () => {
  it('follows the access levels of API.md', () => {
    expect(roleAllows('public', undefined)).toBe(true);
    expect(roleAllows('auth', undefined)).toBe(false);
    for (const role of ['Admin', 'Client Admin', 'User'] as const) expect(roleAllows('auth', role)).toBe(true);
    expect(roleAllows('staff', 'Admin')).toBe(true);
    expect(roleAllows('staff', 'Client Admin')).toBe(true);
    expect(roleAllows('staff', 'User')).toBe(false);
    expect(roleAllows('admin', 'Admin')).toBe(true);
    expect(roleAllows('admin', 'Client Admin')).toBe(false);
    expect(roleAllows('admin', 'User')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { parseRequest } from '../common/bind';
import { CATALOGUE_MSG, SCENT_OPTION_NAME_MAX } from '../scent-cards/rules';
import { scentOptionModel } from './schemas';

describe('scentOptionModel with its messages', () => {
  it('scentOptionModel: name required, under 25 characters', () => {
    const msg = (v: unknown) => {
      const r = parseRequest(scentOptionModel, v);
      return r.ok ? 'ok' : r.message;
    };
    expect(SCENT_OPTION_NAME_MAX).toBe(24);
    expect(msg({ Title: 'a'.repeat(24) })).toBe('ok');
    expect(msg({ Title: 'a'.repeat(25) })).toBe(CATALOGUE_MSG.optionNameTooLong);
    expect(msg({})).toBe('Please enter name');
    expect(msg({ title: ' ' })).toBe('Please enter name');
  });
});

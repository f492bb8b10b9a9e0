import { describe, expect, it } from 'vitest';
import { envelope, isSuccess, success } from './envelope';

describe('envelope', () => {
  it('has exactly status, message, error and data', () => {
    expect(envelope('Warning', 'Careful', { a: 1 }, 'detail')).toEqual({
      status: 'Warning',
      message: 'Careful',
      error: 'detail',
      data: { a: 1 },
    });
    expect(envelope('Failure', 'No', null)).toEqual({ status: 'Failure', message: 'No', error: null, data: null });
  });

  it('success defaults its message and has no error', () => {
    expect(success([1, 2])).toEqual({ status: 'Success', message: 'Success', error: null, data: [1, 2] });
    expect(success(null, 'Done')).toEqual({ status: 'Success', message: 'Done', error: null, data: null });
  });
});

describe('isSuccess', () => {
  it('accepts Success in any letter case', () => {
    for (const status of ['Success', 'success', 'SUCCESS', 'sUcCeSs']) expect(isSuccess({ status })).toBe(true);
  });
  it('refuses anything else', () => {
    for (const e of [
      { status: 'Failure' },
      { status: 'Warning' },
      { status: 'Successful' },
      { status: '' },
      { status: true },
      { status: 1 },
      {},
      null,
      undefined,
    ]) {
      expect(isSuccess(e as { status?: unknown } | null | undefined)).toBe(false);
    }
  });
});

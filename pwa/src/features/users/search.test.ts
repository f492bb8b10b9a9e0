import { describe, expect, it } from 'vitest';
import { nextSort, userListParams, validateUserListSearch } from './search';

describe('the User list URL', () => {
  it('keeps page, size, the four filters and a known sort column; drops the rest', () => {
    expect(
      validateUserListSearch({
        page: '3',
        size: 20,
        q: 'ignored',
        firstName: ' Ann ',
        lastName: 'Lee',
        email: '',
        phone: 5551234,
        sort: 'lastName',
        order: 'desc',
        other: 'x',
      }),
    ).toEqual({
      page: 3,
      size: 20,
      firstName: 'Ann',
      lastName: 'Lee',
      phone: '5551234',
      sort: 'lastName',
      order: 'desc',
    });
  });

  it('refuses a column the server does not sort by, and an order without a column', () => {
    expect(validateUserListSearch({ sort: 'password', order: 'desc' })).toEqual({});
    expect(validateUserListSearch({ sort: 'email', order: 'sideways' })).toEqual({ sort: 'email' });
  });

  it('caps a filter at the server’s filter length', () => {
    expect(validateUserListSearch({ email: 'a'.repeat(500) }).email?.length).toBeLessThan(500);
  });

  it('asks for the filters and the order in the list request', () => {
    const p = userListParams({ page: 2, size: 50, lastName: 'Lee', sort: 'email', order: 'desc' });
    expect(p).toEqual({
      pageNumber: 2,
      rowsPerPage: 50,
      filter: { firstName: '', lastName: 'Lee', email: '', phone: '' },
      sort: { columnName: 'email', sortOrder: 'desc' },
    });
    expect(userListParams({ size: 10 }).sort).toBeNull();
  });

  it('a header click sorts a new column ascending and flips the current one', () => {
    expect(nextSort({}, 'email')).toEqual({ sort: 'email', order: undefined });
    expect(nextSort({ sort: 'email' }, 'email')).toEqual({ sort: 'email', order: 'desc' });
    expect(nextSort({ sort: 'email', order: 'desc' }, 'email')).toEqual({ sort: 'email', order: undefined });
    expect(nextSort({ sort: 'email', order: 'desc' }, 'role')).toEqual({ sort: 'role', order: undefined });
  });
});

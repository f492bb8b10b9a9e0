import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { authenticateRequest, changePasswordRequest } from '../auth/schemas';
import { bindKeys, parseRequest } from './bind';
import { MSG } from './messages';

const card = z.object({
  name: z.string(),
  sortOrder: z.number(),
  scentCardOptions: z.array(z.object({ scentCardOptionId: z.number(), title: z.string().optional() })),
});
const request = z.object({
  testKitId: z.number(),
  filter: z.object({ firstName: z.string().optional(), lastName: z.string().optional() }).optional(),
  cards: z.array(card),
  tags: z.array(z.string()).nullable(),
  paging: z.object({ pageNumber: z.number().default(1) }).default({ pageNumber: 1 }),
});

describe('bindKeys', () => {
  it('renames keys to the schema spelling, ignoring case', () => {
    expect(bindKeys(authenticateRequest, { Email: 'a@b.test', PASSWORD: 'x' })).toEqual({
      email: 'a@b.test',
      password: 'x',
    });
    expect(
      bindKeys(changePasswordRequest, { ID: 1, OldPassword: 'a', NEWPASSWORD: 'b', confirmpassword: 'c' }),
    ).toEqual({ id: 1, oldPassword: 'a', newPassword: 'b', confirmPassword: 'c' });
  });

  it('walks nested objects and arrays of objects (through optional, nullable and default)', () => {
    const input = {
      TestKitId: 7,
      Filter: { FirstName: 'Ann', LASTNAME: 'Lee', Unknown: 1 },
      Cards: [
        {
          Name: 'Card 1',
          SortOrder: 1,
          ScentCardOptions: [{ ScentCardOptionId: 0, Title: 'Rose', TempId: 'local-1' }, { scentcardoptionid: 5 }],
        },
      ],
      TAGS: ['KeepCase', 'AsIs'],
      Paging: { PageNumber: 3 },
    };
    expect(bindKeys(request, input)).toEqual({
      testKitId: 7,
      filter: { firstName: 'Ann', lastName: 'Lee' },
      cards: [
        {
          name: 'Card 1',
          sortOrder: 1,
          scentCardOptions: [{ scentCardOptionId: 0, title: 'Rose' }, { scentCardOptionId: 5 }],
        },
      ],
      tags: ['KeepCase', 'AsIs'],
      paging: { pageNumber: 3 },
    });
    expect(request.safeParse(bindKeys(request, input)).success).toBe(true);
  });

  it('drops unknown keys at every level', () => {
    const out = bindKeys(request, {
      testKitId: 1,
      extra: true,
      cards: [{ name: 'n', sortOrder: 1, scentCardOptions: [], junk: [1, 2] }],
    });
    expect(out).toEqual({ testKitId: 1, cards: [{ name: 'n', sortOrder: 1, scentCardOptions: [] }] });
  });

  it('prefers the exact-case key over a differently cased duplicate, in either order', () => {
    expect(bindKeys(authenticateRequest, { EMAIL: 'upper@x.test', email: 'exact@x.test' })).toEqual({
      email: 'exact@x.test',
    });
    expect(bindKeys(authenticateRequest, { email: 'exact@x.test', EMAIL: 'upper@x.test' })).toEqual({
      email: 'exact@x.test',
    });
  });

  it('never copies __proto__', () => {
    const input = JSON.parse('{"__proto__": {"polluted": true}, "Email": "a@b.test"}');
    const out = bindKeys(authenticateRequest, input) as Record<string, unknown>;
    expect(out).toEqual({ email: 'a@b.test' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
  });

  it('leaves values that do not match the schema shape untouched for the validator', () => {
    expect(bindKeys(authenticateRequest, 'text')).toBe('text');
    expect(bindKeys(authenticateRequest, null)).toBeNull();
    const arr = [{ Email: 'a@b.test' }];
    expect(bindKeys(authenticateRequest, arr)).toBe(arr);
    expect(bindKeys(request, { cards: 'not-an-array' })).toEqual({ cards: 'not-an-array' });
  });

  it('binds through a transform (pipe)', () => {
    const schema = z.object({ userName: z.string() }).transform((v) => v.userName.toUpperCase());
    expect(schema.parse(bindKeys(schema, { USERNAME: 'ann' }))).toBe('ANN');
  });
});

describe('parseRequest', () => {
  it('binds, validates and returns the data', () => {
    expect(parseRequest(authenticateRequest, { EMAIL: ' a@b.test ', Password: 'pw', extra: 1 })).toEqual({
      ok: true,
      data: { email: 'a@b.test', password: 'pw' },
    });
  });

  it("reports the first issue's message and one message per field", () => {
    const result = parseRequest(authenticateRequest, { Email: 'nope' });
    expect(result).toEqual({
      ok: false,
      message: MSG.emailInvalid,
      fields: { email: MSG.emailInvalid, password: MSG.passwordRequiredLogin },
    });
  });

  it('treats undefined and null input as an empty object', () => {
    for (const input of [undefined, null]) {
      const result = parseRequest(authenticateRequest, input);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.message).toBe(MSG.emailRequired);
    }
  });

  it('names nested fields by their path', () => {
    const result = parseRequest(request, {
      testKitId: 1,
      cards: [{ name: 'n', sortOrder: 'x', scentCardOptions: [] }],
    });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.fields)).toContain('cards.0.sortOrder');
  });
});

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

describe('parseRequest: what no engine may store', () => {
  const valid = {
    testKitId: 7,
    filter: { firstName: 'Ann' },
    cards: [{ name: 'n', sortOrder: 1, scentCardOptions: [{ scentCardOptionId: 3, title: 't' }] }],
    tags: ['a'],
  };
  const refused = (input: unknown, field: string) =>
    expect(parseRequest(request, input)).toEqual({
      ok: false,
      message: MSG.invalidRequest,
      fields: { [field]: MSG.invalidRequest },
    });

  it('takes text and whole numbers up to 2^53 − 1, and fractions', () => {
    const max = Number.MAX_SAFE_INTEGER;
    const result = parseRequest(request, {
      ...valid,
      testKitId: max,
      cards: [{ ...valid.cards[0], sortOrder: 12.5 }],
    });
    expect(result.ok).toBe(true);
    expect(parseRequest(request, { ...valid, testKitId: -max }).ok).toBe(true);
    expect(parseRequest(request, { ...valid, tags: ['é😀\u0001'] }).ok).toBe(true);
  });

  it('refuses U+0000 in text wherever it is, naming the field', () => {
    refused({ ...valid, filter: { FirstName: 'a\u0000b' } }, 'filter.firstName');
    refused({ ...valid, tags: ['ok', '\u0000'] }, 'tags.1');
    refused(
      { ...valid, cards: [{ ...valid.cards[0], scentCardOptions: [{ scentCardOptionId: 3, title: '\u0000' }] }] },
      'cards.0.scentCardOptions.0.title',
    );
  });

  it('refuses a whole number past 2^53 − 1 (an id past bigint, 1e20) with the ordinary message', () => {
    for (const n of [2 ** 53, 1e20, 2 ** 63, -(2 ** 63)]) refused({ ...valid, testKitId: n }, 'testKitId');
    refused({ ...valid, cards: [{ ...valid.cards[0], sortOrder: 2 ** 63 }] }, 'cards.0.sortOrder');
  });

  it("lets a field's own rule speak first", () => {
    const result = parseRequest(authenticateRequest, { Email: 'nope\u0000' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toBe(MSG.emailInvalid);
  });

  it("refuses a query's coerced id past 2^53 − 1, and checks a record's values but not opaque documents", () => {
    const query = z.object({ id: z.coerce.number() });
    expect(parseRequest(query, { Id: '12' })).toEqual({ ok: true, data: { id: 12 } });
    for (const id of ['1e20', '9223372036854775808']) {
      expect(parseRequest(query, { Id: id })).toEqual({
        ok: false,
        message: MSG.invalidRequest,
        fields: { id: MSG.invalidRequest },
      });
    }
    const versions = z.object({ versions: z.record(z.string(), z.number()) });
    expect(parseRequest(versions, { versions: { K1: 2 ** 63 } }).ok).toBe(false);
    expect(parseRequest(versions, { versions: { 'K\u0000': 1 } }).ok).toBe(false);
    const push = z.object({ doc: z.record(z.string(), z.unknown()), state: z.unknown() });
    expect(parseRequest(push, { doc: { name: '\u0000', 'k\u0000': 1e20 }, state: ['\u0000'] }).ok).toBe(true);
  });
});

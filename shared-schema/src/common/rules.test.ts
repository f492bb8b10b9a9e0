import { describe, expect, it } from 'vitest';
import { createOrganizationRequest } from '../organizations/schemas';
import { createUserRequest, resetPasswordRequest } from '../users/schemas';
import { MSG } from './messages';
import {
  EMAIL_MAX,
  emailSchema,
  isStrongPassword,
  isValidEmail,
  NAME_MAX,
  newPasswordSchema,
  passwordSchema,
  personNameSchema,
} from './rules';

const firstMessage = (r: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  r.success ? undefined : r.error?.issues[0]?.message;

describe('isStrongPassword (at least 8, one upper, one lower, one digit or special)', () => {
  it.each(['Abcdefg1', 'Abcdefg!', 'aB3$aB3$', 'Pass word', 'ÄbcdefgH1', 'Brand-New1'])('accepts %j', (p) => {
    expect(isStrongPassword(p)).toBe(true);
  });
  it.each([
    ['too short', 'Abcde1!'],
    ['no uppercase', 'abcdefg1'],
    ['no lowercase', 'ABCDEFG1'],
    ['no digit or special', 'Abcdefgh'],
    ['empty', ''],
  ])('refuses %s (%j)', (_, p) => {
    expect(isStrongPassword(p)).toBe(false);
  });
});

describe('newPasswordSchema', () => {
  it('requires a value with the spec message', () => {
    expect(firstMessage(newPasswordSchema.safeParse(undefined))).toBe(MSG.newPasswordRequired);
    expect(firstMessage(newPasswordSchema.safeParse(''))).toBe(MSG.newPasswordRequired);
  });
  it('gives the pattern message for a weak password', () => {
    expect(firstMessage(newPasswordSchema.safeParse('weak'))).toBe(MSG.passwordPattern);
    expect(newPasswordSchema.safeParse('Strong-1').success).toBe(true);
  });
});

describe('isValidEmail', () => {
  it.each(['a@b.co', 'first.last@example.com', 'x+tag@sub.domain.org', 'O.Neil@Example.COM'])('accepts %j', (e) => {
    expect(isValidEmail(e)).toBe(true);
  });
  it.each([
    '',
    'plain',
    'a@b',
    'a@b.c',
    '@b.com',
    'a@.com',
    'a b@c.com',
    'a@b..com',
    'a@@b.com',
    'a@b.com.',
    'a@b.c0m',
  ])('refuses %j', (e) => {
    expect(isValidEmail(e)).toBe(false);
  });
  it(`caps the length at ${EMAIL_MAX}`, () => {
    const domain = '@example.com';
    const ok = `${'a'.repeat(EMAIL_MAX - domain.length)}${domain}`;
    expect(ok.length).toBe(EMAIL_MAX);
    expect(isValidEmail(ok)).toBe(true);
    expect(isValidEmail(`a${ok}`)).toBe(false);
  });
});

describe('emailSchema', () => {
  it('trims, then checks presence and pattern with the spec messages', () => {
    expect(emailSchema.parse('  a@b.co ')).toBe('a@b.co');
    expect(firstMessage(emailSchema.safeParse(undefined))).toBe(MSG.emailRequired);
    expect(firstMessage(emailSchema.safeParse('   '))).toBe(MSG.emailRequired);
    expect(firstMessage(emailSchema.safeParse('nope'))).toBe(MSG.emailInvalid);
    expect(firstMessage(emailSchema.safeParse(`${'a'.repeat(250)}@b.co`))).toBe(MSG.emailTooLong);
  });
});

describe('personNameSchema', () => {
  it.each(["O'Neil", 'Mary-Jo', 'José', 'Jr. Smith', 'Zoë Ångström', 'Nguyễn'])('accepts %j', (n) => {
    expect(personNameSchema.safeParse(n).success).toBe(true);
  });
  it('trims surrounding spaces', () => {
    expect(personNameSchema.parse('  Ann  ')).toBe('Ann');
  });
  it.each(['John1', 'Ann@', 'Bob!', '<script>', 'A_B', 'x;drop', '-Ann', "'Ann"])(
    'refuses special characters in %j',
    (n) => {
      expect(firstMessage(personNameSchema.safeParse(n))).toBe(MSG.specialCharacters);
    },
  );
  it(`allows ${NAME_MAX} characters and refuses ${NAME_MAX + 1}`, () => {
    expect(personNameSchema.safeParse('A'.repeat(NAME_MAX)).success).toBe(true);
    expect(firstMessage(personNameSchema.safeParse('A'.repeat(NAME_MAX + 1)))).toBe(MSG.nameTooLong);
  });
  it('requires a name', () => {
    expect(firstMessage(personNameSchema.safeParse(''))).toBe(MSG.nameRequired);
    expect(firstMessage(personNameSchema.safeParse('   '))).toBe(MSG.nameRequired);
    expect(firstMessage(personNameSchema.safeParse(undefined))).toBe(MSG.nameRequired);
  });
});

describe("Create User's and Create Organization's Password: 'Password is required' (spec §5)", () => {
  const messageAt = (r: ReturnType<typeof createUserRequest.safeParse>, field: string) =>
    r.success ? undefined : r.error.issues.find((i) => i.path[0] === field)?.message;
  it('passwordSchema says it, and the same pattern rule', () => {
    expect(firstMessage(passwordSchema.safeParse(''))).toBe(MSG.passwordRequired);
    expect(firstMessage(passwordSchema.safeParse(undefined))).toBe(MSG.passwordRequired);
    expect(firstMessage(passwordSchema.safeParse('weak'))).toBe(MSG.passwordPattern);
  });
  it('the create requests use it; the reset keeps New Password', () => {
    expect(messageAt(createUserRequest.safeParse({ password: '' }), 'password')).toBe(MSG.passwordRequired);
    expect(messageAt(createOrganizationRequest.safeParse({ password: '' }) as never, 'password')).toBe(
      MSG.passwordRequired,
    );
    expect(messageAt(resetPasswordRequest.safeParse({ userId: 1, password: '' }) as never, 'password')).toBe(
      MSG.newPasswordRequired,
    );
  });
});

import { z } from 'zod';
import { MSG } from './messages';
import { isPersonName, nameLength } from './names';

/** Users' names: at most 25 characters (DESIGN.md §7). */
export const NAME_MAX = 25;
/** E-mail addresses: checked by pattern, capped at 254 (DESIGN.md §7). */
export const EMAIL_MAX = 254;
/** Longest password taken: hashing is deliberately slow, and a megabyte password is an attack. */
export const PASSWORD_MAX = 128;

// Practical address pattern: one @, no spaces, a dotted domain with a 2+ letter TLD.
const EMAIL_RE = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)*\.[A-Za-z]{2,}$/;
export const isValidEmail = (v: string): boolean => v.length <= EMAIL_MAX && EMAIL_RE.test(v);

/** At least 8, one uppercase, one lowercase, one digit or special character (spec §5). */
export function isStrongPassword(v: string): boolean {
  return v.length >= 8 && /[A-Z]/.test(v) && /[a-z]/.test(v) && /[^A-Za-z]/.test(v);
}

const requiredString = (message: string) => z.string({ error: message }).trim().min(1, { error: message });

export const emailSchema = requiredString(MSG.emailRequired)
  .max(EMAIL_MAX, { error: MSG.emailTooLong })
  .refine((v) => EMAIL_RE.test(v), { error: MSG.emailInvalid });

/**
 * A required name under the one rule (names.ts): trimmed and stored in NFC, at most `max` characters
 * (nameLength), symbols and digits refused with the spec's 'Special characters are not allowed'.
 */
export const nameSchema = (messages: { required: string; tooLong: string }, max: number) =>
  z
    .string({ error: messages.required })
    .trim()
    .normalize('NFC')
    .min(1, { error: messages.required })
    .refine((v) => nameLength(v) <= max, { error: messages.tooLong })
    .refine((v) => v.length === 0 || nameLength(v) > max || isPersonName(v), { error: MSG.specialCharacters });

/** Users' names (staff forms): at most NAME_MAX characters. */
export const personNameSchema = nameSchema({ required: MSG.nameRequired, tooLong: MSG.nameTooLong }, NAME_MAX);

/** A password being set: present, not absurdly long, strong (spec §5); `required` says it is missing. */
const strongPassword = (required: string) =>
  z
    .string({ error: required })
    .min(1, { error: required })
    .max(PASSWORD_MAX, { error: MSG.passwordTooLong })
    .refine(isStrongPassword, { error: MSG.passwordPattern });

/** Change Password's and a reset's new password: 'New Password is required' (spec §5). */
export const newPasswordSchema = strongPassword(MSG.newPasswordRequired);
/** Create User's and Create Organization's Password field: 'Password is required' (spec §5). */
export const passwordSchema = strongPassword(MSG.passwordRequired);

/** A password as typed at sign-in or as the current one: present, and not absurdly long. */
export const givenPassword = (message: string) =>
  z.string({ error: message }).min(1, { error: message }).max(PASSWORD_MAX, { error: MSG.passwordTooLong });

export { requiredString };

import { z } from 'zod';
import { MSG } from './messages';

/** Users' names: at most 25 characters (DESIGN.md §7). */
export const NAME_MAX = 25;
/** E-mail addresses: checked by pattern, capped at 254 (DESIGN.md §7). */
export const EMAIL_MAX = 254;
/** Longest password taken: hashing is deliberately slow, and a megabyte password is an attack. */
export const PASSWORD_MAX = 128;

// Practical address pattern: one @, no spaces, a dotted domain with a 2+ letter TLD.
const EMAIL_RE = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)*\.[A-Za-z]{2,}$/;
// Letters of any script, spaces, apostrophes, hyphens and dots ("O'Neil", "Mary-Jo", "Jr.").
const NAME_RE = /^[\p{L}\p{M}][\p{L}\p{M} '’.-]*$/u;

export const isValidEmail = (v: string): boolean => v.length <= EMAIL_MAX && EMAIL_RE.test(v);

/** At least 8, one uppercase, one lowercase, one digit or special character (spec §5). */
export function isStrongPassword(v: string): boolean {
  return v.length >= 8 && /[A-Z]/.test(v) && /[a-z]/.test(v) && /[^A-Za-z]/.test(v);
}

const requiredString = (message: string) => z.string({ error: message }).trim().min(1, { error: message });

export const emailSchema = requiredString(MSG.emailRequired)
  .max(EMAIL_MAX, { error: MSG.emailTooLong })
  .refine((v) => EMAIL_RE.test(v), { error: MSG.emailInvalid });

export const personNameSchema = requiredString(MSG.nameRequired)
  .max(NAME_MAX, { error: MSG.nameTooLong })
  .refine((v) => NAME_RE.test(v), { error: MSG.specialCharacters });

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

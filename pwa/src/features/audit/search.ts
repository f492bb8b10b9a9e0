import { type ListSearch, validateListSearch } from '../../lib/route-params';

/** The audit list's URL: page and size, an action, a user id and a span of days (MM/DD/YYYY). */
export interface AuditSearch extends ListSearch {
  action?: string;
  user?: number;
  from?: string;
  to?: string;
}

const DAY = /^(0[1-9]|1[0-2])\/(0[1-9]|[12]\d|3[01])\/\d{4}$/;
export const AUDIT_ACTIONS = [
  'sign-in',
  'sign-in-failed',
  'create',
  'update',
  'delete',
  'password-change',
  'password-reset',
  'view',
  'export',
  'end-other-sessions',
  // Password reset by link (issue 25)
  'reset-link-requested',
  'reset-link-sent',
  'password-reset-failed',
  // two-step sign-in (issue 25): the password step of a TOTP account, and the TOTP changes
  'sign-in-challenge',
  'totp-setup',
  'totp-enable',
  'totp-disable',
  'totp-recovery-codes',
  'totp-clear',
];

export function validateAuditSearch(raw: Record<string, unknown>): AuditSearch {
  const { page, size } = validateListSearch(raw);
  const out: AuditSearch = { page, size };
  if (typeof raw.action === 'string' && AUDIT_ACTIONS.includes(raw.action)) out.action = raw.action;
  const user = Number(raw.user);
  if (Number.isInteger(user) && user > 0) out.user = user;
  if (typeof raw.from === 'string' && DAY.test(raw.from)) out.from = raw.from;
  if (typeof raw.to === 'string' && DAY.test(raw.to)) out.to = raw.to;
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined)) as AuditSearch;
}

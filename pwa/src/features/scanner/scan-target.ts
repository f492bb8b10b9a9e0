import { KIT_NAME_MAX, KIT_NAME_RE } from '@scentry/shared-schema';

export type ScanTarget =
  | { kind: 'app'; code: string }
  | { kind: 'external'; url: string }
  | { kind: 'invalid' }
  | { kind: 'none' };

/**
 * Where a scanned or typed text leads (spec §2, DESIGN.md §5): a URL of this app ending in
 * /scent/<code> stays in the app, as does a bare kit code (letters and digits only, KIT_NAME_RE);
 * any other https:// address (or other page of this app) is followed. Anything else cannot lead
 * to a kit and is invalid, which the player is told; empty text is nothing at all. A code longer
 * than a kit name may be (KIT_NAME_MAX) is invalid at once: no kit has it, and the server refuses it.
 */
export function scanTarget(text: string, appOrigins: string[]): ScanTarget {
  const value = text.trim();
  if (!value) return { kind: 'none' };
  if (KIT_NAME_RE.test(value)) return isKitCode(value) ? { kind: 'app', code: value } : { kind: 'invalid' };
  if (!/^https?:\/\//i.test(value) || !URL.canParse(value)) return { kind: 'invalid' };
  const url = new URL(value);
  const ours = appOrigins.includes(url.origin);
  const kitPath = /\/scent\/([^/?#]+)\/?$/.exec(url.pathname);
  if (ours && kitPath) {
    // A kit link of this app whose code cannot be a kit's is refused here, not opened.
    const code = safeDecode(kitPath[1]);
    return code !== null && isKitCode(code) ? { kind: 'app', code } : { kind: 'invalid' };
  }
  return ours || url.protocol === 'https:' ? { kind: 'external', url: value } : { kind: 'invalid' };
}

/** Letters and digits, no longer than a kit's name may be: what can be a kit's code. */
export const isKitCode = (code: string): boolean => code.length <= KIT_NAME_MAX && KIT_NAME_RE.test(code);

function safeDecode(part: string): string | null {
  try {
    return decodeURIComponent(part);
  } catch {
    return null;
  }
}

/** Spaces, dashes of every kind, dots and underscores: what people type between a code's parts. */
const SEPARATORS = /[\s\u00a0\-\u2010-\u2015\u2212\u30fc._·]+/g;

/**
 * A code typed by hand, read leniently: "demo-1", " DEMO 1 " and "Demo–1" all mean DEMO1 (kit
 * codes are letters and digits, unique ignoring case). An address (anything with "://") is left
 * as typed, but trimmed: it is read like a scanned one.
 */
export function readTypedCode(text: string): string {
  const value = text.trim();
  if (value.includes('://')) return value;
  return value.replace(SEPARATORS, '').toUpperCase();
}

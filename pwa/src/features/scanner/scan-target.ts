export type ScanTarget = { kind: 'app'; code: string } | { kind: 'external'; url: string } | { kind: 'none' };

/**
 * Where a scanned text leads (spec §2, DESIGN.md §5): a URL of this app ending in /scent/<code>
 * stays in the app; any other https:// text is followed; anything else is a kit code.
 */
export function scanTarget(text: string, appOrigins: string[]): ScanTarget {
  const value = text.trim();
  if (!value) return { kind: 'none' };
  if (/^https?:\/\//i.test(value)) {
    try {
      const url = new URL(value);
      const match = /\/scent\/([^/?#]+)\/?$/.exec(url.pathname);
      if (match && appOrigins.includes(url.origin)) return { kind: 'app', code: decodeURIComponent(match[1]) };
    } catch {
      return { kind: 'none' };
    }
    return /^https:\/\//i.test(value) ? { kind: 'external', url: value } : { kind: 'none' };
  }
  return { kind: 'app', code: value };
}

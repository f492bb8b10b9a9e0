import { describe, expect, it } from 'vitest';
import { cameraProblemOf } from './qr-scanner';
import { scanTarget } from './scan-target';

const ORIGINS = ['https://play.scentry.example', 'http://localhost:3000'];

describe('scanTarget', () => {
  it('keeps a URL of this app in the app', () => {
    expect(scanTarget('https://play.scentry.example/scent/DEMO1', ORIGINS)).toEqual({ kind: 'app', code: 'DEMO1' });
    expect(scanTarget('http://localhost:3000/scent/Kit42/', ORIGINS)).toEqual({ kind: 'app', code: 'Kit42' });
  });

  it('follows any other https:// address, and other pages of this app', () => {
    expect(scanTarget('https://example.org/scent/DEMO1', ORIGINS)).toEqual({
      kind: 'external',
      url: 'https://example.org/scent/DEMO1',
    });
    expect(scanTarget('https://example.org/promo', ORIGINS).kind).toBe('external');
    expect(scanTarget('http://localhost:3000/home', ORIGINS)).toEqual({
      kind: 'external',
      url: 'http://localhost:3000/home',
    });
  });

  it('treats letters and digits as a kit code, and ignores empty text', () => {
    expect(scanTarget('  DEMO1 ', ORIGINS)).toEqual({ kind: 'app', code: 'DEMO1' });
    expect(scanTarget('kit42', ORIGINS)).toEqual({ kind: 'app', code: 'kit42' });
    expect(scanTarget('', ORIGINS)).toEqual({ kind: 'none' });
    expect(scanTarget('   ', ORIGINS)).toEqual({ kind: 'none' });
  });

  it('calls anything else invalid: no kit code, no address of this app, no https:// address', () => {
    for (const text of [
      'http://evil.example/x', // insecure and not this app
      'DEMO-1',
      'DEMO 1',
      'Kit_42',
      'WIFI:S:Cafe;T:WPA;P:secret;;',
      'mailto:someone@example.org',
      'javascript:alert(1)',
      'https://',
      'https://exa mple.org/x',
      'https://play.scentry.example/scent/DEMO-1', // this app, but a code no kit can have
      'http://localhost:3000/scent/%E0%A4%A', // this app, a code that does not even decode
      'http://localhost:3000/scent/Kit%2042',
    ]) {
      expect(scanTarget(text, ORIGINS), text).toEqual({ kind: 'invalid' });
    }
  });
});

describe('cameraProblemOf', () => {
  it('tells a busy camera from a refused one', () => {
    expect(cameraProblemOf('NotReadableError')).toBe('in-use');
    expect(cameraProblemOf('TrackStartError')).toBe('in-use');
    expect(cameraProblemOf('AbortError')).toBe('in-use');
    expect(cameraProblemOf('NotAllowedError')).toBe('denied');
    expect(cameraProblemOf('SecurityError')).toBe('denied');
    expect(cameraProblemOf('NotFoundError')).toBe('denied');
    expect(cameraProblemOf('')).toBe('denied');
  });
});

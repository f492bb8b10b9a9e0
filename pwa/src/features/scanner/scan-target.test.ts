import { describe, expect, it } from 'vitest';
import { cameraProblemOf } from './qr-scanner';
import { scanTarget } from './scan-target';

const ORIGINS = ['https://play.scentry.example', 'http://localhost:3000'];

describe('scanTarget', () => {
  it('keeps a URL of this app in the app', () => {
    expect(scanTarget('https://play.scentry.example/scent/DEMO1', ORIGINS)).toEqual({ kind: 'app', code: 'DEMO1' });
    expect(scanTarget('http://localhost:3000/scent/Kit42/', ORIGINS)).toEqual({ kind: 'app', code: 'Kit42' });
  });

  it('follows any other https:// text', () => {
    expect(scanTarget('https://example.org/scent/DEMO1', ORIGINS)).toEqual({
      kind: 'external',
      url: 'https://example.org/scent/DEMO1',
    });
    expect(scanTarget('https://example.org/promo', ORIGINS).kind).toBe('external');
  });

  it('treats plain text as a kit code and ignores empty or insecure links', () => {
    expect(scanTarget('  DEMO1 ', ORIGINS)).toEqual({ kind: 'app', code: 'DEMO1' });
    expect(scanTarget('', ORIGINS)).toEqual({ kind: 'none' });
    expect(scanTarget('http://evil.example/x', ORIGINS)).toEqual({ kind: 'none' });
  });
});

describe('cameraProblemOf', () => {
  it('tells a busy camera from a refused one', () => {
    expect(cameraProblemOf('NotReadableError')).toBe('in-use');
    expect(cameraProblemOf('TrackStartError')).toBe('in-use');
    expect(cameraProblemOf('NotAllowedError')).toBe('denied');
    expect(cameraProblemOf('SecurityError')).toBe('denied');
  });
});

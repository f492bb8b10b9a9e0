import { describe, expect, it } from 'vitest';
import { cameraProblemOf } from './qr-scanner';
import { readTypedCode, scanTarget } from './scan-target';

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

  it('calls a code longer than a kit name may be invalid at once, typed or in a link of this app', () => {
    expect(scanTarget('A'.repeat(40), ORIGINS)).toEqual({ kind: 'app', code: 'A'.repeat(40) });
    expect(scanTarget('A'.repeat(41), ORIGINS)).toEqual({ kind: 'invalid' });
    expect(scanTarget('K'.repeat(61), ORIGINS)).toEqual({ kind: 'invalid' });
    expect(scanTarget(`http://localhost:3000/scent/${'K'.repeat(61)}`, ORIGINS)).toEqual({ kind: 'invalid' });
    expect(scanTarget(readTypedCode(`demo-${'1'.repeat(60)}`), ORIGINS)).toEqual({ kind: 'invalid' });
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
  it('tells a missing camera, a busy one and a refused one apart', () => {
    for (const name of [
      'NotFoundError',
      'DevicesNotFoundError',
      'OverconstrainedError',
      'ConstraintNotSatisfiedError',
    ]) {
      expect(cameraProblemOf(name), name).toBe('no-camera');
    }
    for (const name of ['NotReadableError', 'TrackStartError', 'AbortError']) {
      expect(cameraProblemOf(name), name).toBe('in-use');
    }
    for (const name of ['NotAllowedError', 'SecurityError', 'PermissionDeniedError', 'TypeError', '']) {
      expect(cameraProblemOf(name), name).toBe('denied');
    }
  });
});

describe('readTypedCode', () => {
  it('ignores spaces, dashes and similar separators inside a typed code, and reads it in capitals', () => {
    expect(readTypedCode('demo-1')).toBe('DEMO1');
    expect(readTypedCode(' DEMO 1 ')).toBe('DEMO1');
    expect(readTypedCode('Demo\u20131')).toBe('DEMO1'); // en dash
    expect(readTypedCode('de_mo.1')).toBe('DEMO1');
    expect(readTypedCode('kit 4 2')).toBe('KIT42');
    expect(scanTarget(readTypedCode('demo-1'), ORIGINS)).toEqual({ kind: 'app', code: 'DEMO1' });
  });

  it('reads nothing but separators as no code, and keeps any other character', () => {
    expect(readTypedCode('  - ')).toBe('');
    expect(readTypedCode('DEMO?1')).toBe('DEMO?1');
    expect(scanTarget(readTypedCode('DEMO?1'), ORIGINS)).toEqual({ kind: 'invalid' });
  });

  it('keeps a typed address as it is, trimmed', () => {
    expect(readTypedCode(' https://play.scentry.example/scent/Kit42 ')).toBe(
      'https://play.scentry.example/scent/Kit42',
    );
  });
});

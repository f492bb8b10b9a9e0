import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, makeTestApp, type TestApp } from '../../test/helpers';
import { inlineScriptHashes } from './security';

/*
 * index.html's boot script (the player's early kit request) is inline: the CSP allows it by its
 * sha256, read from the index.html the server sends, never by 'unsafe-inline'.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const sourceHtml = readFileSync(path.resolve(here, '../../../../pwa/index.html'), 'utf8');
const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

let dist: string;
let t: TestApp;
beforeAll(async () => {
  dist = makeTempDir('scentry-dist-');
  mkdirSync(dist, { recursive: true });
  // As Vite writes it: the boot script kept, the app's module script added with a src.
  writeFileSync(
    path.join(dist, 'index.html'),
    sourceHtml.replace(
      '<script type="module" src="/src/main.tsx"></script>',
      '<script type="module" crossorigin src="/assets/index-abc.js"></script>',
    ),
  );
  t = await makeTestApp({ env: { PWA_DIST: dist } });
});
afterAll(async () => {
  await t.cleanup();
  rmSync(dist, { recursive: true, force: true });
});

describe('the CSP and the inline boot script', () => {
  it("allows index.html's inline scripts by their hashes, and nothing inline besides", async () => {
    // The text size (before the first paint), the boot script (asks for the kit early), the
    // shell's tap keeper (card 1 before the app) and the loader (the app's code after the paint).
    const inline = [...sourceHtml.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
    expect(inline).toHaveLength(4);
    const res = await t.app.inject({ method: 'GET', url: '/scent/DEMO1' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('__scentryEarlyKit');
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'));
    expect(scriptSrc?.trim()).toBe(`script-src 'self' 'wasm-unsafe-eval' ${inline.map(sha).join(' ')}`);
    expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
    // The same policy on API replies.
    const api = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(api.headers['content-security-policy']).toBe(csp);
  });

  it('hashes only inline scripts, and nothing without a built PWA', () => {
    const dir = makeTempDir('scentry-dist-');
    try {
      writeFileSync(
        path.join(dir, 'index.html'),
        '<script src="/a.js"></script><script>one()</script><SCRIPT type="text/javascript">two()</SCRIPT>',
      );
      expect(inlineScriptHashes(dir)).toEqual([sha('one()'), sha('two()')]);
      expect(inlineScriptHashes(undefined)).toEqual([]);
      expect(inlineScriptHashes(path.join(dir, 'missing'))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

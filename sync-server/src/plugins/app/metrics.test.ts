import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MSG } from '@scentry/shared-schema';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, ROOT } from '../../../../scripts/lib/server.mjs';
import { envelopeOf, makeTestApp, type TestApp } from '../../test/helpers';
import { answersFor, DEMO_ENV, liveKit, push, resultDoc } from '../../test/play';
import { reasonLabel } from './metrics';

const TOKEN = 'metrics-token-for-the-test-0123456789';
const PROMTOOL = '/usr/bin/promtool';

describe('GET /metrics', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const t of apps) await t.cleanup();
  });
  const app = async (env: Record<string, string | undefined>) => {
    const t = await makeTestApp({ env: { ...DEMO_ENV, ...env } });
    apps.push(t);
    return t;
  };

  it('is not there without METRICS_TOKEN (404), and answers only its bearer with it (401 otherwise)', async () => {
    const bare = await app({ METRICS_TOKEN: undefined });
    const none = await bare.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(none.statusCode).toBe(404);
    expect(envelopeOf(none)).toMatchObject({ status: 'Failure', message: MSG.notFound });

    const t = await app({ METRICS_TOKEN: TOKEN });
    for (const authorization of [
      undefined,
      'Bearer wrong-token-of-some-length',
      `Basic ${TOKEN}`,
      `Bearer ${TOKEN}x`,
    ]) {
      const res = await t.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode, authorization).toBe(401);
      expect(envelopeOf(res)).toMatchObject({ status: 'Failure', message: MSG.unauthorized });
    }
    const ok = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    // Not part of the API's document.
    const doc = await t.app.inject({ url: '/api/docs/json' });
    if (doc.statusCode === 200) expect(doc.body).not.toContain('"/metrics"');
  });

  it('counts requests by route template, results and refusals, and no label holds a result id; promtool passes it', async () => {
    const t = await app({ METRICS_TOKEN: TOKEN });
    const kit = await liveKit(t.app, 'DEMO1');
    const docs = [resultDoc(kit, answersFor(kit)), resultDoc(kit, answersFor(kit))];
    expect(await push(t.app, docs)).toEqual([]);
    // A refused document: an answer for a card the kit does not have.
    const bad = resultDoc(kit, [{ scentCardId: 999999, scentOptionId: 1, smellIntensity: 3 }]);
    const refusals = await push(t.app, [bad]);
    expect(refusals).toHaveLength(1);
    // Ids in paths and queries.
    await t.app.inject({ url: `/api/TestResult/FindTestResultId?id=${docs[0].id}` });
    await t.app.inject({ url: `/verify/${docs[1].id}` });

    const text = (await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
    for (const id of [...docs, bad].map((d) => d.id)) expect(text).not.toContain(id);
    expect(text).toMatch(
      /^scentry_http_requests_total\{route="\/api\/sync\/results\/push",method="POST",status="200"\} 2$/m,
    );
    expect(text).toMatch(
      /^scentry_http_requests_total\{route="\/api\/TestResult\/FindTestResultId",method="GET",status="\d+"\} 1$/m,
    );
    expect(text).toMatch(/^scentry_results_stored_total\{via="push"\} 2$/m);
    expect(text).toMatch(/^scentry_push_refusals_total\{kind="result",reason="[^"]+"\} 1$/m);
    expect(text).toMatch(/^scentry_db_up 1$/m);
    expect(text).toMatch(/^scentry_draining 0$/m);
    expect(text).toMatch(/^scentry_emails_pending 0$/m);
    expect(text).toMatch(/^scentry_event_loop_delay_seconds\{stat="p99"\} /m);
    expect(text).toMatch(/^scentry_process_memory_bytes\{kind="rss"\} \d+/m);

    expect(existsSync(PROMTOOL), 'promtool (Debian prometheus; npm test installs it)').toBe(true);
    const check = spawnSync(PROMTOOL, ['check', 'metrics'], { input: text, encoding: 'utf8' });
    expect(check.status, `${check.stdout}${check.stderr}`).toBe(0);
    // The check itself: promtool refuses a broken exposition.
    const broken = spawnSync(PROMTOOL, ['check', 'metrics'], { input: 'scentry_x{a="b" 1\n', encoding: 'utf8' });
    expect(broken.status).not.toBe(0);
  });

  it('serves the same figures on METRICS_PORT, on loopback only, without a token', async () => {
    const port = await freePort();
    const t = await app({ METRICS_TOKEN: undefined, METRICS_PORT: String(port) });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/^scentry_db_up 1$/m);
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
  });

  it('the alert rules docs/operations.md suggests pass promtool check rules', () => {
    const docs = readFileSync(path.join(ROOT, 'docs/operations.md'), 'utf8');
    const rules = /^```yaml\n(groups:[\s\S]*?)^```$/m.exec(docs)?.[1];
    expect(rules).toContain('ScentryWritesFailing');
    const file = path.join(os.tmpdir(), `scentry-alerts-${process.pid}.yml`);
    writeFileSync(file, rules ?? '');
    const check = spawnSync(PROMTOOL, ['check', 'rules', file], { encoding: 'utf8' });
    rmSync(file, { force: true });
    expect(check.status, `${check.stdout}${check.stderr}`).toBe(0);
    expect(check.stdout).toContain('SUCCESS: 3 rules found');
  });

  it('masks ids and numbers in a refusal reason', () => {
    expect(reasonLabel('Result 0f0e1849-5c1e-4b7a-9d2e-3f4a5b6c7d8e: card 12 is not in kit 3')).toBe(
      'Result <id>: card # is not in kit #',
    );
  });
});

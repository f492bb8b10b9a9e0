import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DeliveryRow } from '@scentry/shared-schema';
import { afterAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../../../../../scripts/lib/server.d.mts';
import { freePort, launchServer } from '../../../../../scripts/lib/server.mjs';
import { testDatabaseUrl } from '../../../test/postgres';

const ADMIN = { email: 'admin@webhooks.example', password: 'Webhooks-Pass-1' };

/**
 * The real server as `npm start` runs it, killed (-9) while a delivery is on its way: the event
 * was stored with its result, so after the restart it goes out again under the same webhook-id,
 * and is delivered once.
 */
// The server here runs on SQLite whatever the step (its own DATA_DIR): the PostgreSQL step skips it
// (two instances on PostgreSQL are multi-instance.postgres.test.ts's).
describe.skipIf(testDatabaseUrl())('webhooks across a kill -9', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'scentry-webhook-kill-'));
  const ids: string[] = [];
  const held: ServerResponse[] = [];
  let answer = false;
  const receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      ids.push(String(req.headers['webhook-id']));
      if (answer) res.end('ok');
      else held.push(res); // the first attempt never gets its reply
    });
  });
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.stop();
    for (const res of held) res.destroy();
    await new Promise((r) => receiver.close(r));
    rmSync(dir, { recursive: true, force: true });
  });

  it('a delivery cut by kill -9 goes out after the restart under the same webhook-id, and is delivered', async () => {
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    const env = {
      PORT: await freePort(),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dir, 'data'),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: 'on',
      RATE_LIMITS: 'off',
      LOG_LEVEL: 'warn',
      WEBHOOK_TEST_RECEIVER: hook,
    };
    const start = async () => {
      const s = launchServer({ env, output: 'capture' });
      await s.waitReady({ timeoutMs: 60_000 });
      return s;
    };
    server = await start();
    const api = server.url;
    const json = async (res: Response) => ((await res.json()) as { data: any }).data;
    const signIn = async () =>
      (
        await json(
          await fetch(`${api}/api/User/Authenticate`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ Email: ADMIN.email, Password: ADMIN.password }),
          }),
        )
      ).token as string;
    const post = async (token: string, url: string, body: unknown) =>
      fetch(`${api}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
    let token = await signIn();
    // A healthcare provider, made as the Admin makes one (API.md CreateOrganization).
    const created = await post(token, '/api/Organization/CreateOrganization', {
      ClientType: 'Medical provider',
      OrganizationName: 'Kill Clinic',
      OrganizationCode: 'KILL1',
      OrganizationWebsite: 'https://clinic.example',
      OrganizationAddress: '1 Main St',
      OrganizationEmail: 'desk@clinic.example',
      OrganizationPhone: '5551234567',
      UserFirstName: 'Clara',
      UserLastName: 'Admin',
      UserEmail: 'clara@clinic.example',
      Password: 'Clinic-Pass1',
      ConfirmPassword: 'Clinic-Pass1',
    });
    expect(created.status).toBe(200);
    const [organization] = (await json(await fetch(`${api}/api/Organization/DropDownOrganization`))) as {
      id: number;
    }[];
    const saved = await json(
      await post(token, '/api/Webhook/SaveWebhook', {
        organizationId: organization.id,
        url: hook,
        events: ['result.stored'],
        isActive: true,
      }),
    );
    const rows = (await json(await fetch(`${api}/api/SentCard/GetSentCardDetails?testKitName=DEMO1`))) as {
      testKitId: number;
      scentCardId: number;
      scentCardOptionDetailId: number;
    }[];
    const cards = [...new Set(rows.map((r) => r.scentCardId))];
    const stored = await post(token, '/api/TestResult/SaveTestResult', {
      TestKitId: rows[0].testKitId,
      OrganizationId: organization.id,
      FirstName: 'Kill',
      LastName: 'Nine',
      TestResultDetails: cards.map((id) => ({
        ScentCardsId: id,
        AnswerId: rows.find((r) => r.scentCardId === id)?.scentCardOptionDetailId,
        SmellIntensity: 2,
      })),
    });
    expect(stored.status).toBe(200);
    const resultId = (await json(stored)).testResultId as string;

    const until = async (check: () => Promise<boolean> | boolean, what: string) => {
      const end = Date.now() + 30_000;
      while (!(await check())) {
        if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    await until(() => ids.length === 1, 'the first attempt');
    server.child.kill('SIGKILL');
    await server.exited;
    answer = true;
    server = await start();
    token = await signIn();
    const deliveries = async () =>
      (
        await json(
          await post(token, '/api/Webhook/GetDeliveryList', { webhookId: saved.id, pageNumber: 1, rowsPerPage: 10 }),
        )
      ).list as DeliveryRow[];
    // The dead instance's lease runs out (seconds), then the new one sends it again.
    await until(async () => (await deliveries())[0]?.status === 'delivered', 'the delivery after the restart');
    const [delivery] = await deliveries();
    expect(delivery).toMatchObject({ resultId, event: 'result.stored', attempts: 1, httpStatus: 200 });
    expect(ids.length).toBeGreaterThanOrEqual(2);
    expect(new Set(ids)).toEqual(new Set([delivery.id]));
  }, 90_000);
});

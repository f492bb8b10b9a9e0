import {
  type DeliveryRow,
  type KitDoc,
  MEDICAL_FLAG_KEYS,
  MSG,
  RETRY_DELAYS_MS,
  WEBHOOK_MSG,
  type WebhookRow,
} from '@scentry/shared-schema';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Resolver } from '../../../lib/outbound';
import { fhirErrors, issueText } from '../../../test/fhir';
import {
  bearer,
  countRows,
  createOrganization,
  createUser,
  envelopeOf,
  signIn,
  useFixtures,
  useTestApp,
} from '../../../test/helpers';
import { answersFor, DEMO_ENV, liveKit, push, resultDoc } from '../../../test/play';
import { type Receiver, startReceiver, until } from '../../../test/webhooks';

// Host names the tests' resolver knows; nothing here is ever looked up on the network.
const ADDRESSES: Record<string, string> = {
  'hooks.clinic.example': '93.184.216.34',
  'metadata.clinic.example': '169.254.169.254',
  'inside.clinic.example': '10.1.2.3',
};
const resolve: Resolver = async (host) => {
  const address = ADDRESSES[host];
  if (!address) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return [{ address, family: address.includes(':') ? 6 : 4 }];
};

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => receiver?.close());

describe('webhooks: endpoints, deliveries, retries', () => {
  // The worker's clock: the real one, or held at a moment (a retry's time reached without waiting).
  let held: number | null = null;
  const t = useTestApp({
    env: {
      ...DEMO_ENV,
      RATE_LIMITS: 'off',
      get WEBHOOK_TEST_RECEIVER() {
        return receiver.url;
      },
    } as Record<string, string>,
    webhookResolver: resolve,
    webhookClock: () => held ?? Date.now(),
  });
  const f = useFixtures(t);
  let kit: KitDoc;
  let admin = '';
  let clientAdmin = '';
  beforeAll(async () => {
    kit = await liveKit(t.app, 'DEMO1');
    admin = await signIn(t.app, f.admin.email, f.admin.password);
    clientAdmin = await signIn(t.app, f.clientAdmin.email, f.clientAdmin.password);
  });

  // Each test starts with no endpoint, the real clock and a receiver answering 200.
  afterEach(async () => {
    held = null;
    receiver.replies.length = 0;
    await t.app.webhooks.worker.settled();
    for (const w of await t.app.db.selectFrom('webhooks').select('id').execute())
      await call(admin, `/api/Webhook/DeleteWebhook?Id=${w.id}`);
  });

  const call = (token: string, url: string, payload?: unknown) =>
    t.app.inject({
      method: payload === undefined ? 'GET' : 'POST',
      url,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const save = (token: string, body: Record<string, unknown>) => call(token, '/api/Webhook/SaveWebhook', body);
  const deliveries = async (webhookId: number) =>
    envelopeOf<{ list: DeliveryRow[] }>(
      await call(admin, '/api/Webhook/GetDeliveryList', { webhookId, pageNumber: 1, rowsPerPage: 100 }),
    ).data.list;
  const newEndpoint = async (organizationId: number, events = ['result.stored']) => {
    const res = await save(clientAdmin, { organizationId, url: receiver.url, events, isActive: true });
    expect(res.statusCode).toBe(200);
    return envelopeOf<{ id: number; secret: string }>(res).data;
  };

  it('saves an endpoint: its secret once (whsec_, 32 bytes), never listed; a Client Admin only for their organization; audited', async () => {
    const created = await newEndpoint(f.organizationId);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(created.secret.slice(6), 'base64')).toHaveLength(32);
    const stored = await t.app.db
      .selectFrom('webhooks')
      .select('secret')
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(stored.secret).not.toContain(created.secret.slice(6, 20));

    const listRes = await call(clientAdmin, '/api/Webhook/GetWebhookList', {});
    expect(JSON.stringify(listRes.json())).not.toContain(created.secret.slice(6));
    const row = envelopeOf<{ list: WebhookRow[] }>(listRes).data.list.find((w) => w.id === created.id);
    expect(row).toMatchObject({
      organizationId: f.organizationId,
      url: receiver.url,
      events: ['result.stored'],
      isActive: true,
      status: 'ok',
    });

    // An edit returns no secret; a rotation returns a new one.
    const edit = await save(clientAdmin, {
      id: created.id,
      organizationId: f.organizationId,
      url: receiver.url,
      events: ['medical.stored', 'result.stored'],
      isActive: true,
    });
    expect(envelopeOf(edit).data).toEqual({ id: created.id, secret: null });
    const rotated = envelopeOf<{ secret: string }>(
      await call(clientAdmin, '/api/Webhook/RotateSecret', { id: created.id }),
    ).data;
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(created.secret);

    // Another organization's: refused to a Client Admin, not even found.
    const other = await createOrganization(t.app, { name: 'Other Clinic' });
    expect(
      (await save(clientAdmin, { organizationId: other, url: receiver.url, events: ['result.stored'], isActive: true }))
        .statusCode,
    ).toBe(403);
    const theirs = envelopeOf<{ id: number }>(
      await save(admin, { organizationId: other, url: receiver.url, events: ['result.stored'], isActive: false }),
    ).data;
    const peek = await call(clientAdmin, '/api/Webhook/RotateSecret', { id: theirs.id });
    expect(peek.statusCode).toBe(404);
    expect(envelopeOf(peek).message).toBe(WEBHOOK_MSG.notFound);
    const clientList = envelopeOf<{ list: WebhookRow[] }>(
      await call(clientAdmin, '/api/Webhook/GetWebhookList', { organizationId: other }),
    ).data.list;
    expect(clientList.every((w) => w.organizationId === f.organizationId)).toBe(true);
    expect((await call(clientAdmin, `/api/Webhook/DeleteWebhook?Id=${theirs.id}`)).statusCode).toBe(404);
    expect((await call(admin, `/api/Webhook/DeleteWebhook?Id=${theirs.id}`)).statusCode).toBe(200);

    const audits = await t.app.db
      .selectFrom('auditLog')
      .select(['action', 'detail'])
      .where('entity', '=', 'webhook')
      .execute();
    expect(audits.map((a) => a.action).sort()).toEqual(['create', 'create', 'delete', 'update', 'update'].sort());
    expect(JSON.stringify(audits)).not.toContain('whsec_');
    await call(admin, `/api/Webhook/DeleteWebhook?Id=${created.id}`);
  });

  it('refuses an address in every refused range at save (resolved), and http:// other than the test receiver', async () => {
    const refused = [
      'https://127.0.0.1/h',
      'https://10.0.0.1/h',
      'https://172.16.5.4/h',
      'https://192.168.1.1/h',
      'https://169.254.169.254/latest/meta-data',
      'https://100.64.0.1/h',
      'https://0.0.0.0/h',
      'https://224.0.0.1/h',
      'https://[::1]/h',
      'https://[fd00::1]/h',
      'https://[fe80::1]/h',
      'https://[::ffff:10.0.0.1]/h',
      'https://metadata.clinic.example/h',
      'https://inside.clinic.example/h',
      'http://hooks.clinic.example/h',
      `${receiver.url}/other`,
    ];
    for (const url of refused) {
      const res = await save(admin, {
        organizationId: f.organizationId,
        url,
        events: ['result.stored'],
        isActive: true,
      });
      expect(res.statusCode, url).toBe(400);
      expect(envelopeOf(res).message, url).toBe(WEBHOOK_MSG.addressRefused);
    }
    const ok = await save(admin, {
      organizationId: f.organizationId,
      url: 'https://hooks.clinic.example/h',
      events: ['result.stored'],
      isActive: false,
    });
    expect(ok.statusCode).toBe(200);
    const bad = await save(admin, {
      organizationId: f.organizationId,
      url: 'https://hooks.clinic.example/h',
      events: [],
      isActive: true,
    });
    expect(envelopeOf(bad).message).toBe(WEBHOOK_MSG.eventsRequired);
    await call(admin, `/api/Webhook/DeleteWebhook?Id=${envelopeOf<{ id: number }>(ok).data.id}`);
  });

  it('a stored result: one delivery, signed (Standard Webhooks) over a FHIR Bundle; 500 three times then 200: one webhook-id, four attempts', async () => {
    const { id, secret } = await newEndpoint(f.organizationId);
    receiver.received.length = 0;
    receiver.replies.push(500, 500, 500);
    const doc = resultDoc(kit, answersFor(kit), { organizationId: f.organizationId });
    expect(await push(t.app, [doc])).toEqual([]);
    await until(() => receiver.received.length === 1, 'the first attempt');

    const first = receiver.received[0];
    const verified = new Webhook(secret).verify(first.body, {
      'webhook-id': String(first.headers['webhook-id']),
      'webhook-timestamp': String(first.headers['webhook-timestamp']),
      'webhook-signature': String(first.headers['webhook-signature']),
    }) as { resourceType: string; type: string; entry: { resource: { resourceType: string; identifier?: unknown } }[] };
    expect(first.headers['content-type']).toBe('application/fhir+json');
    expect(verified).toMatchObject({ resourceType: 'Bundle', type: 'collection' });
    // The delivered Bundle is valid FHIR R4 (a real validator: test/fhir.ts).
    expect(fhirErrors(verified).map(issueText)).toEqual([]);
    expect(verified.entry.map((e) => e.resource.resourceType)).toEqual(['Patient', 'Observation']);
    expect(JSON.stringify(verified)).toContain(doc.id);
    // Tampered, it does not verify.
    expect(() =>
      new Webhook(secret).verify(first.body.replace('Bundle', 'Bundlf'), {
        'webhook-id': String(first.headers['webhook-id']),
        'webhook-timestamp': String(first.headers['webhook-timestamp']),
        'webhook-signature': String(first.headers['webhook-signature']),
      }),
    ).toThrow();

    let [row] = await deliveries(id);
    expect(row).toMatchObject({
      event: 'result.stored',
      resultId: doc.id,
      status: 'pending',
      attempts: 1,
      httpStatus: 500,
    });
    expect(Date.parse(row.nextAttemptAt as string) - Date.parse(row.lastAttemptAt as string)).toBe(RETRY_DELAYS_MS[0]);
    // The retries come at their times (the worker's clock held a second before, then at it), not before.
    for (let i = 0; i < 3; i++) {
      const due = Date.parse((await deliveries(id))[0].nextAttemptAt as string);
      held = due - 1_000;
      t.app.webhooks.worker.nudge();
      await t.app.webhooks.worker.settled();
      expect(receiver.received).toHaveLength(i + 1);
      held = due;
      t.app.webhooks.worker.nudge();
      await until(() => receiver.received.length === i + 2, `attempt ${i + 2}`);
    }
    held = null;
    [row] = await deliveries(id);
    expect(row).toMatchObject({ status: 'delivered', attempts: 4, httpStatus: 200, responseSnippet: 'thanks' });
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id']))).toEqual(new Set([row.id]));
    const list = envelopeOf<{ list: WebhookRow[] }>(
      await call(admin, '/api/Webhook/GetWebhookList', { organizationId: f.organizationId }),
    ).data.list;
    expect(list.find((w) => w.id === id)).toMatchObject({ status: 'ok', lastError: null });
    await call(admin, `/api/Webhook/DeleteWebhook?Id=${id}`);
  });

  it('a result given its organization by the medical form: result.stored then medical.stored, in order; a failed one redelivered under its id', async () => {
    const { id } = await newEndpoint(f.organizationId, ['result.stored', 'medical.stored']);
    receiver.received.length = 0;
    const doc = resultDoc(kit, answersFor(kit), { organizationId: null });
    expect(await push(t.app, [doc])).toEqual([]);
    const flags = Object.fromEntries(MEDICAL_FLAG_KEYS.map((k) => [k, false]));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/TestResult/SaveUserMedicalInformation',
      payload: {
        TestResultId: doc.id,
        WriteKey: null,
        OrganizationId: f.organizationId,
        Age: 70,
        Gender: 'Male',
        Race: 'Asian',
        ...flags,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    await until(() => receiver.received.length === 2, 'two deliveries');
    const bodies = receiver.received.map(
      (r) => JSON.parse(r.body) as { entry: { resource: { resourceType: string } }[] },
    );
    expect(bodies[0].entry.map((e) => e.resource.resourceType)).not.toContain('QuestionnaireResponse');
    expect(bodies[1].entry.map((e) => e.resource.resourceType)).toContain('QuestionnaireResponse');
    const rows = await deliveries(id);
    expect(rows.map((r) => r.event)).toEqual(['medical.stored', 'result.stored']); // newest first
    expect(rows.every((r) => r.resultId === doc.id && r.status === 'delivered')).toBe(true);

    // Redeliver one: the same id again.
    const again = await call(clientAdmin, '/api/Webhook/Redeliver', { deliveryId: rows[1].id });
    expect(envelopeOf(again).data).toEqual({ queued: 1 });
    await until(() => receiver.received.length === 3, 'the redelivery');
    expect(receiver.received[2].headers['webhook-id']).toBe(rows[1].id);
    await call(admin, `/api/Webhook/DeleteWebhook?Id=${id}`);
  });

  it('an address that resolves to a refused range at delivery fails the attempt without a connection; a test event; no event without an organization', async () => {
    const { id } = await newEndpoint(f.organizationId);
    const saved = await save(admin, {
      id,
      organizationId: f.organizationId,
      url: 'https://hooks.clinic.example/h',
      events: ['result.stored'],
      isActive: true,
    });
    expect(saved.statusCode).toBe(200);
    // The name now points inside (DNS rebinding): the delivery's own check refuses it, whatever range.
    receiver.received.length = 0;
    for (const inside of ['10.9.9.9', '127.0.0.1', '169.254.169.254', '100.64.1.1', '::ffff:a00:1', 'fd00::9']) {
      ADDRESSES['hooks.clinic.example'] = inside;
      const sent = envelopeOf<{ deliveryId: string }>(await call(admin, '/api/Webhook/SendTestEvent', { id })).data;
      await until(async () => (await deliveries(id)).some((d) => d.id === sent.deliveryId && d.attempts === 1), inside);
      const row = (await deliveries(id)).find((d) => d.id === sent.deliveryId);
      expect(row, inside).toMatchObject({ event: 'test', resultId: null, status: 'pending', httpStatus: null });
      const list = envelopeOf<{ list: WebhookRow[] }>(await call(admin, '/api/Webhook/GetWebhookList', {})).data.list;
      expect(
        list.find((w) => w.id === id),
        inside,
      ).toMatchObject({ status: 'failing' });
      // The name's resolved address is not told to staff; the reason says what is wrong.
      expect(list.find((w) => w.id === id)?.lastError, inside).toBe(
        'Address refused: hooks.clinic.example resolves to a private or reserved address',
      );
    }
    expect(receiver.received).toHaveLength(0);
    ADDRESSES['hooks.clinic.example'] = '93.184.216.34';

    // A result without an organization is no event.
    const before = await countRows(t.app, 'webhookDeliveries');
    expect(await push(t.app, [resultDoc(kit, answersFor(kit))])).toEqual([]);
    t.app.webhooks.worker.nudge();
    await t.app.webhooks.worker.settled();
    expect(await countRows(t.app, 'webhookDeliveries')).toBe(before);
    await call(admin, `/api/Webhook/DeleteWebhook?Id=${id}`);
  });

  it('a User may not reach webhooks', async () => {
    const user = await createUser(t.app, { roleName: 'User', organizationId: f.organizationId });
    const token = await signIn(t.app, user.email, user.password);
    const res = await call(token, '/api/Webhook/GetWebhookList', {});
    expect(res.statusCode).toBe(403);
    expect(envelopeOf(res).message).toBe(MSG.forbidden);
  });
});

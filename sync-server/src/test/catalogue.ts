import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Envelope, EnvelopeStatus, ScentOption } from '@scentry/shared-schema';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { bearer } from './helpers';
import { makePng } from './images';
import { optionForm } from './multipart';

let pictureSeed = 1000;

/** Files under DATA_DIR/uploads (to prove a refused upload wrote nothing). */
export const uploadFiles = (dataDir: string): string[] => readdirSync(path.join(dataDir, 'uploads')).sort();

/** Rows of scent_options, hidden ones included. */
export async function scentOptionRows(app: FastifyInstance): Promise<number> {
  const row = await app.db
    .selectFrom('scentOptions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function ok<T>(what: string, res: { statusCode: number; body: string; json(): unknown }): T {
  const body = res.json() as Envelope<T>;
  if (res.statusCode !== 200 || body.status !== 'Success') {
    throw new Error(`${what} failed: ${res.statusCode} ${res.body}`);
  }
  return body.data;
}

/** Creates a scent option through the API with a picture of its own (unless one is given). */
export async function createOption(
  app: FastifyInstance,
  token: string,
  title: string,
  png: Buffer = makePng(pictureSeed++),
): Promise<ScentOption> {
  const form = optionForm({ Title: title }, { data: png, filename: `${title}.png` });
  const res = await app.inject({
    method: 'POST',
    url: '/api/ScentCardOption/CreateScentCardOption',
    headers: { ...bearer(token), ...form.headers },
    payload: form.payload,
  });
  return ok('CreateScentCardOption', res);
}

/** Several scent options at once, named `${prefix}1..n`. */
export async function createOptions(app: FastifyInstance, token: string, n: number, prefix = 'Scent') {
  const list: ScentOption[] = [];
  for (let i = 1; i <= n; i++) list.push(await createOption(app, token, `${prefix}${i}`));
  return list;
}

export async function createKit(
  app: FastifyInstance,
  token: string,
  body: Record<string, unknown> | string,
): Promise<number> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/TestKit/SaveTestKit',
    headers: bearer(token),
    payload: typeof body === 'string' ? { Name: body } : body,
  });
  return ok<{ testKitId: number }>('SaveTestKit', res).testKitId;
}

/**
 * A card request as the PWA sends it: the options in the given order get sort orders 1..n, the
 * first one is the correct answer unless `correct` says otherwise.
 */
export function cardBody(
  testKitId: number,
  sortOrder: number,
  optionIds: number[],
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    Id: 0,
    TestKitId: testKitId,
    Name: `Card ${sortOrder}`,
    SortOrder: sortOrder,
    ScentCardOptionResultId: optionIds[0],
    ScentCardOptions: optionIds.map((id, i) => ({
      ScentCardOptionId: 0,
      ScentCardOptionDetailId: id,
      SortOrder: i + 1,
    })),
    ...extra,
  };
}

export async function createCard(app: FastifyInstance, token: string, body: Record<string, unknown>): Promise<number> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/SentCard/CreateSentCardDetails',
    headers: bearer(token),
    payload: body,
  });
  return ok<{ scentCardId: number }>('CreateSentCardDetails', res).scentCardId;
}

/** Five valid cards (sort orders 1..5) on the kit, each of five of the options (rotating). */
export async function addFiveCards(
  app: FastifyInstance,
  token: string,
  kitId: number,
  options: ScentOption[],
): Promise<number[]> {
  const ids: number[] = [];
  for (let card = 0; card < 5; card++) {
    const picked = [0, 1, 2, 3, 4].map((j) => options[(card + j) % options.length].id);
    ids.push(await createCard(app, token, cardBody(kitId, card + 1, picked)));
  }
  return ids;
}

export async function updateKit(app: FastifyInstance, token: string, body: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/api/TestKit/UpdateTestKit', headers: bearer(token), payload: body });
}

/** A kit of five valid cards, made active. */
export async function createPlayableKit(
  app: FastifyInstance,
  token: string,
  name: string,
  options: ScentOption[],
  activate = true,
): Promise<{ kitId: number; cardIds: number[] }> {
  const kitId = await createKit(app, token, name);
  const cardIds = await addFiveCards(app, token, kitId, options);
  if (activate) ok('UpdateTestKit', await updateKit(app, token, { Id: kitId, Name: name, IsActive: true }));
  return { kitId, cardIds };
}

/** The kit's current version and its kit_versions rows (version → parsed snapshot). */
export async function kitVersions(app: FastifyInstance, kitId: number) {
  const kit = await app.db.selectFrom('testKits').select('version').where('id', '=', kitId).executeTakeFirstOrThrow();
  const rows = await app.db
    .selectFrom('kitVersions')
    .select(['version', 'snapshot'])
    .where('testKitId', '=', kitId)
    .orderBy('version')
    .execute();
  return {
    version: kit.version,
    versions: rows.map((r) => r.version),
    snapshot: (v: number) => {
      const row = rows.find((r) => r.version === v);
      return row ? JSON.parse(row.snapshot) : undefined;
    },
  };
}

/** A stored result of the kit, straight into the DB (the kit then can never be deleted). */
export async function insertResult(
  app: FastifyInstance,
  testKitId: number,
  {
    resultStatus = 'Pass',
    organizationId = null,
  }: { resultStatus?: 'Pass' | 'Fail'; organizationId?: number | null } = {},
): Promise<string> {
  const id = randomUUID();
  await app.db
    .insertInto('testResults')
    .values({
      id,
      testKitId,
      kitVersion: 1,
      organizationId,
      latitude: null,
      longitude: null,
      country: null,
      state: null,
      city: null,
      firstName: 'Pat',
      lastName: 'Player',
      playedAt: new Date().toISOString(),
      resultStatus,
      rightAnswerCount: resultStatus === 'Pass' ? 5 : 2,
      playHash: randomUUID(),
      age: null,
      gender: null,
      race: null,
      isAlzheimerDisease: null,
      isParkinsonDisease: null,
      isHeadInjuriesConcussion: null,
      isSinoNasalDisease: null,
      isOtherNeurologicalDisorder: null,
      isAlzheimerDiseaseInFamily: null,
      isParkinsonDiseaseInFamily: null,
      isOtherNeurologicalDisorderInFamily: null,
      medicalUpdatedAt: null,
    })
    .execute();
  return id;
}

/**
 * Asserts the HTTP status and the whole envelope's shape: status, message (when given), error
 * (null on success, a string on a Failure with field details) and data. Returns the envelope.
 */
export function expectReply<T = unknown>(
  res: { statusCode: number; headers: Record<string, unknown>; json(): unknown },
  http: number,
  status: EnvelopeStatus,
  message?: string,
): Envelope<T> {
  const body = res.json() as Envelope<T>;
  expect({ http: res.statusCode, status: body.status, message: body.message }).toEqual({
    http,
    status,
    message: message ?? body.message,
  });
  expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
  expect(Object.keys(body).sort()).toEqual(['data', 'error', 'message', 'status']);
  expect(typeof body.message).toBe('string');
  if (status === 'Success') expect(body.error).toBeNull();
  else expect(body.error === null || typeof body.error === 'string').toBe(true);
  return body;
}

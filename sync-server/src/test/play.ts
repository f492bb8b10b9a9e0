import { randomUUID } from 'node:crypto';
import type { Answer, Envelope, EnvelopeStatus, KitCardDoc, KitDoc, ResultDoc } from '@scentry/shared-schema';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { bumpKitVersion, findKitByCode, kitDocument } from '../repositories/kits';

/** Env of a test app with the demo kit DEMO1 (5 cards × 5 options, active, pass threshold 4). */
export const DEMO_ENV = { SEED_DEMO: '1' };

/** The live KitDoc of a kit code, as a device would pull it. */
export async function liveKit(app: FastifyInstance, code: string): Promise<KitDoc> {
  const kit = await findKitByCode(app.db, code);
  if (!kit) throw new Error(`no kit ${code}`);
  return kitDocument(app.db, kit);
}

const correctOf = (card: KitCardDoc): number => card.correctScentOptionId as number;

/** A scent option of the card that is not its correct answer. */
export const wrongOf = (card: KitCardDoc): number =>
  (card.options.find((o) => o.scentOptionId !== card.correctScentOptionId) as { scentOptionId: number }).scentOptionId;

/** Answers to every card: the first `right` correct, the others wrong. */
export function answersFor(kit: Pick<KitDoc, 'cards'>, right = kit.cards.length, intensity = 3): Answer[] {
  return kit.cards.map((c, i) => ({
    scentCardId: c.id,
    scentOptionId: i < right ? correctOf(c) : wrongOf(c),
    smellIntensity: intensity,
  }));
}

/** A result document as the device pushes it, played on the kit document given. */
export function resultDoc(kit: KitDoc, answers: Answer[], extra: Partial<ResultDoc> = {}): ResultDoc {
  return {
    id: randomUUID(),
    testKitId: kit.kitId,
    kitVersion: kit.version,
    organizationId: null,
    latitude: null,
    longitude: null,
    firstName: 'Pat',
    lastName: 'Smeller',
    playedAt: new Date(Date.now() - 60_000).toISOString(),
    answers,
    resultStatus: 'Pass',
    rightAnswerCount: 5,
    ...extra,
  };
}

/** The spec's SaveTestResult body for the same play. */
export function saveBody(kit: KitDoc, answers: Answer[], extra: Record<string, unknown> = {}) {
  return {
    TestKitId: kit.kitId,
    OrganizationId: null,
    Latitude: null,
    Longitude: null,
    FirstName: 'Pat',
    LastName: 'Smeller',
    TestResultDetails: answers.map((a) => ({
      ScentCardsId: a.scentCardId,
      AnswerId: a.scentOptionId,
      SmellIntensity: a.smellIntensity,
    })),
    ...extra,
  };
}

export const pushRequest = (app: FastifyInstance, payload: unknown) =>
  app.inject({ method: 'POST', url: '/api/sync/results/push', payload: payload as object });

/** Pushes documents (as new documents) and returns the conflicts, asserting a 200 Success. */
export async function push(app: FastifyInstance, docs: unknown[]): Promise<Record<string, unknown>[]> {
  const res = await pushRequest(
    app,
    docs.map((d) => ({ assumedMasterState: null, newDocumentState: d })),
  );
  return expectEnvelope<Record<string, unknown>[]>(res, 200, 'Success').data;
}

export interface PullData {
  documents: (KitDoc | { id: string; version: number; updatedAt: string; _deleted: true })[];
  checkpoint: { versions: Record<string, number> };
  unknownCodes: string[];
}

export async function pull(app: FastifyInstance, body: unknown): Promise<PullData> {
  const res = await app.inject({ method: 'POST', url: '/api/sync/kits/pull', payload: body as object });
  return expectEnvelope<PullData>(res, 200, 'Success').data;
}

/** Asserts HTTP status, envelope status, and (when given) message; error null on success. */
export function expectEnvelope<T>(
  res: LightMyRequestResponse,
  http: number,
  status: EnvelopeStatus,
  message?: string,
): Envelope<T> {
  expect(res.statusCode, res.body).toBe(http);
  const body = res.json() as Envelope<T>;
  expect(Object.keys(body).sort()).toEqual(['data', 'error', 'message', 'status']);
  expect(body.status).toBe(status);
  if (message !== undefined) expect(body.message).toBe(message);
  if (status === 'Success') expect(body.error).toBeNull();
  return body;
}

/** Rows in test_results and test_result_details. */
export async function resultRows(app: FastifyInstance): Promise<{ results: number; details: number }> {
  const count = async (table: 'testResults' | 'testResultDetails') =>
    Number(
      (
        await app.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { results: await count('testResults'), details: await count('testResultDetails') };
}

/**
 * Another active, playable kit written straight to the database (with its snapshot). By default
 * its cards reuse the demo's first five scent options; with `ownOptions` every card gets five
 * scent options of its own, so one can be deleted once its card is gone.
 */
export async function insertKit(app: FastifyInstance, name: string, ownOptions = false): Promise<KitDoc> {
  await app.db.transaction().execute(async (trx) => {
    let shared: number[] = [];
    if (!ownOptions) {
      shared = (await trx.selectFrom('scentOptions').select('id').orderBy('id').limit(5).execute()).map((o) => o.id);
    }
    const kit = await trx
      .insertInto('testKits')
      .values({ name, nameKey: name.toLowerCase(), isActive: 1, passThreshold: 4, version: 1, deletedAt: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let i = 1; i <= 5; i++) {
      let ids = shared;
      if (ownOptions) {
        const rows = await trx
          .insertInto('scentOptions')
          .values(
            [1, 2, 3, 4, 5].map((j) => ({
              title: `${name} ${i}.${j}`,
              storedPath: `uploads/${name.toLowerCase()}-${i}-${j}.png`,
              originalFileName: null,
              deletedAt: null,
            })),
          )
          .returning('id')
          .execute();
        ids = rows.map((r) => r.id);
      }
      const card = await trx
        .insertInto('scentCards')
        .values({
          testKitId: kit.id,
          name: `${name} card ${i}`,
          sortOrder: i,
          correctScentOptionId: ids[i - 1],
          deletedAt: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('scentCardOptions')
        .values(ids.map((id, j) => ({ scentCardId: card.id, scentOptionId: id, sortOrder: j + 1, deletedAt: null })))
        .execute();
    }
    await bumpKitVersion(trx, kit.id);
  });
  return liveKit(app, name);
}

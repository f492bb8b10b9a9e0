import { randomUUID } from 'node:crypto';
import type { Answer, ApiData, Envelope, EnvelopeStatus, KitCardDoc, KitDoc, ResultDoc } from '@scentry/shared-schema';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { changeKits, createKit, findKitByCode, kitDocument, setKitActive } from '../repositories/kits';
import { insertCard, setCardOptions } from '../repositories/scent-cards';
import { insertOption, optionChoices } from '../repositories/scent-options';
import { countRows } from './helpers';

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

export type PullData = ApiData<'pullKits'>;

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

/** Results stored, and their answers (one row a result holds them all: test_result_answers). */
export async function resultRows(app: FastifyInstance): Promise<{ results: number; details: number }> {
  const rows = await app.db.selectFrom('testResultAnswers').select('answers').execute();
  const details = rows.reduce((n, r) => n + (JSON.parse(r.answers) as unknown[]).length, 0);
  return { results: await countRows(app, 'testResults'), details };
}

/**
 * Another active, playable kit written straight to the database (with its snapshot). By default
 * its cards reuse the demo's first five scent options; with `ownOptions` every card gets five
 * scent options of its own, so one can be deleted once its card is gone.
 */
export async function insertKit(app: FastifyInstance, name: string, ownOptions = false): Promise<KitDoc> {
  await changeKits(app.db, async (change) => {
    const shared = ownOptions
      ? []
      : (await optionChoices(change.db))
          .map((o) => o.id)
          .sort((a, b) => a - b)
          .slice(0, 5);
    const kitId = await createKit(change, { name, passThreshold: 4 }, 0);
    for (let i = 1; i <= 5; i++) {
      let ids = shared;
      if (ownOptions) {
        ids = [];
        for (const j of [1, 2, 3, 4, 5]) {
          const title = `${name} ${i}.${j}`;
          const storedPath = `uploads/${name.toLowerCase()}-${i}-${j}.png`;
          ids.push(await insertOption(change.db, { title, storedPath, originalFileName: null }));
        }
      }
      const cardId = await insertCard(change, kitId, {
        name: `${name} card ${i}`,
        sortOrder: i,
        correctScentOptionId: ids[i - 1],
      });
      const options = ids.map((id, j) => ({ scentCardOptionId: 0, scentCardOptionDetailId: id, sortOrder: j + 1 }));
      await setCardOptions(change, kitId, cardId, options);
    }
    await setKitActive(change, kitId, true);
  });
  return liveKit(app, name);
}

/** A time `minutes` ago, whole seconds, as UTC ISO and as the same instant written with an offset. */
export function recentTime(minutesAgo: number, offsetMinutes = 0): { utc: string; local: string } {
  const at = new Date(Math.floor((Date.now() - minutesAgo * 60_000) / 1000) * 1000);
  const shifted = new Date(at.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 19);
  const m = Math.abs(offsetMinutes);
  const zone = `${offsetMinutes < 0 ? '-' : '+'}${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  return { utc: at.toISOString(), local: `${shifted}${zone}` };
}

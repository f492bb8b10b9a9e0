import { randomUUID } from 'node:crypto';
import {
  isKitPlayable,
  PLAY_MSG,
  type ResultDoc,
  saveTestResultRequest,
  success,
  type TestResultCounts,
} from '@scentry/shared-schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { nowIso } from '../../../db/database';
import { invalid, notFound, warning } from '../../../lib/errors';
import { parse } from '../../../lib/validate';
import { authUser } from '../../../plugins/app/auth';
import { findKit } from '../../../repositories/kits';
import { loadSnapshot, submitResult } from '../../../services/results';

const findQuery = z.object({
  id: z.string({ error: PLAY_MSG.invalidId }).trim().min(1, { error: PLAY_MSG.invalidId }).max(100),
});

export default async function testResultRoutes(app: FastifyInstance) {
  const { db } = app;

  /**
   * The spec's online submission (spec §3), stored by the same service as the sync push. A client
   * may send its own result `Id` (a UUID) to retry safely; `PlayedAt` defaults to now.
   */
  app.post('/api/TestResult/SaveTestResult', { config: { access: 'public' } }, async (req) => {
    const body = parse(saveTestResultRequest, req.body);
    const id = (body.id ?? randomUUID()).toLowerCase();
    const kit = await findKit(db, body.testKitId);
    const snapshot = kit?.isActive === 1 ? await loadSnapshot(db, kit.id, kit.version) : undefined;
    if (!kit || !snapshot || !isKitPlayable(snapshot.cards)) throw notFound(PLAY_MSG.invalidKit);
    const kitVersion = kit.version;
    const doc: ResultDoc = {
      id,
      testKitId: body.testKitId,
      kitVersion,
      organizationId: body.organizationId ?? null,
      latitude: body.latitude ?? null,
      longitude: body.longitude ?? null,
      firstName: body.firstName ?? null,
      lastName: body.lastName ?? null,
      playedAt: body.playedAt ?? nowIso(),
      answers: body.testResultDetails.map((d) => ({
        scentCardId: d.scentCardsId,
        scentOptionId: d.answerId,
        smellIntensity: d.smellIntensity,
      })),
    };
    // A retry under a stored id is judged on what was stored (see RetryRule).
    const result = await submitResult(db, doc, { inheritStored: { playedAt: !body.playedAt } });
    if (result.outcome === 'rejected') throw invalid(result.reason ?? PLAY_MSG.somethingWrong);
    if (result.outcome === 'conflict' || !result.stored) throw warning(PLAY_MSG.resultConflict);
    const { resultStatus, rightAnswerCount } = result.stored;
    return success({ resultStatus, testResultId: result.stored.id, rightAnswerCount }, 'Test result saved');
  });

  /** Whether the result's questionnaire is completed (spec §4); unknown id → 404. */
  async function findTestResult(req: FastifyRequest) {
    const query = req.query as Record<string, unknown> | undefined;
    const hasQueryId = Object.keys(query ?? {}).some((k) => k.toLowerCase() === 'id');
    // The id travels in the query; a POST may carry it in its body instead.
    const { id } = parse(findQuery, hasQueryId || req.method === 'GET' ? query : req.body);
    const row = await db
      .selectFrom('testResults')
      .select('questionnaireCompleted')
      .where('id', '=', id.toLowerCase())
      .executeTakeFirst();
    if (!row) throw notFound(PLAY_MSG.resultNotFound);
    return success({ isCompleted: row.questionnaireCompleted === 1 });
  }
  app.get('/api/TestResult/FindTestResultId', { config: { access: 'public' } }, findTestResult);
  app.post('/api/TestResult/FindTestResultId', { config: { access: 'public' } }, findTestResult);

  /** Dashboard cards. A Client Admin counts only their organization's results. */
  app.get('/api/TestResult/GetTestResultCounts', { config: { access: 'staff' } }, async (req) => {
    const me = authUser(req);
    let results = app.db.selectFrom('testResults');
    if (me.roleName !== 'Admin') results = results.where('organizationId', '=', me.organizationId ?? -1);
    const counts = await results
      .select((eb) => [
        eb.fn.countAll<number>().as('total'),
        eb.fn.sum<number>(eb.case().when('resultStatus', '=', 'Pass').then(1).else(0).end()).as('pass'),
        eb.fn.sum<number>(eb.case().when('resultStatus', '=', 'Fail').then(1).else(0).end()).as('fail'),
      ])
      .executeTakeFirstOrThrow();
    const kits = await app.db
      .selectFrom('testKits')
      .where('deletedAt', 'is', null)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const data: TestResultCounts = {
      totalTestCount: Number(counts.total),
      passCount: Number(counts.pass ?? 0),
      failCount: Number(counts.fail ?? 0),
      testKitCount: Number(kits.n),
    };
    return success(data);
  });
}

import { randomUUID } from 'node:crypto';
import { isKitPlayable, isUuid, PLAY_MSG, REPORT_MSG, type ResultDoc, success } from '@scentry/shared-schema';
import type { FastifyInstance } from 'fastify';
import { nowIso } from '../../../db/database';
import { invalid, notFound, warning } from '../../../lib/errors';
import { route } from '../../../lib/route';
import { authUser } from '../../../plugins/app/auth';
import { loadSnapshot } from '../../../repositories/kit-versions';
import { countLiveKits, findKit } from '../../../repositories/kits';
import { countResults, questionnaireCompleted, resultScope, verifiedResult } from '../../../repositories/results';
import { submitResult } from '../../../services/results';

export default async function testResultRoutes(app: FastifyInstance) {
  const { db } = app;

  /**
   * The spec's online submission (spec §3), stored by the same service as the sync push. A client
   * may send its own result `Id` (a UUID) to retry safely; `PlayedAt` defaults to now.
   */
  route(app, 'saveTestResult', async (req) => {
    const body = req.body;
    const id = (body.id ?? randomUUID()).toLowerCase();
    const kit = await findKit(db, body.testKitId);
    const snapshot = kit?.isActive === 1 ? await loadSnapshot(db, kit.id, kit.version) : undefined;
    if (!kit || !snapshot || !isKitPlayable(snapshot.cards)) throw notFound(PLAY_MSG.invalidKit);
    const doc: ResultDoc = {
      id,
      testKitId: body.testKitId,
      kitVersion: kit.version,
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
    return success({ resultStatus, testResultId: result.stored.id, rightAnswerCount }, PLAY_MSG.resultSaved);
  });

  /** Whether the result's questionnaire is completed (spec §4); unknown id → 404. */
  async function findTestResult(id: string | undefined) {
    if (!id) throw invalid(PLAY_MSG.invalidId, 'id: required');
    const isCompleted = await questionnaireCompleted(db, id.toLowerCase());
    if (isCompleted === undefined) throw notFound(PLAY_MSG.resultNotFound);
    return success({ isCompleted });
  }
  route(app, 'findTestResultId', (req) => findTestResult(req.query.id));
  // The id travels in the query; a POST may carry it in its body instead.
  route(app, 'findTestResultIdPost', (req) => findTestResult(req.query.id ?? req.body.id));

  /**
   * A provider checking a report: the server's record of the result, and nothing that names the
   * player. A malformed, unknown or not yet uploaded id all get the same 404 (ids are device UUIDs,
   * not guessable).
   */
  route(app, 'verifyResult', async (req) => {
    const id = req.query.id.toLowerCase();
    const found = isUuid(id) ? await verifiedResult(db, id) : undefined;
    if (!found) throw notFound(REPORT_MSG.resultNotSynced);
    return success({
      resultStatus: found.resultStatus as 'Pass' | 'Fail',
      rightAnswerCount: found.rightAnswerCount,
      testKitName: found.testKitName,
      playedAt: found.playedAt,
    });
  });

  /** Dashboard cards. A Client Admin counts only their organization's results. */
  route(app, 'getTestResultCounts', async (req) => {
    const me = authUser(req);
    const counts = await countResults(db, resultScope(me));
    return success({
      totalTestCount: counts.total,
      passCount: counts.pass,
      failCount: counts.fail,
      testKitCount: await countLiveKits(db),
    });
  });
}

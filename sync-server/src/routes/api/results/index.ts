import { Readable } from 'node:stream';
import { isUuid, PLAY_MSG, REPORT_MSG, RESULTS_MSG, success } from '@scentry/shared-schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { invalid, notFound } from '../../../lib/errors';
import { fileRoute, route } from '../../../lib/route';
import { callerOf, originOf } from '../../../plugins/app/auth';
import { questionnaireCompleted, resultScope, verifiedResult } from '../../../repositories/results';
import {
  findScopedResultId,
  listAnswerDetails,
  listQuestionnaireAnswers,
  listResults,
  openResultCursor,
} from '../../../repositories/results-list';
import { type AuditAction, audit } from '../../../services/audit';
import { resultCounts, resultTrend } from '../../../services/dashboard';
import { placeDecimals } from '../../../services/reports';
import { resultFilterOf, toTestResultRow } from '../../../services/result-rows';
import { saveTestResult } from '../../../services/results';
import { csvChunksOf, exportAuditDetail, exportFileName } from '../../../services/results-csv';

const VIEW: AuditAction = 'view';
const EXPORT: AuditAction = 'export';
const ENTITY = 'test result';

/**
 * Play results: the player's submission and questionnaire check, a provider's verification, and
 * the staff's pages (spec §2 /admin/testresult, §7): dashboard counts, list, answers,
 * questionnaire, CSV export. For the staff the caller's scope (resultScope) decides what is seen:
 * a Client Admin their own organization, names removed where it does not disclose them; another
 * organization's result answers as an unknown one.
 */
export default async function resultsRoutes(app: FastifyInstance) {
  const { db } = app;
  const scopeOf = (req: FastifyRequest) => resultScope(callerOf(req));

  route(app, 'saveTestResult', async (req) => {
    const saved = await saveTestResult(db, req.body);
    app.metrics.resultsStored.inc({ via: 'save' });
    return success(saved, PLAY_MSG.resultSaved);
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

  /**
   * Dashboard cards of a period (query, or a POST's body; default all time). A Client Admin counts
   * only their organization's results, and the kits those were played on.
   */
  route(app, 'getTestResultCounts', async (req) => success(await resultCounts(db, callerOf(req), req.query)));
  route(app, 'getTestResultCountsPost', async (req) =>
    success(
      await resultCounts(db, callerOf(req), {
        fromDate: req.body.fromDate || req.query.fromDate,
        toDate: req.body.toDate || req.query.toDate,
      }),
    ),
  );

  /** The dashboard's trend: plays, passes and fails per day, week or month, scoped as the list. */
  route(app, 'getTestResultTrend', async (req) => success(await resultTrend(db, callerOf(req), req.body)));

  route(app, 'getTestResultList', async (req) => {
    const page = await listResults(db, scopeOf(req), resultFilterOf(req.body), req.body);
    return success({ list: page.list.map(toTestResultRow), totalCount: page.totalCount });
  });

  async function scopedResult(req: FastifyRequest, id: string): Promise<string> {
    const found = await findScopedResultId(db, scopeOf(req), id.toLowerCase());
    if (!found) throw notFound(RESULTS_MSG.resultNotFound);
    return found;
  }

  route(app, 'getTestAnswerResultDetailList', async (req) => {
    const id = await scopedResult(req, req.body.testResultId);
    const page = await listAnswerDetails(db, id, req.body);
    await audit(app.db, originOf(req), VIEW, ENTITY, id);
    return success(page);
  });

  route(app, 'getQuestionnaireAnswerList', async (req) => {
    const id = await scopedResult(req, req.body.testResultId);
    return success(await listQuestionnaireAnswers(db, id, req.body));
  });

  fileRoute(app, 'exportCsv', async (req) => {
    const scope = scopeOf(req);
    const extended = req.body.extended === true;
    const cursor = await openResultCursor(db, scope, resultFilterOf(req.body), req.body.sortColumns, { extended });
    try {
      if (cursor.count === 0) throw invalid(RESULTS_MSG.noExport);
      await audit(app.db, originOf(req), EXPORT, ENTITY, null, { detail: exportAuditDetail(req.body, cursor.count) });
    } catch (err) {
      cursor.close();
      throw err;
    }
    // Pulled chunk by chunk as the client reads (backpressure); the read ends however the reply does.
    const format = extended ? { decimals: placeDecimals(scope) } : null;
    const body = Readable.from(csvChunksOf(cursor.rows, undefined, format), { objectMode: false });
    body.once('close', () => cursor.close());
    return { body, fileName: exportFileName(new Date()) };
  });
}

import { Readable } from 'node:stream';
import { RESULTS_MSG, success } from '@scentry/shared-schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { invalid, notFound } from '../../../lib/errors';
import { fileRoute, route } from '../../../lib/route';
import { authUser } from '../../../plugins/app/auth';
import { resultScope } from '../../../repositories/results';
import {
  findScopedResultId,
  listAnswerDetails,
  listQuestionnaireAnswers,
  listResults,
  openResultCursor,
} from '../../../repositories/results-admin';
import { type AuditAction, audit } from '../../../services/audit';
import {
  csvChunks,
  exportAuditDetail,
  exportFileName,
  resultFilterOf,
  toTestResultRow,
} from '../../../services/results-admin';

const VIEW: AuditAction = 'view';
const EXPORT: AuditAction = 'export';
const ENTITY = 'test result';

/**
 * The staff's play results (spec §2 /admin/testresult, §7): list, answers, questionnaire, CSV
 * export. The caller's scope (resultScope) decides what is seen: a Client Admin their own
 * organization, names removed where it does not disclose them; another organization's result
 * answers as an unknown one.
 */
export default async function resultsAdminRoutes(app: FastifyInstance) {
  const { db } = app;
  const scopeOf = (req: FastifyRequest) => resultScope(authUser(req));

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
    await audit(req, VIEW, ENTITY, id);
    return success(page);
  });

  route(app, 'getQuestionnaireAnswerList', async (req) => {
    const id = await scopedResult(req, req.body.testResultId);
    return success(await listQuestionnaireAnswers(db, id, req.body));
  });

  fileRoute(app, 'exportCsv', async (req) => {
    const cursor = await openResultCursor(db, scopeOf(req), resultFilterOf(req.body), req.body.sortColumns);
    try {
      if (cursor.count === 0) throw invalid(RESULTS_MSG.noExport);
      await audit(req, EXPORT, ENTITY, null, { detail: exportAuditDetail(req.body, cursor.count) });
    } catch (err) {
      cursor.close();
      throw err;
    }
    // Pulled chunk by chunk as the client reads (backpressure); the read ends however the reply does.
    const body = Readable.from(csvChunks(cursor.rows), { objectMode: false });
    body.once('close', () => cursor.close());
    return { body, fileName: exportFileName(new Date()) };
  });
}

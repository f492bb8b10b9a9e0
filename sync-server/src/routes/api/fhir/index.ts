import { Readable } from 'node:stream';
import { RESULTS_MSG } from '@scentry/shared-schema';
import type { FastifyInstance } from 'fastify';
import { invalid } from '../../../lib/errors';
import { fileRoute } from '../../../lib/route';
import { callerOf, originOf } from '../../../plugins/app/auth';
import { resultScope } from '../../../repositories/results';
import { type ExtendedExportValues, openResultCursor } from '../../../repositories/results-list';
import { type AuditAction, audit } from '../../../services/audit';
import {
  covidQuestionnaire,
  fhirExportAuditDetail,
  fhirExportFileName,
  medicalQuestionnaire,
  ndjsonChunks,
} from '../../../services/fhir';
import { resultFilterOf } from '../../../services/result-rows';

const EXPORT: AuditAction = 'export';
const ENTITY = 'test result';

/**
 * FHIR R4 (API.md "Webhooks and FHIR"): the staff's NDJSON export of the results in their scope
 * (ExportCsv's scope, name rules, refusal and audit), and the two public Questionnaires.
 */
export default async function fhirRoutes(app: FastifyInstance) {
  const { db } = app;
  const { publicUrl } = app.config;

  fileRoute(app, 'exportFhir', async (req) => {
    const scope = resultScope(callerOf(req));
    const { type } = req.query;
    // Oldest first, as a receiver would load them; the CSV's filters by played-at day.
    const cursor = await openResultCursor(
      db,
      scope,
      resultFilterOf({ fromDate: req.query.fromDate, toDate: req.query.toDate }),
      [{ columnName: 'created', sortOrder: 'asc' }],
      { extended: true },
    );
    try {
      if (cursor.count === 0) throw invalid(RESULTS_MSG.noExport);
      await audit(app.db, originOf(req), EXPORT, ENTITY, null, {
        detail: fhirExportAuditDetail(req.query, cursor.count),
      });
    } catch (err) {
      cursor.close();
      throw err;
    }
    // Pulled chunk by chunk as the client reads (backpressure); the read ends however the reply does.
    const rows = cursor.rows as Iterable<ExtendedExportValues> | AsyncIterable<ExtendedExportValues>;
    const body = Readable.from(ndjsonChunks(db, publicUrl, type, scope, rows), { objectMode: false });
    body.once('close', () => cursor.close());
    return { body, fileName: fhirExportFileName(new Date(), type) };
  });

  const questionnaireFile = (resource: Record<string, unknown>, name: string) => ({
    body: Buffer.from(JSON.stringify(resource)),
    fileName: `${name}.json`,
    inline: true,
  });
  fileRoute(app, 'getCovidQuestionnaire', async () =>
    questionnaireFile(covidQuestionnaire(publicUrl), 'questionnaire-covid-19'),
  );
  fileRoute(app, 'getMedicalHistoryQuestionnaire', async () =>
    questionnaireFile(medicalQuestionnaire(publicUrl), 'questionnaire-medical-history'),
  );
}

import { randomUUID } from 'node:crypto';
import { type KitDoc, MEDICAL_FLAG_KEYS, QUESTIONNAIRE_QUESTIONS } from '@scentry/shared-schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { questionnaireReportRecord, resultReportRecord } from '../../../repositories/report-records';
import { eventBundle } from '../../../services/fhir';
import { bearer, signIn, useFixtures, useTestApp } from '../../../test/helpers';
import { answersFor, DEMO_ENV, liveKit, push, resultDoc } from '../../../test/play';

/**
 * API.md "Devices": a device's id is shown only on the devices screen and its API — never in a
 * CSV, a report, a result's detail, a webhook's Bundle or the FHIR export.
 */
describe('deviceId stays on the devices screen', () => {
  const t = useTestApp({ env: { ...DEMO_ENV, RATE_LIMITS: 'off' } });
  const f = useFixtures(t);
  const deviceId = randomUUID();
  let demo: KitDoc;
  let admin = '';
  let resultId = '';

  beforeAll(async () => {
    demo = await liveKit(t.app, 'DEMO1');
    admin = await signIn(t.app, f.admin.email, f.admin.password);
    const doc = resultDoc(demo, answersFor(demo), {
      deviceId,
      seq: 1,
      organizationId: f.organizationId,
      latitude: 47.6,
      longitude: -122.3,
      playedAt: '2024-06-01T18:00:00.000Z',
    });
    resultId = doc.id;
    expect(await push(t.app, [doc])).toEqual([]);
    const row = (body: object) => [{ assumedMasterState: null, newDocumentState: body }];
    const pushed = async (url: string, body: object) => {
      const res = await t.app.inject({ method: 'POST', url, payload: row(body) });
      expect(res.json().data, url).toEqual([]);
    };
    await pushed('/api/sync/questionnaires/push', {
      id: randomUUID(),
      testResultId: resultId,
      answers: QUESTIONNAIRE_QUESTIONS.map((question) => ({ question, answer: 'No' })),
      deviceId,
      seq: 2,
    });
    await pushed('/api/sync/medical/push', {
      Id: randomUUID(),
      TestResultId: resultId,
      FirstName: 'Dana',
      LastName: 'Nose',
      Age: 50,
      Gender: 'Female',
      Race: 'Asian',
      ...Object.fromEntries(MEDICAL_FLAG_KEYS.map((k) => [k, false])),
      deviceId,
      seq: 3,
    });
    const records = await t.app.db.selectFrom('deviceRecords').select('seq').where('deviceId', '=', deviceId).execute();
    expect(records.map((r) => r.seq).sort()).toEqual([1, 2, 3]);
  });

  it('in no CSV, result list or detail, report, verification, report record, FHIR export or webhook Bundle', async () => {
    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: bearer(admin), payload });
    const period = { pageNumber: 1, rowsPerPage: 100, dataSetType: 'A', fromDate: '01/01/2024', toDate: '12/31/2024' };
    const outputs: [string, string][] = [];
    for (const [url, body] of [
      ['/api/TestResult/ExportCsv', {}],
      ['/api/TestResult/ExportCsv', { extended: true }],
      ['/api/TestResult/GetTestResultList', { pageNumber: 1, rowsPerPage: 100 }],
      ['/api/TestResult/GetTestAnswerResultDetailList', { testResultId: resultId }],
      ['/api/TestResult/GetQuestionnaireAnswerList', { testResultId: resultId }],
      ['/api/Report/GetDataLocation', period],
      ['/api/Report/GetLocationData', period],
      ['/api/Report/PassFailDataByDate', period],
    ] as const) {
      const res = await post(url, body);
      expect(res.statusCode, `${url} ${res.body.slice(0, 200)}`).toBe(200);
      outputs.push([url, res.body]);
    }
    for (const url of [
      `/api/TestResult/FindTestResultId?id=${resultId}`,
      `/api/TestResult/VerifyResult?id=${resultId}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      outputs.push([url, res.body]);
    }
    for (const type of ['Observation', 'QuestionnaireResponse', 'Patient']) {
      const url = `/api/Fhir/Export?Type=${type}`;
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(admin) });
      expect(res.statusCode, url).toBe(200);
      outputs.push([url, res.body]);
    }
    for (const event of ['result.stored', 'questionnaire.stored', 'medical.stored'] as const) {
      outputs.push([
        `${event} Bundle`,
        JSON.stringify(await eventBundle(t.app.db, t.config.publicUrl, event, resultId)),
      ]);
    }
    outputs.push(['result report record', JSON.stringify(await resultReportRecord(t.app.db, resultId))]);
    outputs.push(['questionnaire report record', JSON.stringify(await questionnaireReportRecord(t.app.db, resultId))]);
    // The result is in each (so an empty output cannot pass), its device nowhere.
    expect(
      outputs.filter(([, text]) => text.includes(resultId) || text.includes('Dana')).length,
    ).toBeGreaterThanOrEqual(11);
    for (const [where, text] of outputs) {
      expect(text.toLowerCase(), where).not.toContain(deviceId);
      expect(text, where).not.toMatch(/device_?id/i);
    }
  });
});

import { z } from 'zod';
import { defineContract } from '../common/endpoint';
import { listOf } from '../common/replies';
import { RESULTS_PLAYER_ROUTES } from './player-routes';
import {
  answerDetailRowSchema,
  findTestResultData,
  questionnaireRowSchema,
  saveTestResultData,
  testResultCountsSchema,
  testResultRowSchema,
  trendPointSchema,
  verifyResultData,
} from './replies';
import { RESULTS_ROUTES } from './routes';
import {
  exportCsvRequest,
  findResultOptional,
  findResultQuery,
  resultDetailRequest,
  saveTestResultRequest,
  testResultCountsRequest,
  testResultListRequest,
  testResultTrendRequest,
  verifyQuery,
} from './schemas';

export const RESULTS_CONTRACT = defineContract(
  { ...RESULTS_PLAYER_ROUTES, ...RESULTS_ROUTES },
  {
    saveTestResult: {
      summary: "An online client's played result, stored exactly once under its Id",
      body: saveTestResultRequest,
      data: saveTestResultData,
    },
    findTestResultId: {
      summary: "Whether a result's questionnaire is completed",
      query: findResultQuery,
      data: findTestResultData,
    },
    findTestResultIdPost: {
      summary: "Whether a result's questionnaire is completed (id in the query or the body)",
      query: findResultOptional,
      body: findResultOptional,
      data: findTestResultData,
    },
    verifyResult: {
      summary:
        "The server's record of a result, for a provider checking a report: status, right answers, kit and play time. Unknown or not yet synced: 404",
      query: verifyQuery,
      data: verifyResultData,
    },
    getTestResultCounts: {
      summary:
        "Dashboard counts, optionally of a period (fromDate/toDate, whole days in America/Los_Angeles; default all time). A Client Admin counts their organization only, and testKitCount is then the kits their organization's results were played on",
      query: testResultCountsRequest,
      data: testResultCountsSchema,
    },
    // --- #24 dashboard ---
    getTestResultCountsPost: {
      summary: 'Dashboard counts as GET GetTestResultCounts, the period in the query or the body',
      query: testResultCountsRequest,
      body: testResultCountsRequest,
      data: testResultCountsSchema,
    },
    getTestResultTrend: {
      summary:
        'Plays, passes and fails per day, week (from Monday) or month of America/Los_Angeles: every period overlapping the range, in order, zero-filled; `period` is its first day (YYYY-MM-DD). Scoped as the results list',
      body: testResultTrendRequest,
      data: z.array(trendPointSchema),
    },
    getTestResultList: {
      summary:
        'Play results, newest first by default, paged, with the filters of spec §7 (days in America/Los_Angeles); a Client Admin sees their organization only, names removed where not disclosed',
      body: testResultListRequest,
      data: listOf(testResultRowSchema),
    },
    getTestAnswerResultDetailList: {
      summary: "A result's answers as played (card, answer, picture, right answer, intensity); each view is audited",
      body: resultDetailRequest,
      data: listOf(answerDetailRowSchema),
    },
    getQuestionnaireAnswerList: {
      summary: "A result's questionnaire answers",
      body: resultDetailRequest,
      data: listOf(questionnaireRowSchema),
    },
    exportCsv: {
      summary:
        'The filtered results as CSV (UTF-8 with BOM, formulas defused), streamed from the database; a UTC-stamped file name; audited',
      body: exportCsvRequest,
      replyFile: 'text/csv',
      data: z.null(),
    },
  },
);

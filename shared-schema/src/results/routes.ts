import { get, post, type RouteInfo } from '../common/route';

/** The staff's results: dashboard counts, the list, one result's answers, the CSV export. */
export const RESULTS_ROUTES = {
  getTestResultCounts: get('/api/TestResult/GetTestResultCounts', 'staff'),
  getTestResultList: post('/api/TestResult/GetTestResultList', 'staff'),
  getTestAnswerResultDetailList: post('/api/TestResult/GetTestAnswerResultDetailList', 'staff'),
  getQuestionnaireAnswerList: post('/api/TestResult/GetQuestionnaireAnswerList', 'staff'),
  exportCsv: post('/api/TestResult/ExportCsv', 'staff'),
  // --- #24 dashboard ---
  getTestResultCountsPost: post('/api/TestResult/GetTestResultCounts', 'staff'),
  getTestResultTrend: post('/api/TestResult/GetTestResultTrend', 'staff'),
} as const satisfies Record<string, RouteInfo>;

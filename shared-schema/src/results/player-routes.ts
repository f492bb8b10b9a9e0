import { get, post, type RouteInfo } from '../common/route';

/** A played result sent online, and the look-ups of the player's result and report pages. */
export const RESULTS_PLAYER_ROUTES = {
  saveTestResult: post('/api/TestResult/SaveTestResult', 'public', 'submit'),
  findTestResultId: get('/api/TestResult/FindTestResultId', 'public', 'read'),
  findTestResultIdPost: post('/api/TestResult/FindTestResultId', 'public', 'read'),
  verifyResult: get('/api/TestResult/VerifyResult', 'public', 'read'),
} as const satisfies Record<string, RouteInfo>;

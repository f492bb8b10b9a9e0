import type { TestResultCounts } from '@scentry/shared-schema';
import { api } from '../../lib/api';

export const getTestResultCounts = (signal?: AbortSignal) =>
  api<TestResultCounts>('/api/TestResult/GetTestResultCounts', { auth: true, signal });

import { call } from '../../lib/api';

export const getTestResultCounts = (signal?: AbortSignal) => call('getTestResultCounts', { signal });

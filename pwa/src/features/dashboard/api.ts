import { call } from '../../lib/call';

export const getTestResultCounts = (signal?: AbortSignal) => call('getTestResultCounts', { signal });

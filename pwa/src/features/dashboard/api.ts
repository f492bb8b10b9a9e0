import type { ApiBody } from '@scentry/shared-schema';
import { call } from '../../lib/call';

/** The four counts of a period (MM/DD/YYYY days; none: all time). */
export const getTestResultCounts = (period: { fromDate?: string; toDate?: string }, signal?: AbortSignal) =>
  call('getTestResultCounts', { query: period, signal });

export const getTestResultTrend = (body: ApiBody<'getTestResultTrend'>, signal?: AbortSignal) =>
  call('getTestResultTrend', { body, signal });

export const listResults = (body: ApiBody<'getTestResultList'>, signal?: AbortSignal) =>
  call('getTestResultList', { body, signal });

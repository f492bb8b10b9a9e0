import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { QUERY_ROOTS } from '../../lib/query';
import { getSession, isAdmin } from '../../lib/session';
import { getAnswers, getKitChoices, getQuestionnaire, listResults } from './api';
import { resultListBody } from './request';
import type { ResultListSearch } from './search';

const root = QUERY_ROOTS.results;

/** Whether the signed-in user filters by organization (an Admin) or sees their own only. */
export const signedInAdmin = (): boolean => isAdmin(getSession());

export const resultListQuery = (search: ResultListSearch) => {
  const body = resultListBody(search, { admin: signedInAdmin() });
  return queryOptions({
    queryKey: [...root, 'list', body],
    queryFn: ({ signal }) => listResults(body, signal),
    placeholderData: keepPreviousData,
  });
};

/** A result's answers and questionnaire never change once stored (results are immutable). */
export const answersQuery = (id: string) =>
  queryOptions({
    queryKey: [...root, 'answers', id],
    queryFn: ({ signal }) => getAnswers(id, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const questionnaireQuery = (id: string) =>
  queryOptions({
    queryKey: [...root, 'questionnaire', id],
    queryFn: ({ signal }) => getQuestionnaire(id, signal),
    // A questionnaire may arrive after the result: fetched again after the usual 30 s.
  });

export const kitChoicesQuery = () =>
  queryOptions({ queryKey: [...QUERY_ROOTS.kits, 'name-list'], queryFn: ({ signal }) => getKitChoices(signal) });

import { type AnswerDetailRow, type ApiData, ROUTES, type TestResultRow } from '@scentry/shared-schema';
import type { ReportProvider } from '@scentry/shared-schema/result-document';
import { call } from '../../lib/call';
import { fetchFile } from '../../lib/file-call';
import type { ExportCsvBody, ResultListBody } from './request';

export type { AnswerDetailRow, TestResultRow };
export type QuestionnaireRow = ApiData<'getQuestionnaireAnswerList'>['list'][number];
export interface Choice {
  id: number;
  name: string;
}

export const listResults = (body: ResultListBody, signal?: AbortSignal) => call('getTestResultList', { body, signal });

/** A result has five answers and five questionnaire rows: one page holds them all. */
const ALL_ROWS = { pageNumber: 1, rowsPerPage: 100 } as const;

export const getAnswers = (testResultId: string, signal?: AbortSignal) =>
  call('getTestAnswerResultDetailList', { body: { ...ALL_ROWS, testResultId }, signal });

export const getQuestionnaire = (testResultId: string, signal?: AbortSignal) =>
  call('getQuestionnaireAnswerList', { body: { ...ALL_ROWS, testResultId }, signal });

/** The play kits to filter by (id and name). */
export const getKitChoices = (signal?: AbortSignal): Promise<Choice[]> => call('getTestNameList', { signal });

/** The provider's card for a report (name, address, phone); null when it cannot be had (inactive, offline). */
export async function getProvider(id: number): Promise<ReportProvider | null> {
  try {
    const org = await call('getOrganizationById', { query: { id } });
    return {
      name: org.organizationName,
      address: org.organizationAddress ?? null,
      phone: org.organizationPhone ?? null,
    };
  } catch {
    return null;
  }
}

/** ExportCsv: the filtered results as a CSV file; a refusal (no data) throws ApiFailure. */
export const exportCsv = (body: ExportCsvBody) => fetchFile(ROUTES.exportCsv, body, { auth: true });

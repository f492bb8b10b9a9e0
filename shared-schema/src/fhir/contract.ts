import { z } from 'zod';
import { defineContract } from '../common/endpoint';
import { FHIR_ROUTES } from './routes';
import { fhirExportQuery } from './schemas';

export const FHIR_CONTRACT = defineContract(FHIR_ROUTES, {
  exportFhir: {
    summary:
      "The results in scope as FHIR R4 NDJSON, one resource a line (the CSV export's scope, name rules and audit), streamed",
    query: fhirExportQuery,
    replyFile: 'application/fhir+ndjson',
    data: z.null(),
  },
  getCovidQuestionnaire: {
    summary: 'The FHIR R4 Questionnaire the COVID-19 questionnaire responses answer',
    replyFile: 'application/fhir+json',
    data: z.null(),
  },
  getMedicalHistoryQuestionnaire: {
    summary: 'The FHIR R4 Questionnaire the medical form responses answer',
    replyFile: 'application/fhir+json',
    data: z.null(),
  },
});

import { get, type RouteInfo } from '../common/route';

/** FHIR R4 (API.md "Webhooks and FHIR"): the staff's NDJSON export, and the two Questionnaires the responses point at. */
export const FHIR_ROUTES = {
  exportFhir: get('/api/Fhir/Export', 'staff'),
  getCovidQuestionnaire: get('/api/Fhir/Questionnaire/covid-19', 'public', 'read'),
  getMedicalHistoryQuestionnaire: get('/api/Fhir/Questionnaire/medical-history', 'public', 'read'),
} as const satisfies Record<string, RouteInfo>;

import { z } from 'zod';
import { defineContract } from '../common/endpoint';
import { listOf } from '../common/replies';
import { kitInsightsSchema, locationReportRowSchema, mapPointSchema, passFailRowSchema } from './replies';
import { REPORTS_ROUTES } from './routes';
import { kitInsightsRequest, reportRequest } from './schemas';

export const REPORTS_CONTRACT = defineContract(REPORTS_ROUTES, {
  getDataLocation: {
    summary:
      'Data Location report: pass and fail per country, state and city (Unknown without a position), paged, sortable',
    body: reportRequest,
    data: listOf(locationReportRowSchema),
  },
  getLocationData: {
    summary: 'Location Map report: each located result as {latitude, longitude, resultStatus}',
    body: reportRequest,
    data: z.array(mapPointSchema),
  },
  passFailDataByDate: {
    summary: 'Pass/Fail chart report: results per month (America/Los_Angeles)',
    body: reportRequest,
    data: z.array(passFailRowSchema),
  },
  getKitInsights: {
    summary:
      "Kit insights: one kit's plays, pass rate and per card correct rates, choices, months and flags (item analysis)",
    body: kitInsightsRequest,
    data: kitInsightsSchema,
  },
});

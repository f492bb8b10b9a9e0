import { z } from 'zod';
import { MSG } from '../common/messages';
import { usDateSchema } from '../common/schemas';

/** The resource types the NDJSON export writes, one type a file. */
export const FHIR_EXPORT_TYPES = ['Observation', 'QuestionnaireResponse', 'Patient'] as const;
export type FhirExportType = (typeof FHIR_EXPORT_TYPES)[number];

/** `?Type=&FromDate=&ToDate=` (bound ignoring case; dates MM/DD/YYYY, as the results' filters). */
export const fhirExportQuery = z.object(
  {
    type: z.enum(FHIR_EXPORT_TYPES, { error: 'Invalid resource type' }),
    fromDate: usDateSchema.optional().nullable(),
    toDate: usDateSchema.optional().nullable(),
  },
  { error: MSG.invalidRequest },
);
export type FhirExportQuery = z.output<typeof fhirExportQuery>;

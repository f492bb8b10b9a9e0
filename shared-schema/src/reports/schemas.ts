import { z } from 'zod';
import { DATA_SET_TYPES } from '../common/enums';
import { MSG } from '../common/messages';
import { listRequest, usDateSchema } from '../common/schemas';
import { CATALOGUE_MSG } from '../scent-cards/rules';

/**
 * The reports' body (API.md): data set A (all), N (no organization) or O (one organization, which
 * an Admin must name; a Client Admin always gets their own), and the From/To days (MM/DD/YYYY,
 * America/Los_Angeles), required, From not in the future, To not before From.
 */
export const reportRequest = listRequest({}).extend({
  dataSetType: z.enum(DATA_SET_TYPES, { error: MSG.invalidRequest }),
  organizationId: z
    .number({ error: MSG.invalidRequest })
    .int({ error: MSG.invalidRequest })
    .positive()
    .nullable()
    .optional(),
  fromDate: usDateSchema,
  toDate: usDateSchema,
});
export type ReportRequest = z.output<typeof reportRequest>;

// --- #24 kit insights ---

/**
 * GetKitInsights' body (API.md): one kit, the From/To days (as the reports take them) and, for an
 * Admin, an optional organization (none: every result); a Client Admin always gets their own.
 */
export const kitInsightsRequest = z.object({
  testKitId: z
    .number({ error: CATALOGUE_MSG.kitNotFound })
    .int({ error: CATALOGUE_MSG.kitNotFound })
    .positive({ error: CATALOGUE_MSG.kitNotFound }),
  fromDate: usDateSchema,
  toDate: usDateSchema,
  organizationId: z
    .number({ error: MSG.invalidRequest })
    .int({ error: MSG.invalidRequest })
    .positive({ error: MSG.invalidRequest })
    .nullable()
    .optional(),
});
export type KitInsightsRequest = z.output<typeof kitInsightsRequest>;

import { z } from 'zod';
import { MSG } from '../common/messages';
import { filterText, listRequest, usDateSchema } from '../common/schemas';

export const auditListRequest = listRequest({
  userId: z.number({ error: MSG.invalidRequest }).int().positive().optional().nullable(),
  action: filterText(),
  fromDate: usDateSchema.optional().nullable(),
  toDate: usDateSchema.optional().nullable(),
});

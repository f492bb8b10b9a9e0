import { z } from 'zod';
import { filterText, idList, listRequest } from '../common/schemas';
import { CATALOGUE_MSG, KIT_NAME_MAX } from '../scent-cards/rules';
import { CARDS_PER_KIT, KIT_NAME_RE } from './rules';

// Bodies are JSON: a number must be a number (API.md: wrong types are 400, never coerced).
const id = (message = 'Invalid id') => z.number({ error: message }).int({ error: message });

export const testKitRequest = z.object({
  id: id().min(0).default(0),
  name: z
    .string({ error: CATALOGUE_MSG.kitNameRequired })
    .trim()
    .min(1, { error: CATALOGUE_MSG.kitNameRequired })
    .max(KIT_NAME_MAX, { error: CATALOGUE_MSG.kitNameTooLong })
    .regex(KIT_NAME_RE, { error: CATALOGUE_MSG.kitNameInvalid }),
  isActive: z.boolean({ error: 'IsActive must be true or false' }).default(false),
  passThreshold: z
    .number({ error: CATALOGUE_MSG.kitThreshold })
    .int({ error: CATALOGUE_MSG.kitThreshold })
    .min(1, { error: CATALOGUE_MSG.kitThreshold })
    .max(CARDS_PER_KIT, { error: CATALOGUE_MSG.kitThreshold })
    .default(4),
});
export type TestKitRequest = z.infer<typeof testKitRequest>;

/** An update may send only `{Id, Name}` (the spec's body): what it leaves out keeps its value. */
export const testKitUpdateRequest = testKitRequest.extend({
  isActive: testKitRequest.shape.isActive.unwrap().optional(),
  passThreshold: testKitRequest.shape.passThreshold.unwrap().optional(),
});
export type TestKitUpdateRequest = z.infer<typeof testKitUpdateRequest>;

export const kitListRequest = listRequest({ name: filterText() });

/** `?Ids=1,2,3` */
export const idsQuery = z.object({
  ids: idList('Invalid ids'),
});

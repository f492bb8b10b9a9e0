import { z } from 'zod';
import { filterText, listRequest } from '../common/schemas';
import { CATALOGUE_MSG, SCENT_OPTION_NAME_MAX } from '../scent-cards/rules';
import { localNamesInput } from '../scent-cards/schemas';

export const scentOptionModel = z.object({
  id: z.number({ error: 'Invalid id' }).int({ error: 'Invalid id' }).min(0).default(0),
  title: z
    .string({ error: CATALOGUE_MSG.optionNameRequired })
    .trim()
    .min(1, { error: CATALOGUE_MSG.optionNameRequired })
    .max(SCENT_OPTION_NAME_MAX, { error: CATALOGUE_MSG.optionNameTooLong }),
  names: localNamesInput(SCENT_OPTION_NAME_MAX, CATALOGUE_MSG.optionNameTooLong),
});
export type ScentOptionModel = z.infer<typeof scentOptionModel>;

// The spec's alias: filter Title or Name.
export const scentOptionListRequest = listRequest({ title: filterText(), name: filterText() });

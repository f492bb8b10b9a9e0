import { z } from 'zod';
import { defineContract } from '../common/endpoint';
import { listOf } from '../common/replies';
import { idQuery } from '../common/schemas';
import { scentOptionChoiceSchema, scentOptionSchema } from './replies';
import { SCENT_OPTIONS_ROUTES } from './routes';
import { scentOptionListRequest, scentOptionModel } from './schemas';

export const SCENT_OPTIONS_CONTRACT = defineContract(SCENT_OPTIONS_ROUTES, {
  getScentCardOptionList: {
    summary: 'Scent options, paged and filtered by title',
    body: scentOptionListRequest,
    data: listOf(scentOptionSchema),
  },
  dropDownForScentCardOption: {
    summary: 'Every live scent option, for pickers',
    data: z.array(scentOptionChoiceSchema),
  },
  getScentCardOptionById: {
    summary: 'One scent option',
    query: idQuery,
    data: scentOptionSchema,
  },
  createScentCardOption: {
    summary: 'Create a scent option: multipart `model` {Title} and a PNG `file` under 5 MB',
    model: scentOptionModel,
    // The option's picture: a new option has one (services/scent-options refuses it missing).
    fileRequired: true,
    data: scentOptionSchema,
  },
  updateScentCardOption: {
    summary: 'Update a scent option: multipart `model` {Id, Title} and an optional PNG `file`',
    model: scentOptionModel,
    data: scentOptionSchema,
  },
  deleteScentCardOption: {
    summary: 'Hide a scent option no card uses',
    query: idQuery,
    data: z.null(),
  },
});

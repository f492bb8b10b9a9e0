import { z } from 'zod';
import { defineContract } from '../common/endpoint';
import { idNameSchema, listOf } from '../common/replies';
import { idQuery } from '../common/schemas';
import { testKitIdData, testKitListRowSchema, testKitSchema } from './replies';
import { KITS_ROUTES } from './routes';
import { idsQuery, kitListRequest, testKitRequest, testKitUpdateRequest } from './schemas';

export const KITS_CONTRACT = defineContract(KITS_ROUTES, {
  getTestKit: {
    summary: 'Play kits, paged and filtered by name',
    body: kitListRequest,
    data: listOf(testKitListRowSchema),
  },
  getTestKitById: {
    summary: 'One play kit with its QR code',
    query: idQuery,
    data: testKitSchema,
  },
  saveTestKit: {
    summary: 'Create a play kit',
    body: testKitRequest,
    data: testKitIdData,
  },
  updateTestKit: {
    summary: 'Update a play kit (IsActive and PassThreshold keep their values when left out)',
    body: testKitUpdateRequest,
    data: testKitIdData,
  },
  deleteTestKit: {
    summary: 'Delete play kits (a kit with results is made inactive instead)',
    query: idsQuery,
    data: z.null(),
  },
  getTestNameList: {
    summary: 'Every live play kit, id and name',
    data: z.array(idNameSchema),
  },
});

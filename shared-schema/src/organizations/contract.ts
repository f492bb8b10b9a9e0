import { z } from 'zod';
import { defineContract } from '../common/endpoint';
import { idNameSchema, listOf } from '../common/replies';
import { idQuery } from '../common/schemas';
import { ORGANIZATIONS_PLAYER_ROUTES } from './player-routes';
import {
  organizationIdData,
  organizationPublicSchema,
  organizationRecordSchema,
  organizationRowSchema,
} from './replies';
import { ORGANIZATIONS_ROUTES } from './routes';
import { createOrganizationRequest, editOrganizationRequest, organizationListRequest } from './schemas';

export const ORGANIZATIONS_CONTRACT = defineContract(
  { ...ORGANIZATIONS_PLAYER_ROUTES, ...ORGANIZATIONS_ROUTES },
  {
    dropDownOrganization: {
      summary: 'Active organizations to choose a provider from: id and name only',
      data: z.array(idNameSchema),
    },
    getOrganizationById: {
      summary:
        'Without a token: id, name, address, phone of an active organization; with an Admin token: the whole record',
      query: idQuery,
      data: z.union([organizationRecordSchema, organizationPublicSchema]),
    },
    getOrganizationList: {
      summary: 'Organizations and providers with their Client Admin, paged and filtered',
      body: organizationListRequest,
      data: listOf(organizationRowSchema),
    },
    createOrganization: {
      summary: 'Create an organization or provider with its Client Admin',
      body: createOrganizationRequest,
      data: organizationIdData,
    },
    editOrganization: {
      summary: 'Edit an organization and its Client Admin (made inactive together)',
      body: editOrganizationRequest,
      data: organizationIdData,
    },
    deleteOrganization: {
      summary: 'Delete an organization and its users: hidden, never erased; their sessions end',
      query: idQuery,
      data: z.null(),
    },
  },
);

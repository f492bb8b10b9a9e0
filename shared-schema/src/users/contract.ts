import { z } from 'zod';
import { defineContract } from '../common/endpoint';
import { listOf } from '../common/replies';
import { idQuery } from '../common/schemas';
import { roleSchema, userIdData, userRowSchema } from './replies';
import { USERS_ROUTES } from './routes';
import { createUserRequest, idListQuery, resetPasswordRequest, updateUserRequest, userListRequest } from './schemas';

export const USERS_CONTRACT = defineContract(USERS_ROUTES, {
  getUserList: {
    summary: 'Users, paged, filtered by first name, last name, e-mail and phone',
    body: userListRequest,
    data: listOf(userRowSchema),
  },
  getUserById: { summary: 'One user', query: idQuery, data: userRowSchema },
  createUser: {
    summary: 'Create a user (a Client Admin needs OrganizationId); e-mails are unique ignoring case',
    body: createUserRequest,
    data: userIdData,
  },
  updateUser: {
    summary: 'Update a user (no password here: see ResetPassword); a user made inactive is signed out at once',
    body: updateUserRequest,
    data: userIdData,
  },
  deleteUser: {
    summary: 'Delete users (?Id=1,2): hidden, never erased; their sessions end',
    query: idListQuery,
    data: z.null(),
  },
  resetPassword: {
    summary: "Set a user's new password (rules of spec §5); every session of that user ends",
    body: resetPasswordRequest,
    data: z.null(),
  },
  getRoles: { summary: 'The roles', data: z.array(roleSchema) },
});

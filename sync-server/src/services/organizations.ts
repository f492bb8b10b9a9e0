import {
  type CreateOrganizationRequest,
  type EditOrganizationRequest,
  MSG,
  ORG_MSG,
  ROLES,
  USER_MSG,
} from '@scentry/shared-schema';
import { type Db, inTransaction } from '../db/database';
import { invalid, notFound, warning } from '../lib/errors';
import { hashPassword } from '../lib/password';
import {
  findOrganizationRecord,
  hideOrganization,
  insertOrganization,
  type OrganizationFields,
  setOrganizationUsersActive,
  updateOrganization,
} from '../repositories/organizations';
import { emailTaken, insertUser, updateUserFields } from '../repositories/users';
import { audit } from './audit';
import type { Origin } from './caller';

const fields = (r: EditOrganizationRequest): OrganizationFields => ({
  clientType: r.clientType,
  name: r.organizationName,
  code: r.organizationCode,
  website: r.organizationWebsite,
  address: r.organizationAddress,
  email: r.organizationEmail,
  phone: r.organizationPhone,
  isActive: r.organizationIsActive,
  discloseUserDetails: r.discloseUserDetails,
});

const clientAdmin = (r: EditOrganizationRequest, organizationId: number) => ({
  firstName: r.userFirstName,
  lastName: r.userLastName,
  email: r.userEmail,
  phone: r.userPhone ?? null,
  roleId: ROLES.ClientAdmin,
  organizationId,
  // The organization's user is active exactly when the organization is (spec §4).
  isActive: r.organizationIsActive,
});

/** An organization or provider with its Client Admin, in one transaction. */
export async function createOrganization(db: Db, origin: Origin, r: CreateOrganizationRequest) {
  if (r.organizationId > 0) throw invalid(MSG.invalidRequest, 'organizationId: use EditOrganization to change one');
  const passwordHash = await hashPassword(r.password);
  return inTransaction(db, async (trx) => {
    if (await emailTaken(trx, r.userEmail)) throw warning(USER_MSG.emailTaken);
    const organizationId = await insertOrganization(trx, fields(r));
    const userId = await insertUser(trx, { ...clientAdmin(r, organizationId), passwordHash });
    await audit(trx, origin, 'create', 'organization', organizationId, { detail: `with user ${userId}` });
    return { organizationId, userId };
  });
}

/** Edits the organization and its Client Admin; inactivating it signs its users out at once. */
export async function editOrganization(db: Db, origin: Origin, r: EditOrganizationRequest) {
  if (r.organizationId <= 0) throw invalid(MSG.invalidRequest, 'organizationId: required to edit');
  return inTransaction(db, async (trx) => {
    const existing = await findOrganizationRecord(trx, r.organizationId);
    if (!existing) throw notFound(ORG_MSG.notFound);
    if (await emailTaken(trx, r.userEmail, existing.id ?? 0)) throw warning(USER_MSG.emailTaken);
    await updateOrganization(trx, r.organizationId, fields(r));
    if (existing.id) await updateUserFields(trx, existing.id, clientAdmin(r, r.organizationId));
    await setOrganizationUsersActive(trx, r.organizationId, r.organizationIsActive);
    await audit(trx, origin, 'update', 'organization', r.organizationId, {
      detail: r.organizationIsActive ? undefined : 'inactive (its users too)',
    });
    return { organizationId: r.organizationId, userId: existing.id };
  });
}

export async function deleteOrganization(db: Db, origin: Origin, id: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    if (!(await findOrganizationRecord(trx, id))) throw notFound(ORG_MSG.notFound);
    await hideOrganization(trx, id);
    await audit(trx, origin, 'delete', 'organization', id);
  });
}

import { ORG_MSG, success } from '@scentry/shared-schema';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../../lib/errors';
import { route } from '../../../lib/route';
import { optionalAuth, originOf } from '../../../plugins/app/auth';
import { findOrganizationRecord, listOrganizations, organizationChoices } from '../../../repositories/organizations';
import { createOrganization, deleteOrganization, editOrganization } from '../../../services/organizations';

export default async function organizationsRoutes(app: FastifyInstance) {
  const { db } = app;

  // Public (API.md): players choose a provider without signing in.
  route(app, 'dropDownOrganization', async () => success(await organizationChoices(db)));

  /** Public: what a result page shows of a provider; an Admin's token gets the whole record. */
  route(app, 'getOrganizationById', async (req) => {
    const record = await findOrganizationRecord(db, req.query.id);
    const me = await optionalAuth(req);
    if (record && me?.roleName === 'Admin') {
      const { hasPassword: _set, ...full } = record;
      return success(full);
    }
    if (!record?.organizationIsActive) throw notFound(ORG_MSG.notFound);
    return success({
      id: record.organizationId,
      organizationName: record.organizationName,
      organizationAddress: record.organizationAddress,
      organizationPhone: record.organizationPhone,
    });
  });

  route(app, 'getOrganizationList', async (req) => success(await listOrganizations(db, req.body, req.body.filter)));

  route(app, 'createOrganization', async (req) => {
    const ids = await createOrganization(db, originOf(req), req.body);
    return success(ids, ORG_MSG.created);
  });

  route(app, 'editOrganization', async (req) => {
    const ids = await editOrganization(db, originOf(req), req.body);
    return success(ids, ORG_MSG.updated);
  });

  route(app, 'deleteOrganization', async (req) => {
    await deleteOrganization(db, originOf(req), req.query.id);
    return success(null, ORG_MSG.deleted);
  });
}

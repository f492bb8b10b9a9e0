import { success } from '@scentry/shared-schema';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../lib/route';
import { listRoles } from '../../../repositories/roles';

export default async function roleRoutes(app: FastifyInstance) {
  // Public in the contract (API.md): role names are no secret, and the user form needs them.
  route(app, 'getRoles', async () => success(await listRoles(app.db)));
}

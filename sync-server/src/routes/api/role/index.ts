import { success } from '@scentry/shared-schema';
import type { FastifyInstance } from 'fastify';

export default async function roleRoutes(app: FastifyInstance) {
  // Public in the contract (API.md): role names are no secret, and the user form needs them.
  app.get('/api/Role/GetRoles', { config: { access: 'public' } }, async () => {
    const roles = await app.db.selectFrom('roles').select(['id', 'name']).orderBy('id').execute();
    return success(roles);
  });
}

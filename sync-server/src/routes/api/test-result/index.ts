import { success, type TestResultCounts } from '@scentry/shared-schema';
import type { FastifyInstance } from 'fastify';
import { authUser } from '../../../plugins/app/auth';

export default async function testResultRoutes(app: FastifyInstance) {
  /** Dashboard cards. A Client Admin counts only their organization's results. */
  app.get('/api/TestResult/GetTestResultCounts', { config: { access: 'staff' } }, async (req) => {
    const me = authUser(req);
    let results = app.db.selectFrom('testResults');
    if (me.roleName !== 'Admin') results = results.where('organizationId', '=', me.organizationId ?? -1);
    const counts = await results
      .select((eb) => [
        eb.fn.countAll<number>().as('total'),
        eb.fn.sum<number>(eb.case().when('resultStatus', '=', 'Pass').then(1).else(0).end()).as('pass'),
        eb.fn.sum<number>(eb.case().when('resultStatus', '=', 'Fail').then(1).else(0).end()).as('fail'),
      ])
      .executeTakeFirstOrThrow();
    const kits = await app.db
      .selectFrom('testKits')
      .where('deletedAt', 'is', null)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const data: TestResultCounts = {
      totalTestCount: Number(counts.total),
      passCount: Number(counts.pass ?? 0),
      failCount: Number(counts.fail ?? 0),
      testKitCount: Number(kits.n),
    };
    return success(data);
  });
}

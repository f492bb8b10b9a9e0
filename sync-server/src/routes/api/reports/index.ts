import { success } from '@scentry/shared-schema';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../lib/route';
import { callerOf } from '../../../plugins/app/auth';
import { kitInsights } from '../../../services/kit-insights';
import { dataLocation, locationPoints, passFailByMonth } from '../../../services/reports';

/** Reports (spec §2 Reports, §7): see services/reports.ts for whose results each one counts. */
export default async function reportsRoutes(app: FastifyInstance) {
  route(app, 'getDataLocation', async (req) => success(await dataLocation(app.db, callerOf(req), req.body)));

  route(app, 'getLocationData', async (req) => success(await locationPoints(app.db, callerOf(req), req.body)));

  route(app, 'passFailDataByDate', async (req) => success(await passFailByMonth(app.db, callerOf(req), req.body)));

  route(app, 'getKitInsights', async (req) => success(await kitInsights(app.db, callerOf(req), req.body)));
}

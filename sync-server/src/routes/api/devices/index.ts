import { type DeviceReport, seesAllOrganizations, success } from '@scentry/shared-schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../../../lib/route';
import { callerOf, originOf } from '../../../plugins/app/auth';
import { type DeviceScope, dismissGaps, listDevices, reportDevice } from '../../../services/devices';

const reporters = new WeakMap<FastifyInstance, (report: DeviceReport, ip: string) => Promise<void>>();

/**
 * Takes a device's report, by its own call or carried by a kit pull: one count of new devices
 * per address for both.
 */
export function deviceReports(app: FastifyInstance): (report: DeviceReport, ip: string) => Promise<void> {
  const root = app.server as unknown as FastifyInstance;
  let take = reporters.get(root);
  if (!take) {
    // The per-address cap on new devices is one of the public throttles: off with RATE_LIMITS=off.
    const newDevices = app.config.throttles ? app.counters('devices-new') : null;
    take = (report, ip) => reportDevice(app.db, newDevices, report, ip);
    reporters.set(root, take);
  }
  return take;
}

/**
 * Devices (API.md "Devices: sequences, gaps and reports"): a device's report (public, one token of
 * the read throttle), and the staff's devices screen.
 */
export default async function devicesRoutes(app: FastifyInstance) {
  const { db } = app;

  route(app, 'reportDevice', async (req) => {
    await deviceReports(app)(req.body, req.ip);
    return success(null);
  });

  const scopeOf = (req: FastifyRequest): DeviceScope => {
    const caller = callerOf(req);
    return { organizationId: seesAllOrganizations(caller.roleName) ? null : (caller.organizationId ?? -1) };
  };

  route(app, 'getDeviceList', async (req) => success(await listDevices(db, scopeOf(req), req.body)));

  route(app, 'dismissGaps', async (req) => {
    await dismissGaps(db, originOf(req), scopeOf(req), req.body.deviceId);
    return success(null);
  });
}

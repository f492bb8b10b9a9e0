import { z } from 'zod';
import { defineContract } from '../common/endpoint';
import { listOf } from '../common/replies';
import { DEVICES_PLAYER_ROUTES } from './player-routes';
import { deviceRowSchema } from './replies';
import { DEVICES_ROUTES } from './routes';
import { deviceListRequest, deviceReportSchema, dismissGapsRequest } from './schemas';

export const DEVICES_CONTRACT = defineContract(
  { ...DEVICES_PLAYER_ROUTES, ...DEVICES_ROUTES },
  {
    reportDevice: {
      summary:
        "A device's report: its last number and the numbers it still holds unsent; the first report of an id keeps its key",
      body: deviceReportSchema,
      data: z.null(),
    },
    getDeviceList: {
      summary:
        'Devices, with what waits on each and what never reached the server (Admin: all; Client Admin: their organization’s)',
      body: deviceListRequest,
      data: listOf(deviceRowSchema),
    },
    dismissGaps: {
      summary: "Marks a device's missing numbers of today as known (audited)",
      body: dismissGapsRequest,
      data: z.null(),
    },
  },
);

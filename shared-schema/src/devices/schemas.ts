import { z } from 'zod';
import { MSG } from '../common/messages';
import { filterText, listRequest, uuid } from '../common/schemas';
import { DEVICE_BUILD_MAX, DEVICE_MSG, REPORT_PENDING_MAX, SEQ_MAX, TABLET_NAME_MAX } from './rules';

/** A device id: a UUID of any version (stored in lower case). */
export const deviceIdSchema = uuid(DEVICE_MSG.invalidDevice).transform((v) => v.toLowerCase());
/** A document's number on its device: 1 to 2^31 − 1. */
export const seqSchema = z
  .number({ error: DEVICE_MSG.invalidDevice })
  .int({ error: DEVICE_MSG.invalidDevice })
  .min(1, { error: DEVICE_MSG.invalidDevice })
  .max(SEQ_MAX, { error: DEVICE_MSG.invalidDevice });

/**
 * `deviceId` and `seq` on a document or an online call (API.md "Devices"): both optional; without
 * them a document is stored as before.
 */
export const deviceMarkShape = {
  deviceId: deviceIdSchema.nullable().optional(),
  seq: seqSchema.nullable().optional(),
};
/** The same fields as the PascalCase forms name them (bound ignoring case either way). */
export const deviceMarkPascalShape = {
  DeviceId: deviceMarkShape.deviceId,
  Seq: deviceMarkShape.seq,
};

/** A device key: at least 128 bits of base64url (22 characters), at most 100 characters. */
export const deviceKeySchema = z
  .string({ error: DEVICE_MSG.invalidDevice })
  .regex(/^[A-Za-z0-9_-]{22,100}$/, { error: DEVICE_MSG.invalidDevice });

/** POST /api/sync/devices/report, and a kit pull's `device`. */
export const deviceReportSchema = z.object(
  {
    deviceId: deviceIdSchema,
    deviceKey: deviceKeySchema,
    build: z
      .string({ error: DEVICE_MSG.invalidDevice })
      .trim()
      .min(1, { error: DEVICE_MSG.invalidDevice })
      .max(DEVICE_BUILD_MAX, { error: DEVICE_MSG.invalidDevice }),
    name: z
      .string({ error: DEVICE_MSG.tabletNameTooLong })
      .trim()
      .max(TABLET_NAME_MAX, { error: DEVICE_MSG.tabletNameTooLong })
      .nullable()
      .optional(),
    lastSeq: z
      .number({ error: DEVICE_MSG.invalidDevice })
      .int({ error: DEVICE_MSG.invalidDevice })
      .min(0, { error: DEVICE_MSG.invalidDevice })
      .max(SEQ_MAX, { error: DEVICE_MSG.invalidDevice }),
    pendingSeqs: z.array(seqSchema, { error: DEVICE_MSG.invalidDevice }).max(REPORT_PENDING_MAX, {
      error: DEVICE_MSG.invalidDevice,
    }),
  },
  { error: MSG.invalidRequest },
);
export type DeviceReport = z.output<typeof deviceReportSchema>;

/** GetDeviceList: paged, with "Needs attention" and a search of names and builds. */
export const deviceListRequest = listRequest({
  needsAttention: z.boolean({ error: MSG.invalidRequest }).nullable().optional(),
  searchText: filterText(),
});
export type DeviceListRequest = z.output<typeof deviceListRequest>;

/** DismissGaps: the device whose gaps of today are known. */
export const dismissGapsRequest = z.object({ deviceId: deviceIdSchema }, { error: MSG.invalidRequest });

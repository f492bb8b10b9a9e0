import { z } from 'zod';

export const testKitSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  isActive: z.boolean(),
  passThreshold: z.number().int(),
  version: z.number().int(),
  playable: z.boolean(),
  cardCount: z.number().int(),
  /** The kit's QR code as a PNG data URL. */
  qrCode: z.string(),
  qrCodeURL: z.string(),
});
export type TestKit = z.output<typeof testKitSchema>;

export const testKitListRowSchema = testKitSchema
  .omit({ playable: true, qrCode: true })
  .extend({ createdAt: z.string() });
export type TestKitListRow = z.output<typeof testKitListRowSchema>;

export const testKitIdData = z.object({ testKitId: z.number().int() });

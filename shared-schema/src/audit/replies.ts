import { z } from 'zod';

/** A row of the audit log: who did what to which record, when and from where. */
export const auditRowSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  userId: z.number().int().nullable(),
  userEmail: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  address: z.string().nullable(),
  detail: z.string().nullable(),
});
export type AuditRow = z.output<typeof auditRowSchema>;

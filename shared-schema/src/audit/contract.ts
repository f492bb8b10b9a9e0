import { defineContract } from '../common/endpoint';
import { listOf } from '../common/replies';
import { auditRowSchema } from './replies';
import { AUDIT_ROUTES } from './routes';
import { auditListRequest } from './schemas';

export const AUDIT_CONTRACT = defineContract(AUDIT_ROUTES, {
  getAuditLog: {
    summary: 'The audit log, newest first: filter by user, action and days (MM/DD/YYYY, America/Los_Angeles)',
    body: auditListRequest,
    data: listOf(auditRowSchema),
  },
});

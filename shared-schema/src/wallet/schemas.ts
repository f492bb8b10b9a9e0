import { z } from 'zod';
import { UUID_RE } from '../common/schemas';
import { REPORT_MSG } from '../emails/rules';
import { PLAY_MSG } from '../results/rules';
import { writeKeySchema } from '../results/schemas';

/** What an older build sends and the server no longer reads: the pass shows the stored record. */
const ignored = z.unknown().optional().meta({ description: 'Accepted and ignored: the pass shows the stored record' });

/**
 * GeneratePKSafePass (API.md "E-mails and passes"): the stored result to make a pass of, with its
 * write key. A body without a result id is a build from before the keys (it sent only the spec's
 * Name, Date, Result and Score): it is told to update rather than that a field is wrong.
 */
export const pkPassRequest = z.object({
  TestResultId: z
    .string({ error: (issue) => (issue.input == null ? REPORT_MSG.passNeedsUpdate : PLAY_MSG.invalidId) })
    .regex(UUID_RE, { error: PLAY_MSG.invalidId }),
  /** The result's write key; a result stored without one needs none. */
  WriteKey: writeKeySchema.nullable().optional(),
  Name: ignored,
  Date: ignored,
  Result: ignored,
  Score: ignored,
});
export type PkPassRequest = z.output<typeof pkPassRequest>;

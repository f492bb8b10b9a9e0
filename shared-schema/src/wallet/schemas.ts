import { z } from 'zod';
import { REPORT_MSG, REPORT_NAME_MAX, SCORE_RE, US_DATE_RE } from '../emails/rules';

/** GeneratePKSafePass: what the pass shows. */
export const pkPassRequest = z.object({
  name: z
    .string({ error: REPORT_MSG.passFields })
    .trim()
    .min(1, { error: REPORT_MSG.passFields })
    .max(REPORT_NAME_MAX, {
      error: REPORT_MSG.passFields,
    }),
  date: z.string({ error: REPORT_MSG.passFields }).trim().regex(US_DATE_RE, { error: REPORT_MSG.passFields }),
  result: z.enum(['Pass', 'Fail'], { error: REPORT_MSG.passFields }),
  score: z.string({ error: REPORT_MSG.passFields }).trim().regex(SCORE_RE, { error: REPORT_MSG.passFields }),
});
export type PkPassRequest = z.output<typeof pkPassRequest>;

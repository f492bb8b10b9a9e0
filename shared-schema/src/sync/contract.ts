import { z } from 'zod';
import { defineContract, perItem } from '../common/endpoint';
import { PUSH_MAX_ROWS } from '../results/rules';
import { SYNC_PLAYER_ROUTES } from './player-routes';
import { pullKitsData, pushConflictSchema } from './replies';
import { PULL_MAX_CODES } from './rules';
import { pullRequestSchema, pushBodySchema } from './schemas';

export const SYNC_CONTRACT = defineContract(SYNC_PLAYER_ROUTES, {
  pullKits: {
    summary: 'Kits down: documents newer than the checkpoint, tombstones, unknown codes',
    body: pullRequestSchema,
    // A code asked is a code tried: guessing kit codes costs per code, not per request.
    cost: perItem(PULL_MAX_CODES, 'codes'),
    data: pullKitsData,
  },
  pushResults: {
    summary: 'Results up: each stored exactly once; the reply lists the conflicts',
    body: pushBodySchema,
    cost: perItem(PUSH_MAX_ROWS),
    data: z.array(pushConflictSchema),
  },
});

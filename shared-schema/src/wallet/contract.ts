import { z } from 'zod';
import { defineContract } from '../common/endpoint';
import { WALLET_PLAYER_ROUTES } from './player-routes';
import { pkPassRequest } from './schemas';

export const WALLET_CONTRACT = defineContract(WALLET_PLAYER_ROUTES, {
  generatePkSafePass: {
    summary: 'A signed Apple Wallet pass (.pkpass) showing name, date, result and score',
    body: pkPassRequest,
    replyFile: 'application/vnd.apple.pkpass',
    data: z.null(),
  },
});

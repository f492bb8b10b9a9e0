import { z } from 'zod';
import { defineContract } from '../common/endpoint';
import { WALLET_PLAYER_ROUTES } from './player-routes';
import { pkPassRequest } from './schemas';

export const WALLET_CONTRACT = defineContract(WALLET_PLAYER_ROUTES, {
  generatePkSafePass: {
    summary:
      'The signed Apple Wallet pass (.pkpass) of a stored result: its name, result, score and date, and a QR code of its verify link',
    body: pkPassRequest,
    replyFile: 'application/vnd.apple.pkpass',
    data: z.null(),
  },
});

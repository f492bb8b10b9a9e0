import type { FastifyInstance } from 'fastify';
import { fileRoute } from '../../../lib/route';
import { resultPass } from '../../../services/wallet';

/**
 * Apple Wallet passes (GeneratePKSafePass): the pass of a stored result for the holder of its
 * write key; the old Name, Date, Result and Score are ignored (the pass shows the stored record).
 */
export default async function walletRoutes(app: FastifyInstance) {
  fileRoute(app, 'generatePkSafePass', async (req) => ({
    body: await resultPass(app.db, app.wallet, {
      testResultId: req.body.TestResultId,
      writeKey: req.body.WriteKey,
    }),
    fileName: 'Scentry-result.pkpass',
  }));
}

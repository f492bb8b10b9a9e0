import type { FastifyInstance } from 'fastify';
import { fileRoute } from '../../../lib/route';

/** Apple Wallet passes (GeneratePKSafePass): the contract has validated Name, Date, Result and Score. */
export default async function walletRoutes(app: FastifyInstance) {
  fileRoute(app, 'generatePkSafePass', async (req) => ({
    body: await app.wallet.generate(req.body),
    fileName: 'Scentry-result.pkpass',
  }));
}

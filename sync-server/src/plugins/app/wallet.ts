import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { loadPassSigner } from '../../services/pass-certs';
import { createWallet, type Wallet } from '../../services/wallet';

declare module 'fastify' {
  interface FastifyInstance {
    wallet: Wallet;
  }
}

/**
 * The wallet pass signer: the certificates of PASS_CERT_DIR, or a development chain made once in
 * DATA_DIR/pass-certs. Read and checked at start, so `npm start` makes the chain and a broken
 * configuration (a missing file, a wrong passphrase) stops the start rather than every pass. The
 * signing itself runs in the work thread (services/work-thread.ts); signed passes are kept in
 * DATA_DIR/passes (services/wallet.ts).
 */
export default fp(async (app: FastifyInstance) => {
  const { config } = app;
  const signer = loadPassSigner(config);
  if (signer.origin === 'development') {
    app.log.info(
      { dir: signer.dir, created: signer.created },
      'wallet passes are signed with a development pass chain: they will not open on iPhones until real Apple certificates are configured (PASS_CERT_DIR)',
    );
  } else {
    app.log.info(
      { dir: signer.dir, passTypeId: signer.passTypeIdentifier },
      'wallet passes are signed with PASS_CERT_DIR',
    );
  }
  for (const warning of signer.warnings) app.log.warn(`wallet passes: ${warning}`);
  const wallet = createWallet({
    signer,
    work: app.workThread,
    dataDir: config.dataDir,
    publicUrl: config.publicUrl,
    warn: (err, message) => app.log.warn({ err }, message),
  });
  app.decorate('wallet', wallet);
});

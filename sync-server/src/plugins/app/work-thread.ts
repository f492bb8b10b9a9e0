import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createWorkThread, type WorkThread } from '../../services/work-thread';

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's CPU work off the main thread: wallet passes, report PDFs (services/work-thread.ts). */
    workThread: WorkThread;
  }
}

/**
 * One work thread per server, started with its first job and stopped when the app closes (so
 * tests and a graceful shutdown never wait on it).
 */
export default fp(async (app: FastifyInstance) => {
  const workThread = createWorkThread();
  app.decorate('workThread', workThread);
  app.addHook('onClose', () => workThread.close());
});

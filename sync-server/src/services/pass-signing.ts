import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PassCertificates } from './pass-certs';
import type { PassJob, PassJobReply, PassWorkerData } from './pass-worker';

/** Signs pass.json documents into `.pkpass` bytes, off the main thread. */
export interface PassSigning {
  sign(passJson: Record<string, unknown>): Promise<Buffer>;
  /** Stops the worker (pending passes fail); a later `sign` starts a new one. */
  close(): Promise<void>;
  /** Whether the worker is up (it starts with the first pass and stops when idle or closed). */
  readonly running: boolean;
}

export interface PassSigningOptions {
  certificates: PassCertificates;
  /** The worker stops after this long without a pass, giving its memory back (ms). */
  idleMs?: number;
}

/** Minutes of quiet after which the worker stops: passes come in bursts (an event), then none. */
const DEFAULT_IDLE_MS = 5 * 60_000;

/**
 * Where the worker's code is. The built server (dist/server.mjs) has it beside itself as
 * dist/pass-worker.mjs (sync-server/build.mjs builds both); under tsx or vitest this module is
 * src/services/pass-signing.ts and the worker is its .ts neighbour, which a plain worker cannot
 * load: it first registers tsx's loader in the worker (tsx is a devDependency, present wherever the
 * sources run).
 */
function workerEntry(): { code: string | URL; eval: boolean } {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return { code: new URL('./pass-worker.mjs', here), eval: false };
  // tsx/esm/api's `import` condition; createRequire resolves the `require` one (.cjs) beside it.
  const tsxApi = pathToFileURL(
    createRequire(here)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  const entry = new URL('./pass-worker.ts', here).href;
  return {
    code: `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`,
    eval: true,
  };
}

/**
 * One long-lived worker thread that signs wallet passes, started with the first pass (most servers
 * make few, and the pass library and its certificates then never load on the main thread's heap)
 * and stopped after a quiet spell. Passes are queued to it as messages and signed one at a time;
 * the main thread only waits, so a burst of passes never holds up other requests.
 */
export function createPassSigning(options: PassSigningOptions): PassSigning {
  const idleMs = options.idleMs ?? DEFAULT_IDLE_MS;
  let worker: Worker | null = null;
  let seq = 0;
  let idleTimer: NodeJS.Timeout | null = null;
  const pending = new Map<number, { by: Worker; resolve: (bytes: Buffer) => void; reject: (err: Error) => void }>();

  /** Fails the passes a worker held (an old worker's exit never touches a newer one's). */
  const failAll = (w: Worker, err: Error) => {
    for (const [key, job] of pending) {
      if (job.by !== w) continue;
      pending.delete(key);
      job.reject(err);
    }
  };

  const armIdle = () => {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = null;
    if (pending.size > 0 || !worker) return;
    // An idle worker never keeps the process alive either (a script that forgot to close the app).
    worker.unref();
    idleTimer = setTimeout(() => void stop(), idleMs);
    // A waiting timer never keeps the process alive.
    idleTimer.unref();
  };

  function start(): Worker {
    const entry = workerEntry();
    const data: PassWorkerData = { certificates: options.certificates };
    const w = new Worker(entry.code, { eval: entry.eval, workerData: data });
    w.on('message', (reply: PassJobReply) => {
      const job = pending.get(reply.seq);
      if (!job) return;
      pending.delete(reply.seq);
      if ('error' in reply) job.reject(new Error(`the pass could not be signed: ${reply.error}`));
      else job.resolve(Buffer.from(reply.bytes.buffer, reply.bytes.byteOffset, reply.bytes.byteLength));
      armIdle();
    });
    w.on('error', (err) => {
      if (worker === w) worker = null;
      failAll(w, err);
    });
    w.on('exit', (code) => {
      if (worker === w) worker = null;
      failAll(w, new Error(`the pass worker stopped (exit code ${code})`));
    });
    return w;
  }

  async function stop(): Promise<void> {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = null;
    const w = worker;
    worker = null;
    if (w) await w.terminate();
  }

  return {
    sign(passJson) {
      worker ??= start();
      const w = worker;
      w.ref();
      if (idleTimer) clearTimeout(idleTimer);
      idleTimer = null;
      const job: PassJob = { seq: ++seq, passJson };
      const done = new Promise<Buffer>((resolve, reject) => pending.set(job.seq, { by: w, resolve, reject }));
      w.postMessage(job);
      return done;
    },
    close: stop,
    get running() {
      return worker !== null;
    },
  };
}

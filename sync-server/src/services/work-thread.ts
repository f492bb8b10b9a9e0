import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { WorkInputs, WorkJob, WorkKind, WorkReply } from './work-thread-entry';

/**
 * The server's CPU work off its main thread: wallet passes signed, report PDFs drawn. Each call
 * resolves with the bytes made (a `.pkpass` or a PDF).
 */
export interface WorkThread {
  run<K extends WorkKind>(kind: K, input: WorkInputs[K]): Promise<Buffer>;
  /** Stops the worker (jobs waiting fail); a later `run` starts a new one. */
  close(): Promise<void>;
  /** Whether the worker is up (it starts with the first job and stops when idle or closed). */
  readonly running: boolean;
}

export interface WorkThreadOptions {
  /** The worker stops after this long without a job, giving its memory back (ms). */
  idleMs?: number;
}

/** Minutes of quiet after which the worker stops: passes and e-mails come in bursts (an event), then none. */
const DEFAULT_IDLE_MS = 5 * 60_000;

/**
 * Where the worker's code is. The built server (dist/server.mjs) has it beside itself as
 * dist/work-thread.mjs (sync-server/build.mjs builds both); under tsx or vitest this module is
 * src/services/work-thread.ts and the worker is its .ts neighbour (work-thread-entry.ts), which a plain worker cannot
 * load: it first registers tsx's loader in the worker (tsx is a devDependency, present wherever the
 * sources run).
 */
function workerEntry(): { code: string | URL; eval: boolean } {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return { code: new URL('./work-thread.mjs', here), eval: false };
  // tsx/esm/api's `import` condition; createRequire resolves the `require` one (.cjs) beside it.
  const tsxApi = pathToFileURL(
    createRequire(here)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  const entry = new URL('./work-thread-entry.ts', here).href;
  return {
    code: `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`,
    eval: true,
  };
}

/**
 * One long-lived worker thread for the server's CPU work (DESIGN.md §3), started with the first
 * job (most servers make few passes and PDFs, and their libraries then never load on the main
 * thread's heap) and stopped after a quiet spell. Jobs are queued to it as messages and done one
 * at a time; the main thread only waits, so a burst of passes or e-mails never holds up other
 * requests.
 */
export function createWorkThread(options: WorkThreadOptions = {}): WorkThread {
  const idleMs = options.idleMs ?? DEFAULT_IDLE_MS;
  let worker: Worker | null = null;
  let seq = 0;
  let idleTimer: NodeJS.Timeout | null = null;
  const pending = new Map<
    number,
    { by: Worker; kind: WorkKind; resolve: (bytes: Buffer) => void; reject: (err: Error) => void }
  >();

  /** Fails the jobs a worker held (an old worker's exit never touches a newer one's). */
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
    const w = new Worker(entry.code, { eval: entry.eval });
    w.on('message', (reply: WorkReply) => {
      const job = pending.get(reply.seq);
      if (!job) return;
      pending.delete(reply.seq);
      if ('error' in reply) job.reject(new Error(`the ${job.kind} could not be made: ${reply.error}`));
      else job.resolve(Buffer.from(reply.bytes.buffer, reply.bytes.byteOffset, reply.bytes.byteLength));
      armIdle();
    });
    w.on('error', (err) => {
      if (worker === w) worker = null;
      failAll(w, err);
    });
    w.on('exit', (code) => {
      if (worker === w) worker = null;
      failAll(w, new Error(`the work thread stopped (exit code ${code})`));
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
    run(kind, input) {
      worker ??= start();
      const w = worker;
      w.ref();
      if (idleTimer) clearTimeout(idleTimer);
      idleTimer = null;
      const job = { seq: ++seq, kind, input } as WorkJob;
      const done = new Promise<Buffer>((resolve, reject) => pending.set(job.seq, { by: w, kind, resolve, reject }));
      w.postMessage(job);
      return done;
    },
    close: stop,
    get running() {
      return worker !== null;
    },
  };
}

import { parentPort, workerData } from 'node:worker_threads';
import type { PassCertificates } from './pass-certs';
import { passImages } from './pass-images';

/** What the server gives the worker once, at its start. */
export interface PassWorkerData {
  certificates: PassCertificates;
}

/** One pass to sign: its pass.json, as the server made it from the stored result. */
export interface PassJob {
  seq: number;
  passJson: Record<string, unknown>;
}

/** The signed `.pkpass` bytes of a job, or why it could not be signed. */
export type PassJobReply = { seq: number; bytes: Uint8Array } | { seq: number; error: string };

/*
 * The pass worker (services/pass-signing.ts starts it): signs wallet passes off the server's main
 * thread. Signing is RSA in JavaScript (node-forge, through passkit-generator) plus hashing and
 * zipping, tens of milliseconds each; on the main thread a burst of passes stalled every other
 * request (issue 21). Jobs arrive one message each and are signed one at a time, in order.
 */
const port = parentPort;
if (!port) throw new Error('pass-worker runs as a worker thread');
const { certificates } = workerData as PassWorkerData;

let images: Record<string, Buffer> | undefined;
let PKPass: typeof import('passkit-generator').PKPass | undefined;

port.on('message', async (job: PassJob) => {
  let reply: PassJobReply;
  try {
    PKPass ??= (await import('passkit-generator')).PKPass;
    images ??= passImages();
    const pass = new PKPass({ ...images, 'pass.json': Buffer.from(JSON.stringify(job.passJson)) }, certificates);
    const buffer = pass.getAsBuffer();
    // A copy that owns its memory, so it can be transferred rather than copied again.
    const bytes = new Uint8Array(buffer);
    reply = { seq: job.seq, bytes };
    port.postMessage(reply, [bytes.buffer]);
  } catch (err) {
    reply = { seq: job.seq, error: (err as Error).message };
    port.postMessage(reply);
  }
});

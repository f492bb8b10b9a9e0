import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parentPort } from 'node:worker_threads';
import type { Language } from '@scentry/shared-schema';
import { translator } from '@scentry/shared-schema/i18n/translator';
import {
  type QuestionnaireReportModel,
  type ReportModel,
  type ReportPictures,
  renderQuestionnairePdfBytes,
  renderReportPdfBytes,
} from '@scentry/shared-schema/result-document';
import { nodeFontSource } from '@scentry/shared-schema/result-document/node-fonts';
import type { PassCertificates } from './pass-certs';
import { passImages } from './pass-images';

/** The CPU work the server sends off its main thread: what each kind takes. */
export interface WorkInputs {
  /** A wallet pass: its pass.json (made from the stored result) and the chain that signs it. */
  pass: { passJson: Record<string, unknown>; certificates: PassCertificates };
  /** A result report PDF (the shared layout), with its option pictures, in the e-mail's language. */
  report: { model: ReportModel; pictures: ReportPictures; language: Language };
  /** A questionnaire report PDF, in the e-mail's language. */
  questionnaire: { model: QuestionnaireReportModel; language: Language };
}
export type WorkKind = keyof WorkInputs;

/** One job, numbered by the server. */
export type WorkJob = { [K in WorkKind]: { seq: number; kind: K; input: WorkInputs[K] } }[WorkKind];

/** The bytes a job made (a .pkpass or a PDF), or why it could not be made. */
export type WorkReply = { seq: number; bytes: Uint8Array } | { seq: number; error: string };

/*
 * The work thread (services/work-thread.ts starts it): signs wallet passes and draws report PDFs
 * off the server's main thread. Each is tens of milliseconds of CPU (RSA in JavaScript through
 * passkit-generator; jsPDF's layout and compression); on the main thread a burst of them stalled
 * every other request (issue 21). Jobs arrive one message each and are done one at a time, in
 * order; their libraries load here on first use, never on the main thread's heap.
 */
const port = parentPort;
if (!port) throw new Error('work-thread-entry runs as a worker thread');

let images: Record<string, Buffer> | undefined;

/**
 * The report's fonts of other scripts (shared-schema/fonts/, read when a report's names need
 * them): beside the bundle in dist/fonts/ (build.mjs copies them), else in the sources.
 */
const bundledFonts = fileURLToPath(new URL('./fonts/', import.meta.url));
const fonts = nodeFontSource(existsSync(bundledFonts) ? bundledFonts : undefined);
let PKPass: typeof import('passkit-generator').PKPass | undefined;

async function work(job: WorkJob): Promise<Uint8Array> {
  switch (job.kind) {
    case 'pass': {
      PKPass ??= (await import('passkit-generator')).PKPass;
      images ??= passImages();
      const { passJson, certificates } = job.input;
      const pass = new PKPass({ ...images, 'pass.json': Buffer.from(JSON.stringify(passJson)) }, certificates);
      return pass.getAsBuffer();
    }
    // The messages are made here, in the thread that draws (a function does not cross threads).
    case 'report': {
      const { model, pictures, language } = job.input;
      return renderReportPdfBytes(model, pictures, { fonts, t: translator(language), language });
    }
    case 'questionnaire': {
      const { model, language } = job.input;
      return renderQuestionnairePdfBytes(model, { fonts, t: translator(language), language });
    }
  }
}

port.on('message', async (job: WorkJob) => {
  try {
    // A copy that owns its memory, so it can be transferred rather than copied again.
    const bytes = new Uint8Array(await work(job));
    const reply: WorkReply = { seq: job.seq, bytes };
    port.postMessage(reply, [bytes.buffer]);
  } catch (err) {
    const reply: WorkReply = { seq: job.seq, error: (err as Error).message };
    port.postMessage(reply);
  }
});

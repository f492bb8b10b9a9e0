import type { EmailDoc, EmailKind, KitDoc, Language, ResultDoc } from '@scentry/shared-schema';

export type SyncState = 'pending' | 'uploaded' | 'rejected';

/** A result as the device keeps it: the pushed document plus local bookkeeping (never sent). */
export interface LocalResult extends ResultDoc {
  syncState: SyncState;
  /** Why the server refused it (shown to the player, never retried). */
  reason?: string;
  kitName: string;
  averageIntensity: number;
}

export type { KitDoc, ResultDoc };

/** Local-only fields, stripped before a push. */
export function toResultDoc(local: LocalResult): ResultDoc {
  const { syncState: _s, reason: _r, kitName: _k, averageIntensity: _a, deviceId, seq, ...doc } = local;
  return { ...doc, ...markOf({ deviceId, seq }) };
}

export type EmailState = 'pending' | 'sent' | 'rejected';

/**
 * An e-mail of a report asked for while the result or the network was not there yet: the pushed
 * document plus local bookkeeping. The server makes the PDF and writes the text, so `name`,
 * `date` and `pdfBase64` are kept empty ('' — fields of the stored schema since its first
 * version; one queued by an older build may still carry a PDF, dropped once sent).
 */
export interface LocalEmail {
  id: string;
  testResultId: string;
  kind: EmailKind;
  email: string;
  language?: Language;
  name: string;
  date: string;
  pdfBase64: string;
  state: EmailState;
  reason?: string;
  createdAt: string;
  /** API.md "Devices": its number on this device (none when queued by an older build). */
  deviceId?: string | null;
  seq?: number | null;
}

/** The pushed document (API.md "Sync": EmailDoc): no local fields, none of the ignored ones; the result's write key is added as it goes (withWriteKey). */
export function toEmailDoc(local: LocalEmail): EmailDoc {
  const { id, testResultId, kind, email, language } = local;
  return { id, testResultId, kind, email, ...(language ? { language } : {}), ...markOf(local) };
}

/** A kept document's `deviceId` and `seq`, when it has them (documents queued by older builds have none). */
export const markOf = (d: { deviceId?: string | null; seq?: number | null }): { deviceId?: string; seq?: number } =>
  d.deviceId && typeof d.seq === 'number' ? { deviceId: d.deviceId, seq: d.seq } : {};

export type FormState = 'pending' | 'uploaded' | 'rejected';

/**
 * A medical form or a questionnaire answered on this device, kept until the server has it
 * (API.md "Sync": MedicalDoc, QuestionnaireDoc): the document as pushed, plus bookkeeping.
 */
export interface LocalForm {
  id: string;
  testResultId: string;
  kind: 'medical' | 'questionnaire';
  /** The pushed document (camelCase, API.md), without its id and testResultId. */
  doc: Record<string, unknown>;
  state: FormState;
  reason?: string;
  createdAt: string;
  deviceId?: string | null;
  seq?: number | null;
}

/**
 * A pushed form or e-mail with its result's write key, looked up when it goes (API.md "Writing to
 * a result"): one queued before the update, for a result without a key, goes without one.
 */
export const withWriteKey = <T extends object>(doc: T, writeKey: string | null | undefined): T =>
  writeKey ? { ...doc, writeKey } : doc;

/** The pushed document of a kept form. */
export const toFormDoc = (f: LocalForm): Record<string, unknown> => ({
  id: f.id,
  testResultId: f.testResultId,
  ...f.doc,
  ...markOf(f),
});

/** This device's identity and counter, one row of its database (offline/device.ts). */
export interface LocalDevice {
  /** Always DEVICE_DOC: one row a database. */
  id: string;
  deviceId: string;
  deviceKey: string;
  /** The last number given out (0: none yet). */
  lastSeq: number;
}

/** `deviceId` and `seq` as a document or an online call carries them. */
export interface DeviceMark {
  deviceId: string;
  seq: number;
}

import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CARDS_PER_KIT, GUEST_NAME, PLAY_MSG, printedName, REPORT_MSG } from '@scentry/shared-schema';
import type { Db } from '../db/database';
import { TIME_ZONE } from '../lib/dates';
import { forbidden, notFound } from '../lib/errors';
import { writeKeyMatches } from '../lib/write-key';
import { findResult, type ResultRow } from '../repositories/results';
import type { PassSigner } from './pass-certs';
import { MINT, rgb, TEAL, WHITE } from './pass-images';
import type { WorkThread } from './work-thread';

/** The directory under DATA_DIR where signed passes are kept (one file per result and content). */
export const PASS_CACHE_DIR = 'passes';

/**
 * Bumped when what a pass looks like changes beyond pass.json (its images, its layout), so that
 * cached passes are made again rather than served as they were.
 */
const PASS_FORMAT = 1;

/** What a pass shows of a stored result. */
export type PassRecord = Pick<
  ResultRow,
  'id' | 'firstName' | 'lastName' | 'resultStatus' | 'rightAnswerCount' | 'playedAt'
>;

const passDate = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  month: '2-digit',
  day: '2-digit',
  year: 'numeric',
});

/**
 * The player's name when they gave one that passes the name rule (printedName): the "Guest Player"
 * placeholder means none was given.
 */
export function playerName(row: Pick<PassRecord, 'firstName' | 'lastName'>): string | null {
  const name = printedName(row.firstName, row.lastName);
  return name === `${GUEST_NAME.firstName} ${GUEST_NAME.lastName}` ? null : name;
}

/** The verify page of a result: what the pass's QR code holds (and the report's). */
export const verifyUrl = (publicUrl: string, id: string): string => `${publicUrl}/verify/${id}`;

/**
 * pass.json of a stored result: its result, score and played-at date (MM/DD/YYYY in Los Angeles,
 * as on the report), the player's name only when they gave one, `serialNumber` = the result id,
 * and one QR code of its verify link so whoever is shown the pass can check it.
 */
export function passJson(
  row: PassRecord,
  signer: Pick<PassSigner, 'passTypeIdentifier' | 'teamIdentifier'>,
  publicUrl: string,
): Record<string, unknown> {
  const name = playerName(row);
  const url = verifyUrl(publicUrl, row.id);
  return {
    formatVersion: 1,
    passTypeIdentifier: signer.passTypeIdentifier,
    teamIdentifier: signer.teamIdentifier,
    serialNumber: row.id,
    organizationName: 'Scentry',
    description: 'Smell screening result',
    logoText: 'Scentry',
    backgroundColor: rgb(TEAL),
    foregroundColor: rgb(WHITE),
    labelColor: rgb(MINT),
    barcodes: [{ format: 'PKBarcodeFormatQR', message: url, messageEncoding: 'iso-8859-1', altText: 'Verify' }],
    generic: {
      primaryFields: [{ key: 'result', label: 'RESULT', value: row.resultStatus }],
      secondaryFields: [
        ...(name ? [{ key: 'name', label: 'NAME', value: name }] : []),
        { key: 'score', label: 'SCORE', value: `${row.rightAnswerCount}/${CARDS_PER_KIT}` },
      ],
      auxiliaryFields: [{ key: 'date', label: 'DATE', value: passDate.format(new Date(row.playedAt)) }],
      backFields: [{ key: 'verify', label: 'VERIFY THIS RESULT', value: url }],
    },
  };
}

export interface WalletOptions {
  signer: PassSigner;
  /** Where passes are signed (off the main thread). */
  work: WorkThread;
  dataDir: string;
  publicUrl: string;
  /** Told when a signed pass cannot be kept (the pass is still served). */
  warn: (err: unknown, message: string) => void;
}

export interface Wallet {
  /** The signed `.pkpass` of a stored result: from the cache when made before, else signed once. */
  pass(row: PassRecord): Promise<Buffer>;
  /** Passes this process has signed (not those served from the cache). */
  readonly signed: number;
}

/**
 * Wallet passes with a cache: the same result gives the same pass (API.md), so a pass is signed
 * once and kept as DATA_DIR/passes/<id>-<digest>.pkpass, surviving restarts. The digest covers
 * pass.json and the signing certificate, so a result whose name was given later, a new PUBLIC_URL
 * or new certificates make a new pass. Requests for one pass while it is being signed share the
 * signing. A pass holds no secret, but whoever asks must pass the write-key check first
 * (`resultPass`): the cache is keyed by result id.
 */
export function createWallet(options: WalletOptions): Wallet {
  const dir = path.join(options.dataDir, PASS_CACHE_DIR);
  const certDigest = createHash('sha256').update(options.signer.certificates.signerCert).digest('hex');
  const inFlight = new Map<string, Promise<Buffer>>();
  let signed = 0;
  let dirMade = false;

  const fileOf = (row: PassRecord): string => {
    const json = JSON.stringify(passJson(row, options.signer, options.publicUrl));
    const digest = createHash('sha256').update(`${PASS_FORMAT}\n${certDigest}\n${json}`).digest('hex').slice(0, 16);
    return path.join(dir, `${row.id}-${digest}.pkpass`);
  };

  async function make(row: PassRecord, file: string): Promise<Buffer> {
    try {
      return await readFile(file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    const bytes = await options.work.run('pass', {
      passJson: passJson(row, options.signer, options.publicUrl),
      certificates: options.signer.certificates,
    });
    signed += 1;
    try {
      if (!dirMade) await mkdir(dir, { recursive: true });
      dirMade = true;
      // Whole or not at all: a reader never sees half a pass.
      const tmp = `${file}.${process.pid}.tmp`;
      await writeFile(tmp, bytes);
      await rename(tmp, file);
      // The pass made before the player gave their name is never asked for again.
      if (playerName(row) !== null) {
        await unlink(fileOf({ ...row, firstName: GUEST_NAME.firstName, lastName: GUEST_NAME.lastName })).catch(
          () => {},
        );
      }
    } catch (err) {
      options.warn(err, 'a signed wallet pass could not be kept in DATA_DIR/passes (it was served)');
    }
    return bytes;
  }

  return {
    pass(row) {
      const file = fileOf(row);
      let job = inFlight.get(file);
      if (!job) {
        job = make(row, file).finally(() => inFlight.delete(file));
        inFlight.set(file, job);
      }
      return job;
    },
    get signed() {
      return signed;
    },
  };
}

export interface PassRequest {
  testResultId: string;
  writeKey?: string | null;
}

/**
 * GeneratePKSafePass (API.md "E-mails and passes"): the pass of a stored result, for the holder
 * of its write key (anyone, for a result stored before the keys). The key is checked before any
 * pass, cached or not, is given out.
 */
export async function resultPass(db: Db, wallet: Wallet, sent: PassRequest): Promise<Buffer> {
  const row = await findResult(db, sent.testResultId.toLowerCase());
  if (!row) throw notFound(REPORT_MSG.resultNotSynced);
  if (!writeKeyMatches(row.writeKeyHash, sent.writeKey)) throw forbidden(PLAY_MSG.notAllowedForResult);
  return wallet.pass(row);
}

import {
  addRxPlugin,
  createRxDatabase,
  type RxCollection,
  type RxDatabase,
  type RxJsonSchema,
  type RxStorage,
} from 'rxdb';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { markLocalDatabase } from './status';
import type { KitDoc, LocalEmail, LocalForm, LocalResult } from './types';

/**
 * The device's database (RxDB on Dexie/IndexedDB): kits as downloaded, and results until the
 * server has them. Loaded lazily: a player's first card never waits for it.
 */
const kitSchema: RxJsonSchema<KitDoc> = {
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 60 },
    kitId: { type: 'integer' },
    name: { type: 'string' },
    version: { type: 'integer' },
    passThreshold: { type: 'integer' },
    updatedAt: { type: 'string' },
    _deleted: { type: 'boolean' },
    cards: { type: 'array', items: { type: 'object' } },
  },
  required: ['id', 'kitId', 'name', 'version', 'passThreshold', 'cards'],
};

addRxPlugin(RxDBMigrationSchemaPlugin);

/**
 * Version 1 added `writeKey` (API.md "Writing to a result"). Results kept by an older build have
 * none and keep none: the server takes their later writes without one.
 */
const resultSchema: RxJsonSchema<LocalResult> = {
  version: 1,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 40 },
    writeKey: { type: ['string', 'null'] },
    testKitId: { type: 'integer' },
    kitVersion: { type: 'integer' },
    organizationId: { type: ['integer', 'null'] },
    latitude: { type: ['number', 'null'] },
    longitude: { type: ['number', 'null'] },
    firstName: { type: ['string', 'null'] },
    lastName: { type: ['string', 'null'] },
    playedAt: { type: 'string' },
    answers: { type: 'array', items: { type: 'object' } },
    resultStatus: { type: 'string' },
    rightAnswerCount: { type: 'integer' },
    rejected: { type: 'boolean' },
    reason: { type: 'string' },
    syncState: { type: 'string', maxLength: 12 },
    kitName: { type: 'string' },
    averageIntensity: { type: 'number' },
  },
  required: ['id', 'testKitId', 'kitVersion', 'playedAt', 'answers', 'syncState'],
};

/**
 * Version 1 added `language` (the server writes the e-mail's text in it). E-mails queued by an
 * older build have none (English) and may carry their PDF, which the server ignores.
 */
const emailSchema: RxJsonSchema<LocalEmail> = {
  version: 1,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 40 },
    testResultId: { type: 'string' },
    kind: { type: 'string' },
    name: { type: 'string' },
    email: { type: 'string' },
    language: { type: 'string' },
    date: { type: 'string' },
    pdfBase64: { type: 'string' },
    state: { type: 'string', maxLength: 12 },
    reason: { type: 'string' },
    createdAt: { type: 'string' },
  },
  required: ['id', 'testResultId', 'kind', 'name', 'email', 'date', 'pdfBase64', 'state', 'createdAt'],
};

const formSchema: RxJsonSchema<LocalForm> = {
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 40 },
    testResultId: { type: 'string' },
    kind: { type: 'string' },
    doc: { type: 'object' },
    state: { type: 'string', maxLength: 12 },
    reason: { type: 'string' },
    createdAt: { type: 'string' },
  },
  required: ['id', 'testResultId', 'kind', 'doc', 'state', 'createdAt'],
};

type Collections = {
  forms: RxCollection<LocalForm>;
  kits: RxCollection<KitDoc>;
  results: RxCollection<LocalResult>;
  emails: RxCollection<LocalEmail>;
};
export type LocalDatabase = RxDatabase<Collections>;

/** Builds the device's database on the given storage (Dexie in the app, memory in unit tests). */
export async function createLocalDatabase(options: {
  name: string;
  storage: RxStorage<any, any>;
  multiInstance?: boolean;
}): Promise<LocalDatabase> {
  const db = await createRxDatabase<Collections>({
    name: options.name,
    storage: options.storage,
    multiInstance: options.multiInstance ?? false,
  });
  await db.addCollections({
    kits: { schema: kitSchema },
    results: { schema: resultSchema, migrationStrategies: { 1: (doc: LocalResult) => doc } },
    emails: { schema: emailSchema, migrationStrategies: { 1: (doc: LocalEmail) => doc } },
    forms: { schema: formSchema },
  });
  return db;
}

let opening: Promise<LocalDatabase> | undefined;

/** The app's database: opened once, on IndexedDB, shared by the tabs of this device. */
export function openLocalDatabase(): Promise<LocalDatabase> {
  opening ??= (async () => {
    const db = await createLocalDatabase({ name: 'scentry', storage: getRxStorageDexie(), multiInstance: true });
    markLocalDatabase();
    return db;
  })();
  return opening;
}

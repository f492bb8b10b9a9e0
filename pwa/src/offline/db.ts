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
import type { KitDoc, LocalDevice, LocalEmail, LocalForm, LocalResult } from './types';

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

/** `deviceId` and `seq` (API.md "Devices"), on the documents of schema versions that carry them. */
const markProperties = {
  deviceId: { type: ['string', 'null'] },
  seq: { type: ['integer', 'null'] },
} as const;

/**
 * Version 1 added `writeKey` (API.md "Writing to a result"). Results kept by an older build have
 * none and keep none: the server takes their later writes without one. Version 2 added the
 * device's numbering (`deviceId`, `seq`): documents queued before have none and go as before.
 */
const resultSchema: RxJsonSchema<LocalResult> = {
  version: 2,
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
    ...markProperties,
  },
  required: ['id', 'testKitId', 'kitVersion', 'playedAt', 'answers', 'syncState'],
};

/**
 * Version 1 added `language` (the server writes the e-mail's text in it). E-mails queued by an
 * older build have none (English) and may carry their PDF, which the server ignores. Version 2:
 * `deviceId` and `seq`, as results.
 */
const emailSchema: RxJsonSchema<LocalEmail> = {
  version: 2,
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
    ...markProperties,
  },
  required: ['id', 'testResultId', 'kind', 'name', 'email', 'date', 'pdfBase64', 'state', 'createdAt'],
};

/** Version 1: `deviceId` and `seq`, as results. */
const formSchema: RxJsonSchema<LocalForm> = {
  version: 1,
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
    ...markProperties,
  },
  required: ['id', 'testResultId', 'kind', 'doc', 'state', 'createdAt'],
};

/** The device's identity and counter (offline/device.ts): one row. */
const deviceSchema: RxJsonSchema<LocalDevice> = {
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 10 },
    deviceId: { type: 'string' },
    deviceKey: { type: 'string' },
    lastSeq: { type: 'integer' },
  },
  required: ['id', 'deviceId', 'deviceKey', 'lastSeq'],
};

type Collections = {
  forms: RxCollection<LocalForm>;
  kits: RxCollection<KitDoc>;
  results: RxCollection<LocalResult>;
  emails: RxCollection<LocalEmail>;
  device: RxCollection<LocalDevice>;
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
    // Documents kept by an older build keep what they have: no key, no number.
    results: {
      schema: resultSchema,
      migrationStrategies: { 1: (doc: LocalResult) => doc, 2: (doc: LocalResult) => doc },
    },
    emails: { schema: emailSchema, migrationStrategies: { 1: (doc: LocalEmail) => doc, 2: (doc: LocalEmail) => doc } },
    forms: { schema: formSchema, migrationStrategies: { 1: (doc: LocalForm) => doc } },
    device: { schema: deviceSchema },
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

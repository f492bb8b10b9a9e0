import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { type KitDoc, makeWriteKey, PLAY_MSG, REPORT_MSG } from '@scentry/shared-schema';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { unzipSync } from 'fflate';
import forge from 'node-forge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDevelopmentChain, DEV_CHAIN_DIR, PASS_CERT_FILES } from '../../../services/pass-certs';
import { PASS_CACHE_DIR } from '../../../services/wallet';
import { envelopeOf, makeTempDir, makeTestApp, type TestApp, testDatabaseUrl, useTestApp } from '../../../test/helpers';
import { answersFor, DEMO_ENV, liveKit, push, resultDoc } from '../../../test/play';

const URL = '/api/PkPassConfig/GeneratePKSafePass';
const PUBLIC_URL = 'https://scentry.example';
/** What a build from before the write keys sends: only the spec's four fields. */
const SPEC_BODY = { Name: 'Anybody At All', Date: '01/01/2020', Result: 'Pass', Score: '5/5' };
const ENV = { ...DEMO_ENV, RATE_LIMITS: 'off', PUBLIC_URL };

/** The openssl binary that checks signatures the way a third party would (not with our own code). */
function openssl(): string {
  for (const candidate of ['/usr/bin/openssl', 'openssl']) {
    const probe = spawnSync(candidate, ['version'], { encoding: 'utf8' });
    if (probe.status === 0) return candidate;
  }
  throw new Error('openssl is needed to verify pass signatures: install it with `apt-get install -y openssl`');
}

const tempDirs: string[] = [];
const tempDir = (prefix: string) => {
  const dir = makeTempDir(prefix);
  tempDirs.push(dir);
  return dir;
};

const generate = (app: FastifyInstance, payload: Record<string, unknown> | undefined) =>
  app.inject({ method: 'POST', url: URL, payload: payload as Record<string, string> | undefined });

/** A result stored as a device pushes it (keyless unless `writeKey` is given); its id. */
async function storeResult(app: FastifyInstance, extra: Record<string, unknown> = {}, right = 5): Promise<string> {
  const kit: KitDoc = await liveKit(app, 'DEMO1');
  const doc = resultDoc(kit, answersFor(kit, right), extra);
  expect(await push(app, [doc])).toEqual([]);
  return doc.id;
}

/** A keyed result and its key. */
async function keyedResult(app: FastifyInstance, extra: Record<string, unknown> = {}, right = 5) {
  const key = makeWriteKey();
  return { id: await storeResult(app, { writeKey: key, ...extra }, right), key };
}

const passBody = (id: string, key?: string | null) => ({ TestResultId: id, WriteKey: key });

const storedRow = (app: FastifyInstance, id: string) =>
  app.db.selectFrom('testResults').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** MM/DD/YYYY in Los Angeles: how the report and the official record print a date. */
const laDate = (iso: string) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/Los_Angeles',
    month: '2-digit',
    day: '2-digit',
    year: 'numeric',
  }).format(new Date(iso));

const passJsonOf = (files: Record<string, Buffer>) => JSON.parse(files['pass.json'].toString('utf8'));

/** The files of a .pkpass reply. */
function unzipPass(res: LightMyRequestResponse): Record<string, Buffer> {
  const files = unzipSync(new Uint8Array(res.rawPayload));
  return Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, Buffer.from(bytes)]));
}

/**
 * `openssl cms -verify` of the pass's detached signature over its manifest, against `caFile`:
 * the signer's chain must lead to that CA. Returns openssl's exit status and output; the signer
 * certificate found in the signature is written to `signer.pem` beside the files.
 */
function verify(files: Record<string, Buffer>, caFile: string, manifest = files['manifest.json']) {
  const dir = tempDir('scentry-cms-');
  writeFileSync(path.join(dir, 'signature'), files.signature);
  writeFileSync(path.join(dir, 'manifest.json'), manifest);
  const run = spawnSync(
    openssl(),
    [
      'cms',
      '-verify',
      '-binary',
      '-inform',
      'DER',
      '-in',
      'signature',
      '-content',
      'manifest.json',
      '-CAfile',
      caFile,
      '-purpose',
      'any',
      '-signer',
      'signer.pem',
      '-out',
      '/dev/null',
    ],
    { cwd: dir, encoding: 'utf8' },
  );
  const signerPath = path.join(dir, 'signer.pem');
  return {
    status: run.status,
    output: `${run.stdout}${run.stderr}`,
    signer: existsSync(signerPath) ? readFileSync(signerPath, 'utf8') : '',
  };
}

const sameCert = (a: string, b: string) =>
  forge.pki.certificateToPem(forge.pki.certificateFromPem(a)) ===
  forge.pki.certificateToPem(forge.pki.certificateFromPem(b));

const mode = (p: string) => statSync(p).mode & 0o777;

beforeAll(() => {
  openssl(); // fails first, with the install hint, when the binary is missing
});

afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

describe('POST /api/PkPassConfig/GeneratePKSafePass', () => {
  const t = useTestApp({ env: ENV });
  let chainDir: string;
  let caFile: string;

  beforeAll(async () => {
    chainDir = path.join(t.dataDir, DEV_CHAIN_DIR);
    caFile = path.join(chainDir, PASS_CERT_FILES.wwdr);
  });

  it('replies to the key holder with a .pkpass attachment', async () => {
    const { id, key } = await keyedResult(t.app);
    const res = await generate(t.app, passBody(id, key));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.apple.pkpass');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Scentry-result.pkpass"');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    // A zip: local file header signature.
    expect(res.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  });

  it('shows the stored record, not what the body says: result, score, name, date, serial = id, a QR code of the verify link', async () => {
    const { id, key } = await keyedResult(t.app, { firstName: 'Ann', lastName: 'Lee' }, 2);
    const row = await storedRow(t.app, id);
    expect(row).toMatchObject({ resultStatus: 'Fail', rightAnswerCount: 2 });
    const files = unzipPass(await generate(t.app, { ...SPEC_BODY, ...passBody(id, key) }));
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining(['pass.json', 'manifest.json', 'signature', 'icon.png', 'icon@2x.png', 'logo.png']),
    );

    const pass = passJsonOf(files);
    expect(pass).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: 'pass.local.scentry',
      teamIdentifier: 'SCENTRYDEV',
      organizationName: 'Scentry',
      description: 'Smell screening result',
      serialNumber: id,
    });
    expect(pass.barcodes).toEqual([
      expect.objectContaining({
        format: 'PKBarcodeFormatQR',
        message: `${PUBLIC_URL}/verify/${id}`,
        messageEncoding: 'iso-8859-1',
      }),
    ]);
    const fields = pass.generic;
    expect(fields.primaryFields).toEqual([expect.objectContaining({ key: 'result', value: 'Fail' })]);
    expect(fields.secondaryFields).toEqual([
      expect.objectContaining({ key: 'name', value: 'Ann Lee' }),
      expect.objectContaining({ key: 'score', value: '2/5' }),
    ]);
    expect(fields.auxiliaryFields).toEqual([expect.objectContaining({ key: 'date', value: laDate(row.playedAt) })]);
    expect(JSON.stringify(pass)).not.toMatch(/Anybody|01\/01\/2020|5\/5/);

    // The manifest lists every other file with its SHA-1, and nothing else.
    const manifest = JSON.parse(files['manifest.json'].toString('utf8')) as Record<string, string>;
    const listed = Object.keys(files).filter((name) => name !== 'manifest.json' && name !== 'signature');
    expect(Object.keys(manifest).sort()).toEqual(listed.sort());
    for (const name of listed) {
      expect(manifest[name], name).toBe(createHash('sha1').update(files[name]).digest('hex'));
    }
    expect(files.signature.length).toBeGreaterThan(0);
  });

  it('leaves the name out while the result carries only the "Guest Player" placeholder', async () => {
    const { id, key } = await keyedResult(t.app, { firstName: null, lastName: null });
    expect(await storedRow(t.app, id)).toMatchObject({ firstName: 'Guest', lastName: 'Player' });
    const pass = passJsonOf(unzipPass(await generate(t.app, passBody(id, key))));
    expect(pass.generic.secondaryFields).toEqual([expect.objectContaining({ key: 'score', value: '5/5' })]);
    expect(JSON.stringify(pass)).not.toContain('Guest');
  });

  it.each([
    ['no key', undefined],
    ['a null key', null],
    ["another result's key", makeWriteKey()],
  ])('refuses a keyed result with %s: 403, and no pass is signed', async (_case, WriteKey) => {
    const { id } = await keyedResult(t.app);
    const signed = t.app.wallet.signed;
    const res = await generate(t.app, { ...SPEC_BODY, TestResultId: id, WriteKey });
    expect(res.statusCode).toBe(403);
    expect(envelopeOf(res)).toEqual({
      status: 'Failure',
      message: PLAY_MSG.notAllowedForResult,
      error: null,
      data: null,
    });
    expect(t.app.wallet.signed).toBe(signed);
  });

  it('refuses a wrong key even when the pass of that result is already made (the cache is keyed by id)', async () => {
    const { id, key } = await keyedResult(t.app);
    expect((await generate(t.app, passBody(id, key))).statusCode).toBe(200);
    const res = await generate(t.app, passBody(id, makeWriteKey()));
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  it('signs the pass of a result stored without a key (before the keys) without a key', async () => {
    const id = await storeResult(t.app);
    expect((await storedRow(t.app, id)).writeKeyHash).toBeNull();
    const res = await generate(t.app, { ...SPEC_BODY, TestResultId: id });
    expect(res.statusCode, res.body).toBe(200);
    expect(passJsonOf(unzipPass(res)).serialNumber).toBe(id);
  });

  it('answers 404 for a result the server does not hold (yet)', async () => {
    const res = await generate(t.app, passBody('0b7f6c9e-2c1d-4a57-9b0e-6f1e2d3c4b5a', makeWriteKey()));
    expect(res.statusCode).toBe(404);
    expect(envelopeOf(res)).toEqual({
      status: 'Failure',
      message: REPORT_MSG.resultNotSynced,
      error: null,
      data: null,
    });
  });

  it.each([
    ["only the spec's four fields (a build from before the keys)", SPEC_BODY, REPORT_MSG.passNeedsUpdate],
    ['no body', undefined, REPORT_MSG.passNeedsUpdate],
    ['a null TestResultId', { ...SPEC_BODY, TestResultId: null }, REPORT_MSG.passNeedsUpdate],
    ['a TestResultId that is no UUID', { TestResultId: 'report-123' }, PLAY_MSG.invalidId],
    ['a malformed WriteKey', passBody('0b7f6c9e-2c1d-4a57-9b0e-6f1e2d3c4b5a', 'short'), PLAY_MSG.invalidWriteKey],
  ])('refuses %s with 400 and its message', async (_case, payload, message) => {
    const res = await generate(t.app, payload);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = envelopeOf(res);
    expect(body.status).toBe('Failure');
    expect(body.message).toBe(message);
    expect(body.data).toBeNull();
  });

  it('gives the same pass for the same result: signed once, kept in DATA_DIR/passes, also for requests made at once', async () => {
    const { id, key } = await keyedResult(t.app);
    const before = t.app.wallet.signed;
    const [a, b] = await Promise.all([generate(t.app, passBody(id, key)), generate(t.app, passBody(id, key))]);
    expect(t.app.wallet.signed).toBe(before + 1);
    expect(b.rawPayload.equals(a.rawPayload)).toBe(true);

    const again = await generate(t.app, { ...SPEC_BODY, ...passBody(id, key), Name: 'Someone Else' });
    expect(again.rawPayload.equals(a.rawPayload)).toBe(true);
    expect(t.app.wallet.signed).toBe(before + 1);

    const cached = readdirSync(path.join(t.dataDir, PASS_CACHE_DIR)).filter((f) => f.startsWith(id));
    expect(cached).toHaveLength(1);
    expect(cached[0]).toMatch(/\.pkpass$/);
    expect(readFileSync(path.join(t.dataDir, PASS_CACHE_DIR, cached[0])).equals(a.rawPayload)).toBe(true);
  });

  it('makes a new pass once the player gives their name, and drops the nameless one', async () => {
    const { id, key } = await keyedResult(t.app, { firstName: null, lastName: null });
    const nameless = await generate(t.app, passBody(id, key));
    expect(passJsonOf(unzipPass(nameless)).generic.secondaryFields).toHaveLength(1);
    await t.app.db
      .updateTable('testResults')
      .set({ firstName: 'Robin', lastName: 'Nose' })
      .where('id', '=', id)
      .execute();

    const named = passJsonOf(unzipPass(await generate(t.app, passBody(id, key))));
    expect(named.generic.secondaryFields[0]).toMatchObject({ key: 'name', value: 'Robin Nose' });
    expect(readdirSync(path.join(t.dataDir, PASS_CACHE_DIR)).filter((f) => f.startsWith(id))).toHaveLength(1);
  });

  it('never holds up other requests while passes are signed: once the first of 20 passes is out, the event loop turns and a health check answers before the 20th', async () => {
    const results = [];
    for (let i = 0; i < 20; i++) results.push(await keyedResult(t.app));
    const order: string[] = [];
    let others: Promise<unknown> | undefined;
    // Asked while the other 19 are being signed: with signing on the main thread they would wait
    // for the rest (the loop cannot turn, not even for a setImmediate).
    const meanwhile = () =>
      Promise.all([
        new Promise<void>((resolve) => setImmediate(resolve)).then(() => order.push('tick')),
        t.app.inject({ method: 'GET', url: '/api/health' }).then((res) => {
          expect(res.statusCode).toBe(200);
          order.push('health');
        }),
      ]);
    const passes = results.map(({ id, key }) =>
      generate(t.app, passBody(id, key)).then((res) => {
        expect(res.statusCode).toBe(200);
        order.push('pass');
        others ??= meanwhile();
      }),
    );
    await Promise.all(passes);
    await others;
    expect(order.filter((o) => o === 'pass')).toHaveLength(20);
    const lastPass = order.lastIndexOf('pass');
    expect(order.indexOf('tick'), order.join(' ')).toBeLessThan(lastPass);
    expect(order.indexOf('health'), order.join(' ')).toBeLessThan(lastPass);
  });

  it('serves a kept pass after a restart without signing it again', async () => {
    const { id, key } = await keyedResult(t.app);
    const first = await generate(t.app, passBody(id, key));
    const again = await makeTestApp({ dataDir: t.dataDir, env: ENV });
    try {
      const res = await generate(again.app, passBody(id, key));
      expect(res.rawPayload.equals(first.rawPayload)).toBe(true);
      expect(again.app.wallet.signed).toBe(0);
    } finally {
      await again.cleanup();
    }
  });

  it('is signed by the development chain: openssl verifies it against the CA and refuses a tampered manifest', async () => {
    const { id, key } = await keyedResult(t.app);
    const files = unzipPass(await generate(t.app, passBody(id, key)));
    const ok = verify(files, caFile);
    expect(ok.status, ok.output).toBe(0);
    expect(sameCert(ok.signer, readFileSync(path.join(chainDir, PASS_CERT_FILES.signerCert), 'utf8'))).toBe(true);

    const manifest = JSON.parse(files['manifest.json'].toString('utf8')) as Record<string, string>;
    manifest['pass.json'] = createHash('sha1').update('{"forged":true}').digest('hex');
    const tampered = verify(files, caFile, Buffer.from(JSON.stringify(manifest)));
    expect(tampered.status, tampered.output).not.toBe(0);
    expect(tampered.output).toMatch(/content verify error/);

    // A chain the server did not sign with does not vouch for the pass.
    const otherCa = path.join(tempDir('scentry-other-ca-'), 'ca.pem');
    writeFileSync(otherCa, createDevelopmentChain('pass.local.scentry', 'SCENTRYDEV').wwdr);
    const stranger = verify(files, otherCa);
    expect(stranger.status, stranger.output).not.toBe(0);
    expect(stranger.output).toMatch(/certificate verify error/);
  });

  // With DATABASE_URL, PASS_CERT_DIR is required: the server makes no chain of its own there.
  it.skipIf(testDatabaseUrl())(
    'makes the chain once in DATA_DIR/pass-certs, readable by the server only, and reuses it on the next start',
    async () => {
      expect(mode(chainDir)).toBe(0o700);
      const names = Object.values(PASS_CERT_FILES);
      for (const name of names) expect(mode(path.join(chainDir, name)), name).toBe(0o600);
      const before = names.map((name) => readFileSync(path.join(chainDir, name), 'utf8'));
      expect(t.logs()).toMatch(/development pass chain.*will not open on iPhones/);
      expect(t.logs()).toContain('"created":true');

      const again = await makeTestApp({ dataDir: t.dataDir, env: ENV });
      try {
        expect(names.map((name) => readFileSync(path.join(chainDir, name), 'utf8'))).toEqual(before);
        expect(again.logs()).toContain('"created":false');
        const res = await generate(again.app, passBody(await storeResult(again.app)));
        expect(res.statusCode).toBe(200);
        const check = verify(unzipPass(res), caFile);
        expect(check.status, check.output).toBe(0);
      } finally {
        await again.cleanup();
      }
    },
  );
});

describe('POST /api/PkPassConfig/GeneratePKSafePass (PASS_CERT_DIR)', () => {
  const PASSPHRASE = 'Wallet-Key-Secret1';
  let source: TestApp;
  let certDir: string;

  beforeAll(async () => {
    // The certificates an operator would install: here, a copy of another server's chain, its
    // key encrypted as Apple's exports usually are.
    source = await makeTestApp();
    const chainDir = path.join(source.dataDir, DEV_CHAIN_DIR);
    certDir = tempDir('scentry-pass-certs-');
    copyFileSync(path.join(chainDir, PASS_CERT_FILES.wwdr), path.join(certDir, PASS_CERT_FILES.wwdr));
    copyFileSync(path.join(chainDir, PASS_CERT_FILES.signerCert), path.join(certDir, PASS_CERT_FILES.signerCert));
    const key = forge.pki.privateKeyFromPem(readFileSync(path.join(chainDir, PASS_CERT_FILES.signerKey), 'utf8'));
    writeFileSync(
      path.join(certDir, PASS_CERT_FILES.signerKey),
      forge.pki.encryptRsaPrivateKey(key, PASSPHRASE, { algorithm: 'aes256' }),
    );
  });
  afterAll(async () => {
    await source?.cleanup();
  });

  it('signs with the configured certificates and makes no development chain', async () => {
    const t = await makeTestApp({ env: { ...ENV, PASS_CERT_DIR: certDir, PASS_KEY_PASSPHRASE: PASSPHRASE } });
    try {
      expect(existsSync(path.join(t.dataDir, DEV_CHAIN_DIR))).toBe(false);
      expect(t.logs()).toContain('signed with PASS_CERT_DIR');
      expect(t.logs()).not.toContain('development pass chain');
      expect(t.logs()).not.toContain(PASSPHRASE);

      const res = await generate(t.app, passBody(await storeResult(t.app)));
      expect(res.statusCode).toBe(200);
      const files = unzipPass(res);
      const check = verify(files, path.join(certDir, PASS_CERT_FILES.wwdr));
      expect(check.status, check.output).toBe(0);
      expect(sameCert(check.signer, readFileSync(path.join(certDir, PASS_CERT_FILES.signerCert), 'utf8'))).toBe(true);
      const pass = JSON.parse(files['pass.json'].toString('utf8'));
      expect(pass.passTypeIdentifier).toBe('pass.local.scentry');
      expect(pass.teamIdentifier).toBe('SCENTRYDEV');
    } finally {
      await t.cleanup();
    }
  });

  it('writes PASS_TYPE_ID and PASS_TEAM_ID into the pass, and warns when the certificate names others', async () => {
    const t = await makeTestApp({
      env: {
        ...ENV,
        PASS_CERT_DIR: certDir,
        PASS_KEY_PASSPHRASE: PASSPHRASE,
        PASS_TYPE_ID: 'pass.org.example.smell',
        PASS_TEAM_ID: 'ABCDE12345',
      },
    });
    try {
      const pass = JSON.parse(
        unzipPass(await generate(t.app, passBody(await storeResult(t.app))))['pass.json'].toString('utf8'),
      );
      expect(pass.passTypeIdentifier).toBe('pass.org.example.smell');
      expect(pass.teamIdentifier).toBe('ABCDE12345');
      expect(t.logs()).toMatch(/certificate is for pass type pass\.local\.scentry, but PASS_TYPE_ID is/);
      expect(t.logs()).toMatch(/belongs to team SCENTRYDEV, but PASS_TEAM_ID is ABCDE12345/);
    } finally {
      await t.cleanup();
    }
  });

  it('refuses to start with a wrong passphrase or a missing file, naming the problem', async () => {
    await expect(makeTestApp({ env: { PASS_CERT_DIR: certDir, PASS_KEY_PASSPHRASE: 'wrong' } })).rejects.toThrow(
      /PASS_KEY_PASSPHRASE/,
    );
    await expect(makeTestApp({ env: { PASS_CERT_DIR: certDir } })).rejects.toThrow(/PASS_KEY_PASSPHRASE/);
    const partial = tempDir('scentry-pass-partial-');
    copyFileSync(path.join(certDir, PASS_CERT_FILES.wwdr), path.join(partial, PASS_CERT_FILES.wwdr));
    await expect(makeTestApp({ env: { PASS_CERT_DIR: partial } })).rejects.toThrow(/signerCert\.pem is missing/);
  });

  it('accepts the WWDR certificate as DER (Apple hands it out as a .cer)', async () => {
    const derDir = tempDir('scentry-pass-der-');
    mkdirSync(derDir, { recursive: true });
    const wwdr = forge.pki.certificateFromPem(readFileSync(path.join(certDir, PASS_CERT_FILES.wwdr), 'utf8'));
    const der = forge.asn1.toDer(forge.pki.certificateToAsn1(wwdr)).getBytes();
    writeFileSync(path.join(derDir, PASS_CERT_FILES.wwdr), Buffer.from(der, 'binary'));
    copyFileSync(path.join(certDir, PASS_CERT_FILES.signerCert), path.join(derDir, PASS_CERT_FILES.signerCert));
    copyFileSync(path.join(certDir, PASS_CERT_FILES.signerKey), path.join(derDir, PASS_CERT_FILES.signerKey));
    const t = await makeTestApp({ env: { ...ENV, PASS_CERT_DIR: derDir, PASS_KEY_PASSPHRASE: PASSPHRASE } });
    try {
      const check = verify(
        unzipPass(await generate(t.app, passBody(await storeResult(t.app)))),
        path.join(certDir, PASS_CERT_FILES.wwdr),
      );
      expect(check.status, check.output).toBe(0);
    } finally {
      await t.cleanup();
    }
  });
});

import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPORT_MSG } from '@scentry/shared-schema';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { unzipSync } from 'fflate';
import forge from 'node-forge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDevelopmentChain, DEV_CHAIN_DIR, PASS_CERT_FILES } from '../../../services/pass-certs';
import { envelopeOf, makeTempDir, makeTestApp, type TestApp, useTestApp } from '../../../test/helpers';

const URL = '/api/PkPassConfig/GeneratePKSafePass';
const BODY = { Name: 'Ann Lee', Date: '03/14/2025', Result: 'Pass', Score: '4/5' };

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

const generate = (app: FastifyInstance, payload: Record<string, string> | undefined) =>
  app.inject({ method: 'POST', url: URL, payload });

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

describe('POST /api/PkPassConfig/GeneratePKSafePass (development chain)', () => {
  const t = useTestApp();
  let chainDir: string;
  let caFile: string;

  beforeAll(async () => {
    chainDir = path.join(t.dataDir, DEV_CHAIN_DIR);
    caFile = path.join(chainDir, PASS_CERT_FILES.wwdr);
  });

  it('replies with a .pkpass attachment', async () => {
    const res = await generate(t.app, BODY);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.apple.pkpass');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Scentry-result.pkpass"');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    // A zip: local file header signature.
    expect(res.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  });

  it('holds pass.json with the request values, images, a manifest of every file, and a signature', async () => {
    const files = unzipPass(await generate(t.app, BODY));
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining(['pass.json', 'manifest.json', 'signature', 'icon.png', 'icon@2x.png', 'logo.png']),
    );

    const pass = JSON.parse(files['pass.json'].toString('utf8'));
    expect(pass).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: 'pass.local.scentry',
      teamIdentifier: 'SCENTRYDEV',
      organizationName: 'Scentry',
      description: 'Smell screening result',
    });
    expect(pass.serialNumber).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const fields = pass.generic;
    expect(fields.primaryFields).toEqual([expect.objectContaining({ key: 'result', value: 'Pass' })]);
    expect(fields.secondaryFields).toEqual([
      expect.objectContaining({ key: 'name', value: 'Ann Lee' }),
      expect.objectContaining({ key: 'score', value: '4/5' }),
    ]);
    expect(fields.auxiliaryFields).toEqual([expect.objectContaining({ key: 'date', value: '03/14/2025' })]);

    // The manifest lists every other file with its SHA-1, and nothing else.
    const manifest = JSON.parse(files['manifest.json'].toString('utf8')) as Record<string, string>;
    const listed = Object.keys(files).filter((name) => name !== 'manifest.json' && name !== 'signature');
    expect(Object.keys(manifest).sort()).toEqual(listed.sort());
    for (const name of listed) {
      expect(manifest[name], name).toBe(createHash('sha1').update(files[name]).digest('hex'));
    }
    expect(files.signature.length).toBeGreaterThan(0);
  });

  it('gives every pass its own serial number and binds property names in any case', async () => {
    const a = unzipPass(await generate(t.app, { name: 'Bo', date: '12/31/2024', result: 'Fail', score: '2/5' }));
    const b = unzipPass(await generate(t.app, BODY));
    const passA = JSON.parse(a['pass.json'].toString('utf8'));
    const passB = JSON.parse(b['pass.json'].toString('utf8'));
    expect(passA.serialNumber).not.toBe(passB.serialNumber);
    expect(passA.generic.primaryFields[0].value).toBe('Fail');
    expect(passA.generic.secondaryFields.map((f: { value: string }) => f.value)).toEqual(['Bo', '2/5']);
  });

  it('is signed by the development chain: openssl verifies it against the CA and refuses a tampered manifest', async () => {
    const files = unzipPass(await generate(t.app, BODY));
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

  it.each([
    ['Score missing', { Name: 'Ann Lee', Date: '03/14/2025', Result: 'Pass' }],
    ['Date not MM/DD/YYYY', { ...BODY, Date: '2025-03-14' }],
    ['Date month 13', { ...BODY, Date: '13/01/2025' }],
    ["Result 'Maybe'", { ...BODY, Result: 'Maybe' }],
    ['Name blank', { ...BODY, Name: '   ' }],
    ['Score not a fraction', { ...BODY, Score: 'four' }],
    ['no body', undefined],
  ])('refuses %s with 400 and the pass message', async (_case, payload) => {
    const res = await generate(t.app, payload);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = envelopeOf(res);
    expect(body.status).toBe('Failure');
    expect(body.message).toBe(REPORT_MSG.passFields);
    expect(body.data).toBeNull();
  });

  it('makes the chain once in DATA_DIR/pass-certs, readable by the server only, and reuses it on the next start', async () => {
    expect(mode(chainDir)).toBe(0o700);
    const names = Object.values(PASS_CERT_FILES);
    for (const name of names) expect(mode(path.join(chainDir, name)), name).toBe(0o600);
    const before = names.map((name) => readFileSync(path.join(chainDir, name), 'utf8'));
    expect(t.logs()).toMatch(/development pass chain.*will not open on iPhones/);
    expect(t.logs()).toContain('"created":true');

    const again = await makeTestApp({ dataDir: t.dataDir });
    try {
      expect(names.map((name) => readFileSync(path.join(chainDir, name), 'utf8'))).toEqual(before);
      expect(again.logs()).toContain('"created":false');
      const res = await generate(again.app, BODY);
      expect(res.statusCode).toBe(200);
      const check = verify(unzipPass(res), caFile);
      expect(check.status, check.output).toBe(0);
    } finally {
      await again.cleanup();
    }
  });
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
    const t = await makeTestApp({ env: { PASS_CERT_DIR: certDir, PASS_KEY_PASSPHRASE: PASSPHRASE } });
    try {
      expect(existsSync(path.join(t.dataDir, DEV_CHAIN_DIR))).toBe(false);
      expect(t.logs()).toContain('signed with PASS_CERT_DIR');
      expect(t.logs()).not.toContain('development pass chain');
      expect(t.logs()).not.toContain(PASSPHRASE);

      const res = await generate(t.app, BODY);
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
        PASS_CERT_DIR: certDir,
        PASS_KEY_PASSPHRASE: PASSPHRASE,
        PASS_TYPE_ID: 'pass.org.example.smell',
        PASS_TEAM_ID: 'ABCDE12345',
      },
    });
    try {
      const pass = JSON.parse(unzipPass(await generate(t.app, BODY))['pass.json'].toString('utf8'));
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
    const t = await makeTestApp({ env: { PASS_CERT_DIR: derDir, PASS_KEY_PASSPHRASE: PASSPHRASE } });
    try {
      const check = verify(unzipPass(await generate(t.app, BODY)), path.join(certDir, PASS_CERT_FILES.wwdr));
      expect(check.status, check.output).toBe(0);
    } finally {
      await t.cleanup();
    }
  });
});

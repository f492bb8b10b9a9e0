import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import forge from 'node-forge';

/** The three PEM files of a signing directory (PASS_CERT_DIR, or DATA_DIR/pass-certs). */
export const PASS_CERT_FILES = {
  wwdr: 'wwdr.pem',
  signerCert: 'signerCert.pem',
  signerKey: 'signerKey.pem',
} as const;

/** Where the development chain lives when PASS_CERT_DIR is unset. */
export const DEV_CHAIN_DIR = 'pass-certs';

/** What passkit-generator signs with: PEM text. */
export interface PassCertificates {
  wwdr: string;
  signerCert: string;
  signerKey: string;
  signerKeyPassphrase?: string;
}

export interface PassSigner {
  certificates: PassCertificates;
  passTypeIdentifier: string;
  teamIdentifier: string;
  /** `configured`: PASS_CERT_DIR; `development`: the self-signed chain under DATA_DIR. */
  origin: 'configured' | 'development';
  /** The directory the PEM files were read from. */
  dir: string;
  /** True when this start made the development chain (false when it reused one, or when configured). */
  created: boolean;
  /** Problems worth a warning that do not stop the server (e.g. an expired certificate). */
  warnings: string[];
}

export interface PassCertOptions {
  dataDir: string;
  passCertDir: string | undefined;
  passTypeId: string;
  passTeamId: string;
  passKeyPassphrase: string | undefined;
}

// X.500 userId: Apple puts the pass type identifier there in a Pass Type ID certificate.
const UID_OID = '0.9.2342.19200300.100.1.1';

/**
 * The signing material for wallet passes: the PEM files of PASS_CERT_DIR when it is set (checked
 * now, so a wrong file or passphrase stops the start with a clear message instead of failing
 * each pass), otherwise a self-signed development chain made once under DATA_DIR/pass-certs and
 * reused on later starts.
 */
export function loadPassSigner(options: PassCertOptions): PassSigner {
  return options.passCertDir ? loadConfigured(options, options.passCertDir) : loadDevelopment(options);
}

function loadConfigured(options: PassCertOptions, dirOption: string): PassSigner {
  const dir = path.resolve(dirOption);
  const read = (name: string): Buffer => {
    const file = path.join(dir, name);
    if (!existsSync(file)) {
      throw new Error(
        `PASS_CERT_DIR: ${file} is missing (the directory needs ${Object.values(PASS_CERT_FILES).join(', ')})`,
      );
    }
    return readFileSync(file);
  };
  const wwdrPem = certificatePem(read(PASS_CERT_FILES.wwdr), PASS_CERT_FILES.wwdr);
  const signerPem = certificatePem(read(PASS_CERT_FILES.signerCert), PASS_CERT_FILES.signerCert);
  const keyPem = read(PASS_CERT_FILES.signerKey).toString('utf8');
  const wwdr = forge.pki.certificateFromPem(wwdrPem);
  const signer = forge.pki.certificateFromPem(signerPem);
  const key = readKey(keyPem, options.passKeyPassphrase);
  if (!keyMatches(key, signer)) {
    throw new Error(`PASS_CERT_DIR: ${PASS_CERT_FILES.signerKey} is not the key of ${PASS_CERT_FILES.signerCert}`);
  }

  const warnings: string[] = [];
  if (!issuedBy(signer, wwdr)) {
    warnings.push(
      `${PASS_CERT_FILES.signerCert} was not issued by ${PASS_CERT_FILES.wwdr}: Wallet will refuse the passes (use the WWDR generation named in the certificate's issuer)`,
    );
  }
  const now = new Date();
  for (const [name, cert] of [
    [PASS_CERT_FILES.wwdr, wwdr],
    [PASS_CERT_FILES.signerCert, signer],
  ] as const) {
    if (cert.validity.notAfter < now) warnings.push(`${name} expired on ${cert.validity.notAfter.toISOString()}`);
  }
  // Wallet accepts a pass only when pass.json names the certificate's pass type and team.
  const uid = attribute(signer, UID_OID);
  const team = attribute(signer, 'OU');
  if (uid && uid !== options.passTypeId) {
    warnings.push(`the signer certificate is for pass type ${uid}, but PASS_TYPE_ID is ${options.passTypeId}`);
  }
  if (team && team !== options.passTeamId) {
    warnings.push(`the signer certificate belongs to team ${team}, but PASS_TEAM_ID is ${options.passTeamId}`);
  }

  return {
    certificates: {
      wwdr: wwdrPem,
      signerCert: signerPem,
      signerKey: keyPem,
      ...(options.passKeyPassphrase ? { signerKeyPassphrase: options.passKeyPassphrase } : {}),
    },
    passTypeIdentifier: options.passTypeId,
    teamIdentifier: options.passTeamId,
    origin: 'configured',
    dir,
    created: false,
    warnings,
  };
}

function loadDevelopment(options: PassCertOptions): PassSigner {
  const dir = path.join(options.dataDir, DEV_CHAIN_DIR);
  const existing = readDevelopmentChain(dir, options.passTypeId);
  const chain = existing ?? writeDevelopmentChain(dir, createDevelopmentChain(options.passTypeId, options.passTeamId));
  return {
    certificates: chain,
    passTypeIdentifier: options.passTypeId,
    teamIdentifier: options.passTeamId,
    origin: 'development',
    dir,
    created: !existing,
    warnings: [],
  };
}

/** The stored development chain when it is whole, unexpired and for this pass type; else null (remade). */
function readDevelopmentChain(dir: string, passTypeId: string): PassCertificates | null {
  try {
    const files = Object.values(PASS_CERT_FILES).map((name) => path.join(dir, name));
    if (!files.every((f) => existsSync(f))) return null;
    const [wwdrPem, signerPem, keyPem] = files.map((f) => readFileSync(f, 'utf8'));
    const wwdr = forge.pki.certificateFromPem(wwdrPem);
    const signer = forge.pki.certificateFromPem(signerPem);
    const key = forge.pki.privateKeyFromPem(keyPem);
    const now = new Date();
    if (signer.validity.notAfter < now || wwdr.validity.notAfter < now) return null;
    if (attribute(signer, UID_OID) !== passTypeId) return null;
    if (!keyMatches(key, signer) || !issuedBy(signer, wwdr)) return null;
    return { wwdr: wwdrPem, signerCert: signerPem, signerKey: keyPem };
  } catch {
    return null;
  }
}

/**
 * A self-signed development chain shaped like Apple's: a root CA standing in for the WWDR
 * intermediate, and a Pass Type ID certificate it issued (UID = pass type id, OU = team id).
 * Passes signed with it verify against the CA but do not open on iPhones.
 */
export function createDevelopmentChain(passTypeId: string, teamId: string): PassCertificates {
  const caKeys = forge.pki.rsa.generateKeyPair({ bits: 2048, e: 0x10001 });
  const signerKeys = forge.pki.rsa.generateKeyPair({ bits: 2048, e: 0x10001 });
  const now = Date.now();
  const day = 24 * 60 * 60 * 1000;
  // A day of slack before now for clocks that disagree.
  const notBefore = new Date(now - day);

  const ca = forge.pki.createCertificate();
  ca.publicKey = caKeys.publicKey;
  ca.serialNumber = serialNumber();
  ca.validity.notBefore = notBefore;
  ca.validity.notAfter = new Date(now + 20 * 365 * day);
  const caName = names([
    ['CN', 'Scentry Development Pass CA (not Apple)'],
    ['OU', 'Development'],
    ['O', 'Scentry'],
  ]);
  ca.setSubject(caName);
  ca.setIssuer(caName);
  ca.setExtensions([
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  ca.sign(caKeys.privateKey, forge.md.sha256.create());

  const signer = forge.pki.createCertificate();
  signer.publicKey = signerKeys.publicKey;
  signer.serialNumber = serialNumber();
  signer.validity.notBefore = notBefore;
  signer.validity.notAfter = new Date(now + 10 * 365 * day);
  signer.setSubject(
    names([
      [UID_OID, passTypeId],
      ['CN', `Pass Type ID: ${passTypeId}`],
      ['OU', teamId],
      ['O', 'Scentry (development)'],
    ]),
  );
  signer.setIssuer(caName);
  signer.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, critical: true },
    { name: 'subjectKeyIdentifier' },
    { name: 'authorityKeyIdentifier', keyIdentifier: ca.generateSubjectKeyIdentifier().getBytes() },
  ]);
  signer.sign(caKeys.privateKey, forge.md.sha256.create());

  return {
    wwdr: forge.pki.certificateToPem(ca),
    signerCert: forge.pki.certificateToPem(signer),
    signerKey: forge.pki.privateKeyToPem(signerKeys.privateKey),
  };
}

/** Writes the chain with only the server's user able to read it: files 0600 in a 0700 directory. */
function writeDevelopmentChain(dir: string, chain: PassCertificates): PassCertificates {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  const contents: Record<keyof typeof PASS_CERT_FILES, string> = chain;
  // The key last: a chain is read only when all three files exist, and each lands whole (rename).
  for (const which of ['wwdr', 'signerCert', 'signerKey'] as const) {
    const file = path.join(dir, PASS_CERT_FILES[which]);
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, contents[which], { mode: 0o600 });
    chmodSync(tmp, 0o600);
    renameSync(tmp, file);
  }
  return chain;
}

/** PEM text of a certificate file, which may also be DER (Apple hands out the WWDR as a .cer). */
function certificatePem(bytes: Buffer, name: string): string {
  try {
    const text = bytes.toString('latin1');
    if (text.includes('-----BEGIN')) return forge.pki.certificateToPem(forge.pki.certificateFromPem(text));
    const der = bytes.toString('binary');
    return forge.pki.certificateToPem(forge.pki.certificateFromAsn1(forge.asn1.fromDer(der)));
  } catch (err) {
    throw new Error(`PASS_CERT_DIR: ${name} is not a readable RSA certificate (${(err as Error).message})`);
  }
}

function readKey(pem: string, passphrase: string | undefined): forge.pki.rsa.PrivateKey {
  let key: forge.pki.rsa.PrivateKey | null = null;
  try {
    key = forge.pki.decryptRsaPrivateKey(pem, passphrase ?? '') as forge.pki.rsa.PrivateKey | null;
  } catch {
    key = null;
  }
  if (!key) {
    throw new Error(
      `PASS_CERT_DIR: cannot read ${PASS_CERT_FILES.signerKey} (an RSA key in PEM; if it is encrypted, PASS_KEY_PASSPHRASE must be its passphrase)`,
    );
  }
  return key;
}

function keyMatches(key: forge.pki.rsa.PrivateKey, cert: forge.pki.Certificate): boolean {
  const pub = cert.publicKey as forge.pki.rsa.PublicKey;
  return Boolean(pub.n) && pub.n.equals(key.n) && pub.e.equals(key.e);
}

function issuedBy(cert: forge.pki.Certificate, issuer: forge.pki.Certificate): boolean {
  try {
    return issuer.verify(cert);
  } catch {
    return false;
  }
}

function attribute(cert: forge.pki.Certificate, nameOrOid: string): string | undefined {
  const attr = nameOrOid.includes('.') ? cert.subject.getField({ type: nameOrOid }) : cert.subject.getField(nameOrOid);
  return attr ? String(attr.value) : undefined;
}

function names(pairs: [string, string][]): forge.pki.CertificateField[] {
  return pairs.map(([nameOrOid, value]) => ({
    ...(nameOrOid.includes('.') ? { type: nameOrOid } : { shortName: nameOrOid }),
    value,
    valueTagClass: forge.asn1.Type.UTF8 as unknown as forge.asn1.Class,
  }));
}

/** A positive random serial (the first byte's high bit clear). */
const serialNumber = (): string => `01${randomBytes(15).toString('hex')}`;

import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import forge from 'node-forge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CheckedTarget, checkWebhookUrl, isRefusedAddress, postTo, type Resolver } from './outbound';

// Nothing here is ever sent to a private or metadata address: "refused" cases are decided before
// any connection (and the local servers count the connections they get); every real request goes
// to a server of this file on 127.0.0.1.

/** A resolver from a table; it records each name asked. Unknown names are not found. */
function tableResolver(table: Record<string, string[]>): Resolver & { asked: string[] } {
  const asked: string[] = [];
  const resolve = async (hostname: string) => {
    asked.push(hostname);
    const list = table[hostname];
    if (!list) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return list.map((address) => ({ address, family: (address.includes(':') ? 6 : 4) as 4 | 6 }));
  };
  return Object.assign(resolve, { asked });
}

const noDns = tableResolver({});

async function listen(server: http.Server | https.Server): Promise<number> {
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return (server.address() as AddressInfo).port;
}

async function close(server: http.Server | https.Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((done) => server.close(() => done()));
}

describe('isRefusedAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private 10/8'],
    ['10.255.255.255', 'private 10/8'],
    ['172.16.0.1', 'private 172.16/12'],
    ['172.31.255.255', 'private 172.16/12'],
    ['192.168.1.1', 'private 192.168/16'],
    ['169.254.169.254', 'link-local (metadata)'],
    ['169.254.0.1', 'link-local'],
    ['100.64.0.1', 'CGNAT'],
    ['100.127.255.255', 'CGNAT'],
    ['0.0.0.0', '0/8'],
    ['0.1.2.3', '0/8'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'broadcast'],
    ['192.0.0.8', 'IETF'],
    ['198.18.0.1', 'benchmarking'],
  ])('refuses IPv4 %s (%s)', (ip) => {
    expect(isRefusedAddress(ip)).toBe(true);
  });

  it.each([
    ['::1', 'loopback'],
    ['[::1]', 'loopback in brackets'],
    ['0:0:0:0:0:0:0:1', 'loopback written out'],
    ['::', 'unspecified'],
    ['fc00::1', 'ULA'],
    ['fd12:3456:789a::1', 'ULA'],
    ['fe80::1', 'link-local'],
    ['febf:ffff::1', 'link-local'],
    ['fe80::1%eth0', 'link-local with a zone'],
    ['ff02::1', 'multicast'],
    ['ff0e::101', 'multicast'],
    ['::ffff:127.0.0.1', 'mapped loopback'],
    ['::ffff:169.254.169.254', 'mapped metadata'],
    ['::ffff:a9fe:a9fe', 'mapped metadata, hex'],
    ['::ffff:7f00:1', 'mapped loopback, hex'],
    ['::FFFF:7F00:0001', 'mapped loopback, upper case'],
    ['0:0:0:0:0:ffff:0a00:0001', 'mapped 10.0.0.1 written out'],
    ['::ffff:8.8.8.8', 'mapped public (every mapped form)'],
    ['::ffff:0:7f00:1', 'IPv4-translated'],
    ['::127.0.0.1', 'IPv4-compatible'],
    ['::7f00:1', 'IPv4-compatible, hex'],
    ['::8.8.8.8', 'IPv4-compatible public'],
    ['64:ff9b::7f00:1', 'NAT64'],
    ['64:ff9b::8.8.8.8', 'NAT64 of a public address'],
    ['64:ff9b:1::1', 'local NAT64'],
    ['2002:7f00:1::1', '6to4 of 127.0.0.1'],
    ['2001:0:4136:e378::1', 'Teredo'],
    ['2001:db8::1', 'documentation'],
  ])('refuses IPv6 %s (%s)', (ip) => {
    expect(isRefusedAddress(ip)).toBe(true);
  });

  it.each([
    '',
    'localhost',
    'example.com',
    '0x7f000001',
    '2130706433',
    '127.1',
    '1.2.3',
    '01.2.3.4',
    '1.2.3.256',
    '::ffff:1.2.3.256',
    '1::2::3',
    'gggg::1',
    '1:2:3:4:5:6:7:8:9',
    '[8.8.8.8]',
  ])('refuses what is not an IP address: %j', (text) => {
    expect(isRefusedAddress(text)).toBe(true);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.215.14',
    '11.0.0.1',
    '126.255.255.255',
    '128.0.0.1',
    '169.253.255.255',
    '172.15.255.255',
    '172.32.0.1',
    '100.63.255.255',
    '100.128.0.1',
    '192.167.255.255',
    '223.255.255.254',
    '2606:4700:4700::1111',
    '2001:4860:4860::8888',
    '[2a00:1450:4001:81a::200e]',
    '2a00:1450:4001:81a:0:0:0:200e',
  ])('allows the public address %s', (ip) => {
    expect(isRefusedAddress(ip)).toBe(false);
  });
});

describe('checkWebhookUrl', () => {
  it.each([
    ['https://127.0.0.1/hook', '127.0.0.1'],
    ['https://0x7f000001/hook', '127.0.0.1'], // WHATWG reads the hex host as 127.0.0.1
    ['https://127.1/hook', '127.0.0.1'],
    ['https://2130706433/', '127.0.0.1'],
    ['https://%31%32%37.0.0.1/', '127.0.0.1'],
    ['https://169.254.169.254/latest/meta-data/', '169.254.169.254'],
    ['https://10.0.0.1:8443/', '10.0.0.1'],
    ['https://100.64.1.1/', '100.64.1.1'],
    ['https://0.0.0.0/', '0.0.0.0'],
    ['https://[::1]/', '::1'],
    ['https://[::]/', '::'],
    ['https://[::ffff:169.254.169.254]/', '::ffff:a9fe:a9fe'],
    ['https://[::ffff:a9fe:a9fe]/', '::ffff:a9fe:a9fe'],
    ['https://[0:0:0:0:0:ffff:7f00:1]/', '::ffff:7f00:1'],
    ['https://[::127.0.0.1]/', '::7f00:1'],
    ['https://[fd00::1]:8443/', 'fd00::1'],
    ['https://[fe80::1]/', 'fe80::1'],
    ['https://[ff02::1]/', 'ff02::1'],
    ['https://[64:ff9b::a9fe:a9fe]/', '64:ff9b::a9fe:a9fe'],
  ])('refuses the literal %s without asking DNS', async (url, shown) => {
    const resolve = tableResolver({});
    expect(await checkWebhookUrl(url, { resolve, testReceiver: null })).toEqual({
      ok: false,
      reason: `Address refused: ${shown}`,
    });
    expect(resolve.asked).toEqual([]);
  });

  it('accepts public IP literals, IPv6 without its brackets, ports included', async () => {
    const v4 = await checkWebhookUrl('https://8.8.8.8/hook', { resolve: noDns, testReceiver: null });
    expect(v4.ok && v4.target.address).toBe('8.8.8.8');
    expect(v4.ok && v4.target.family).toBe(4);
    const v6 = await checkWebhookUrl('https://[2606:4700:4700::1111]:8443/x?y=1', {
      resolve: noDns,
      testReceiver: null,
    });
    expect(v6.ok && v6.target).toMatchObject({ address: '2606:4700:4700::1111', family: 6 });
    expect(v6.ok && v6.target.url.port).toBe('8443');
    expect(noDns.asked).toEqual([]);
  });

  const dns = tableResolver({
    'hooks.example.com': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
    'mixed.example.com': ['93.184.215.14', '10.0.0.5'],
    'mapped.example.com': ['::ffff:127.0.0.1'],
    'metadata.example.com': ['169.254.169.254'],
    localhost: ['127.0.0.1', '::1'],
    'empty.example.com': [],
  });

  it('resolves a name: ok when every address is public, the first one kept', async () => {
    const r = await checkWebhookUrl('https://hooks.example.com:8443/in?a=1', { resolve: dns, testReceiver: null });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.target.address).toBe('93.184.215.14');
    expect(r.target.family).toBe(4);
    expect(r.target.url.href).toBe('https://hooks.example.com:8443/in?a=1');
    expect(dns.asked).toContain('hooks.example.com');
  });

  it.each([
    ['https://mixed.example.com/', 'Address refused: mixed.example.com resolves to a private or reserved address'], // one public, one private
    ['https://mapped.example.com/', 'Address refused: mapped.example.com resolves to a private or reserved address'],
    [
      'https://metadata.example.com/',
      'Address refused: metadata.example.com resolves to a private or reserved address',
    ],
    ['https://localhost/', 'Address refused: localhost resolves to a private or reserved address'],
    ['https://empty.example.com/', 'Host not found'],
    ['https://nowhere.example.com/', 'Host not found'],
  ])('refuses %s', async (url, reason) => {
    expect(await checkWebhookUrl(url, { resolve: dns, testReceiver: null })).toEqual({ ok: false, reason });
  });

  it.each([
    ['http://hooks.example.com/', 'Only https:// addresses'],
    ['ftp://hooks.example.com/', 'Only https:// addresses'],
    ['not an address', 'Not a valid address'],
    ['https://user:secret@hooks.example.com/', 'Addresses with a user name or password are refused'],
    ['https://user@hooks.example.com/', 'Addresses with a user name or password are refused'],
  ])('refuses %s before any lookup', async (url, reason) => {
    const resolve = tableResolver({ 'hooks.example.com': ['93.184.215.14'] });
    expect(await checkWebhookUrl(url, { resolve, testReceiver: null })).toEqual({ ok: false, reason });
    expect(resolve.asked).toEqual([]);
  });

  describe('the test receiver', () => {
    const receiver = 'http://127.0.0.1:4599/hooks/in';
    const resolve = tableResolver({ localhost: ['127.0.0.1'] });

    it.each([receiver, 'HTTP://127.0.0.1:4599/hooks/in', 'http://127.0.0.1:4599/hooks/./in'])(
      'allows exactly its URL (normalised): %s',
      async (url) => {
        const r = await checkWebhookUrl(url, { resolve, testReceiver: receiver });
        expect(r).toEqual({ ok: true, target: { url: new URL(receiver), address: '127.0.0.1', family: 4 } });
      },
    );

    it.each([
      ['http://127.0.0.1:4599/hooks/other', 'Only https:// addresses'],
      ['http://127.0.0.1:4598/hooks/in', 'Only https:// addresses'],
      ['http://127.0.0.1:4599/hooks/in?x=1', 'Only https:// addresses'],
      ['http://localhost:4599/hooks/in', 'Only https:// addresses'],
      ['https://127.0.0.1:4599/hooks/in', 'Address refused: 127.0.0.1'],
      ['http://user:pw@127.0.0.1:4599/hooks/in', 'Addresses with a user name or password are refused'],
    ])('refuses anything else: %s', async (url, reason) => {
      expect(await checkWebhookUrl(url, { resolve, testReceiver: receiver })).toEqual({ ok: false, reason });
    });

    it('is no exception when unset, or when it is not an http://127.0.0.1:<port> URL', async () => {
      expect((await checkWebhookUrl(receiver, { resolve, testReceiver: null })).ok).toBe(false);
      for (const odd of ['http://10.0.0.1:80/x', 'http://localhost:4599/x', 'https://127.0.0.1:4599/x', 'junk']) {
        expect((await checkWebhookUrl(odd, { resolve, testReceiver: odd })).ok).toBe(false);
      }
      expect(resolve.asked).toEqual([]);
    });
  });
});

describe('postTo over http (the test receiver on 127.0.0.1)', () => {
  let server: http.Server;
  let port: number;
  let connections = 0;
  const seen: { method?: string; url?: string; headers: http.IncomingHttpHeaders; body: string }[] = [];
  let bigClosed: Promise<void> = Promise.resolve();
  let hungClosed: Promise<void> = Promise.resolve();

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        seen.push({ method: req.method, url: req.url, headers: req.headers, body: Buffer.concat(chunks).toString() });
        const path = req.url ?? '';
        if (path === '/ok') {
          res.writeHead(200, { 'content-type': 'text/plain' }).end('thanks');
        } else if (path === '/redirect') {
          res.writeHead(302, { location: `http://127.0.0.1:${port}/elsewhere` }).end('moved');
        } else if (path === '/big') {
          // An endless reply: it stops only when the client goes.
          res.writeHead(200, { 'content-type': 'text/plain' });
          const chunk = 'x'.repeat(16 * 1024);
          const timer = setInterval(() => res.write(chunk), 5);
          bigClosed = new Promise((done) =>
            res.on('close', () => {
              clearInterval(timer);
              done();
            }),
          );
          res.write(chunk);
        } else if (path === '/hang') {
          hungClosed = new Promise((done) => res.on('close', () => done()));
        } else if (path === '/cut') {
          res.writeHead(200, { 'content-length': '100' });
          res.write('0123456789', () => res.socket?.destroy());
        } else if (path === '/trickle') {
          res.writeHead(200);
          res.write('a');
        } else {
          res.writeHead(404).end();
        }
      });
    });
    server.on('connection', () => connections++);
    port = await listen(server);
  });
  afterAll(() => close(server));

  async function receiverTarget(path: string): Promise<CheckedTarget> {
    const url = `http://127.0.0.1:${port}${path}`;
    const r = await checkWebhookUrl(url, { resolve: noDns, testReceiver: url });
    if (!r.ok) throw new Error(r.reason);
    return r.target;
  }

  const request = { headers: { 'content-type': 'application/fhir+json', 'webhook-id': 'msg_1' }, timeoutMs: 2000 };

  it('posts the body with the given headers and reads the reply', async () => {
    const target = await receiverTarget('/ok');
    const r = await postTo(target, { ...request, body: '{"resourceType":"Bundle"}', readMax: 65536 });
    expect(r).toMatchObject({ status: 200, body: 'thanks', error: null });
    expect(r.durationMs).toBeGreaterThanOrEqual(0);
    const got = seen.at(-1)!;
    expect(got).toMatchObject({ method: 'POST', url: '/ok', body: '{"resourceType":"Bundle"}' });
    expect(got.headers).toMatchObject({
      host: `127.0.0.1:${port}`,
      'content-type': 'application/fhir+json',
      'webhook-id': 'msg_1',
      'content-length': '25',
    });
  });

  it('follows no redirect: a 302 is only its status', async () => {
    const target = await receiverTarget('/redirect');
    const r = await postTo(target, { ...request, body: '{}', readMax: 65536 });
    expect(r).toMatchObject({ status: 302, body: 'moved', error: null });
    await new Promise((done) => setTimeout(done, 50));
    expect(seen.some((s) => s.url === '/elsewhere')).toBe(false);
  });

  it('reads at most readMax bytes of a reply, then ends the connection', async () => {
    const target = await receiverTarget('/big');
    const r = await postTo(target, { ...request, body: '{}', readMax: 1000 });
    expect(r.status).toBe(200);
    expect(r.error).toBeNull();
    expect(r.body).toBe('x'.repeat(1000));
    await bigClosed; // the server sees the client go (else this test would time out)
  });

  it('gives up on a server that never answers after timeoutMs', async () => {
    const target = await receiverTarget('/hang');
    const r = await postTo(target, { ...request, body: '{}', readMax: 1000, timeoutMs: 300 });
    expect(r).toMatchObject({ status: null, body: '', error: 'Timed out after 300 ms' });
    expect(r.durationMs).toBeGreaterThanOrEqual(290);
    expect(r.durationMs).toBeLessThan(1500);
    await hungClosed;
  });

  it('counts reading the reply in the time-out (a reply trickled forever)', async () => {
    const target = await receiverTarget('/trickle');
    const r = await postTo(target, { ...request, body: '{}', readMax: 1000, timeoutMs: 300 });
    expect(r).toMatchObject({ status: null, body: 'a', error: 'Timed out after 300 ms' });
    expect(r.durationMs).toBeLessThan(1500);
  });

  it('returns a reply that breaks off as an error, without its status', async () => {
    const target = await receiverTarget('/cut');
    const r = await postTo(target, { ...request, body: '{}', readMax: 1000 });
    expect(r.status).toBeNull();
    expect(r.error).toBeTruthy();
    expect(r.body).toBe('0123456789');
  });

  it('returns a refused connection as an error', async () => {
    const spare = http.createServer();
    const sparePort = await listen(spare);
    await close(spare);
    const url = `http://127.0.0.1:${sparePort}/hook`;
    const checked = await checkWebhookUrl(url, { resolve: noDns, testReceiver: url });
    if (!checked.ok) throw new Error(checked.reason);
    const r = await postTo(checked.target, { ...request, body: '{}', readMax: 1000 });
    expect(r.status).toBeNull();
    expect(r.error).toMatch(/ECONNREFUSED/);
  });

  it('never throws, even on a header Node refuses to send', async () => {
    const target = await receiverTarget('/ok');
    const r = await postTo(target, { ...request, headers: { 'x-bad': 'a\nb' }, body: '{}', readMax: 1000 });
    expect(r.status).toBeNull();
    expect(r.error).toBeTruthy();
  });

  it('makes no connection for an address the check refused', async () => {
    const before = connections;
    const resolve = tableResolver({ 'rebind.example.com': ['127.0.0.1'] });
    const receiver = `http://127.0.0.1:${port}/ok`;
    for (const url of [
      `https://127.0.0.1:${port}/ok`,
      `http://127.0.0.1:${port}/other`,
      `https://rebind.example.com:${port}/ok`,
      `https://[::ffff:127.0.0.1]:${port}/ok`,
    ]) {
      const r = await checkWebhookUrl(url, { resolve, testReceiver: receiver });
      expect(r.ok).toBe(false);
    }
    expect(connections).toBe(before);
  });
});

/** A self-signed certificate for `name`: the key made by Node (fast), the certificate by node-forge. */
function selfSigned(name: string): { key: string; cert: string } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const keyPem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  cert.serialNumber = '01';
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + 24 * 3600_000);
  const subject = [{ name: 'commonName', value: name }];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
    { name: 'extKeyUsage', serverAuth: true },
    { name: 'subjectAltName', altNames: [{ type: 2, value: name }] },
  ]);
  cert.sign(forge.pki.privateKeyFromPem(keyPem), forge.md.sha256.create());
  return { key: keyPem, cert: forge.pki.certificateToPem(cert) };
}

describe('postTo over https', () => {
  const name = 'hooks.example.test'; // .test never resolves: only the pinned address can be reached
  const { key, cert } = selfSigned(name);
  let server: https.Server;
  let port: number;
  const seen: { host?: string; servername: string | false | null; url?: string }[] = [];

  beforeAll(async () => {
    server = https.createServer({ key, cert }, (req, res) => {
      req.resume();
      req.on('end', () => {
        seen.push({ host: req.headers.host, servername: (req.socket as TLSSocket).servername, url: req.url });
        res.writeHead(200).end('ok over tls');
      });
    });
    port = await listen(server);
  });
  afterAll(() => close(server));

  const target = (host: string): CheckedTarget => ({
    url: new URL(`https://${host}:${port}/hook?x=1`),
    address: '127.0.0.1',
    family: 4,
  });
  const request = { headers: { 'content-type': 'application/fhir+json' }, body: '{}', timeoutMs: 3000, readMax: 1000 };

  it('connects to the checked address; SNI, Host and the certificate check use the URL name', async () => {
    const r = await postTo(target(name), { ...request, ca: cert });
    expect(r).toMatchObject({ status: 200, body: 'ok over tls', error: null });
    expect(seen.at(-1)).toEqual({ host: `${name}:${port}`, servername: name, url: '/hook?x=1' });
  });

  it('refuses a certificate for another name', async () => {
    const count = seen.length;
    const r = await postTo(target('other.example.test'), { ...request, ca: cert });
    expect(r.status).toBeNull();
    expect(r.error).toMatch(/altnames|other\.example\.test/);
    expect(seen.length).toBe(count);
  });

  it('refuses a certificate no trusted authority signed', async () => {
    const r = await postTo(target(name), request);
    expect(r.status).toBeNull();
    expect(r.error).toMatch(/self[- ]signed|unable to verify/i);
  });
});

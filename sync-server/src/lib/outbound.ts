import { promises as dns } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, isIPv4, isIPv6 } from 'node:net';
import { checkServerIdentity } from 'node:tls';

/**
 * The one safe way out of the server to an address a customer chose (webhooks, API.md "Webhooks
 * and FHIR", Addresses): the URL is checked and its host resolved once (`checkWebhookUrl`), and the
 * request then connects to that checked address only (`postTo`), so a name that answers a public
 * address to the check and a private one a moment later (DNS rebinding) reaches nothing inside.
 */

/** Resolves a host name to all of its addresses (the check refuses the name if any one is refused). */
export type Resolver = (hostname: string) => Promise<{ address: string; family: 4 | 6 }[]>;

/** The system resolver (dns.promises.lookup with all: true). */
export const systemResolver: Resolver = async (hostname) => {
  const found = await dns.lookup(hostname, { all: true, verbatim: true });
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

// IPv4 ranges no webhook may reach: [first address, prefix length].
const REFUSED_V4: readonly [string, number][] = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // CGNAT (shared address space)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata at 169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation (TEST-NET-1)
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking (used inside some networks)
  ['198.51.100.0', 24], // documentation (TEST-NET-2)
  ['203.0.113.0', 24], // documentation (TEST-NET-3)
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast 255.255.255.255
];

function v4ToNumber(ip: string): number {
  return ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

function inV4Range(n: number, [base, bits]: readonly [string, number]): boolean {
  const size = 2 ** (32 - bits);
  return Math.floor(n / size) === Math.floor(v4ToNumber(base) / size);
}

function isRefusedV4Number(n: number): boolean {
  return REFUSED_V4.some((range) => inV4Range(n, range));
}

/** The eight 16-bit groups of a valid IPv6 address (a dotted IPv4 tail becomes the last two). */
function v6Groups(ip: string): number[] | null {
  let text = ip.toLowerCase();
  const v4Tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4Tail) {
    if (!isIPv4(v4Tail[1])) return null;
    const n = v4ToNumber(v4Tail[1]);
    text = `${text.slice(0, v4Tail.index)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const part = (s: string) => (s ? s.split(':') : []);
  const head = part(halves[0]);
  const tail = halves.length === 2 ? part(halves[1]) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  if (groups.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups.map((g) => Number.parseInt(g, 16));
}

function isRefusedV6(groups: number[]): boolean {
  const [g0, g1] = groups;
  // Only global unicast (2000::/3) is public at all. Everything else — :: and ::1, the IPv4-mapped
  // (::ffff:0:0/96), IPv4-compatible (::/96) and IPv4-translated forms, NAT64 (64:ff9b::/96 and
  // 64:ff9b:1::/48), ULA (fc00::/7), link-local (fe80::/10), multicast (ff00::/8) — is refused,
  // whatever IPv4 address a mapped form holds.
  if ((g0 & 0xe000) !== 0x2000) return true;
  if (g0 === 0x2001 && g1 === 0x0db8) return true; // documentation
  if (g0 === 0x2001 && g1 === 0) return true; // Teredo: tunnels to an IPv4 address it embeds
  if (g0 === 0x2002) return true; // 6to4: embeds an IPv4 address (2002:7f00:1:: is 127.0.0.1's)
  if (g0 === 0x2001 && (g1 & 0xfff0) === 0x0010) return true; // ORCHID
  if (g0 === 0x2001 && (g1 & 0xfff0) === 0x0020) return true; // ORCHIDv2
  return false;
}

/**
 * True for an address no webhook may reach: loopback (127/8), private (10/8, 172.16/12,
 * 192.168/16), link-local (169.254/16), CGNAT (100.64/10), 0.0.0.0/8, multicast (224/4), also
 * broadcast/reserved 240/4 and the IETF, benchmarking, 6to4-relay and documentation ranges; IPv6
 * loopback ::1, unspecified ::, ULA fc00::/7, link-local fe80::/10, multicast ff00::/8, IPv4-mapped
 * ::ffff:0:0/96 (every mapped form, whatever v4 it holds, incl. hex forms like ::ffff:7f00:1),
 * IPv4-compatible ::/96, NAT64 64:ff9b::/96 — in fact every IPv6 address outside global unicast
 * 2000::/3, plus Teredo, 6to4, ORCHID and documentation inside it; an address with a zone (%eth0);
 * and anything that does not parse as an IP. Brackets are allowed around an IPv6 address only.
 */
export function isRefusedAddress(ip: string): boolean {
  const bracketed = ip.startsWith('[') && ip.endsWith(']');
  const text = bracketed ? ip.slice(1, -1) : ip;
  if (text.includes('%')) return true;
  if (!bracketed && isIPv4(text)) return isRefusedV4Number(v4ToNumber(text));
  if (!isIPv6(text)) return true;
  const groups = v6Groups(text);
  return groups === null || isRefusedV6(groups);
}

export interface CheckedTarget {
  url: URL;
  /** The one address the request may connect to (checked; IPv6 without brackets). */
  address: string;
  family: 4 | 6;
}

export type CheckResult = { ok: true; target: CheckedTarget } | { ok: false; reason: string };

/** The test receiver's normalised URL when it is the one allowed form (http, 127.0.0.1, a port, no credentials). */
function testReceiverHref(testReceiver: string | null): string | null {
  if (!testReceiver) return null;
  try {
    const u = new URL(testReceiver);
    if (u.protocol !== 'http:' || u.hostname !== '127.0.0.1' || !u.port || u.username || u.password) return null;
    return u.href;
  } catch {
    return null;
  }
}

/**
 * Parses and checks a webhook URL: https:// only (except the one exact test receiver URL); resolves
 * the host (IP literals included, IPv6 in brackets); refused if ANY resolved address is refused or
 * none resolves. The target's address is the one the request must connect to.
 */
export async function checkWebhookUrl(
  url: string,
  opts: { resolve: Resolver; testReceiver: string | null },
): Promise<CheckResult> {
  let u: URL;
  try {
    u = new URL(url.trim());
  } catch {
    return { ok: false, reason: 'Not a valid address' };
  }
  if (u.username || u.password) return { ok: false, reason: 'Addresses with a user name or password are refused' };

  const receiver = testReceiverHref(opts.testReceiver);
  if (receiver !== null && u.href === receiver) {
    // The URL's host is the literal 127.0.0.1 (the receiver's form is checked above): no lookup.
    return { ok: true, target: { url: u, address: '127.0.0.1', family: 4 } };
  }
  if (u.protocol !== 'https:') return { ok: false, reason: 'Only https:// addresses' };

  const host = u.hostname;
  const literal = host.startsWith('[') ? host.slice(1, -1) : isIPv4(host) ? host : null;
  let addresses: { address: string; family: 4 | 6 }[];
  if (literal !== null) {
    addresses = [{ address: literal, family: isIPv4(literal) ? 4 : 6 }];
  } else {
    try {
      addresses = await opts.resolve(host);
    } catch {
      return { ok: false, reason: 'Host not found' };
    }
  }
  if (!Array.isArray(addresses) || addresses.length === 0) return { ok: false, reason: 'Host not found' };
  for (const a of addresses) {
    // A name's resolved address is not told (the log and the refusal are read by staff: the
    // server's view of internal names stays its own); a literal was typed by them.
    if (isRefusedAddress(a.address))
      return {
        ok: false,
        reason:
          literal !== null
            ? `Address refused: ${a.address}`
            : `Address refused: ${host} resolves to a private or reserved address`,
      };
  }
  const first = addresses[0].address;
  return { ok: true, target: { url: u, address: first, family: isIPv4(first) ? 4 : 6 } };
}

export interface PostRequest {
  headers: Record<string, string>;
  body: string | Buffer;
  /** The whole request: connecting, sending, the reply's headers and reading its body. */
  timeoutMs: number;
  /** Bytes of the response body read at most; the connection is then closed. */
  readMax: number;
  /** Certificate authorities to trust instead of the system's (tests). */
  ca?: string | Buffer;
}

export interface PostResult {
  /** The reply's status (a 3xx is only a status: nothing is followed); null whenever `error` is set. */
  status: number | null;
  /** Up to readMax bytes of the reply's body, as UTF-8 (what came before an error, too). */
  body: string;
  durationMs: number;
  /** Why no (complete) reply came: a network or TLS error, a time-out, a reply cut off; else null. */
  error: string | null;
}

/**
 * POSTs to the checked address only (never a second resolution): the TCP connection goes to
 * target.address, while SNI, the certificate's name check and the Host header use the URL's host.
 * No redirect is followed; at most readMax bytes of the reply are read (then the socket is
 * destroyed; that is no error); a whole-request time-out of timeoutMs, reading the reply included.
 * Never throws: network and TLS errors, time-outs and replies cut off come back as `{ status: null, error }`.
 */
export function postTo(target: CheckedTarget, req: PostRequest): Promise<PostResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise<PostResult>((resolve) => {
    let settled = false;
    let status: number | null = null;
    const chunks: Buffer[] = [];
    let size = 0;
    let request: http.ClientRequest | undefined;
    let timer: NodeJS.Timeout | undefined;

    const bodyText = () => Buffer.concat(chunks).subarray(0, Math.max(0, req.readMax)).toString('utf8');
    const finish = (error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // A reply that broke off or ran out of time is no reply, whatever its status line said.
      resolve({ status: error === null ? status : null, body: bodyText(), durationMs: elapsed(), error });
      // Nothing more is read or kept: the socket goes (it also ends a body past readMax).
      request?.destroy();
    };

    try {
      const { url } = target;
      const secure = url.protocol === 'https:';
      if (!secure && url.protocol !== 'http:') return finish(`Unsupported protocol: ${url.protocol}`);
      const hostname = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
      const payload = typeof req.body === 'string' ? Buffer.from(req.body, 'utf8') : req.body;
      const headers: Record<string, string | number> = {};
      for (const [name, value] of Object.entries(req.headers)) {
        const lower = name.toLowerCase();
        if (lower !== 'host' && lower !== 'content-length' && lower !== 'transfer-encoding') headers[name] = value;
      }
      headers.host = url.host;
      headers['content-length'] = payload.length;

      const options: https.RequestOptions = {
        method: 'POST',
        host: target.address, // an IP: no lookup happens, so nothing can answer differently now
        family: target.family,
        port: url.port ? Number(url.port) : secure ? 443 : 80,
        path: `${url.pathname}${url.search}`,
        headers,
        agent: false, // a fresh connection, never one pooled for another name
      };
      if (secure) {
        // SNI carries a name only (RFC 6066); for an IP literal the certificate is checked against it.
        if (!isIP(hostname)) options.servername = hostname;
        options.checkServerIdentity = (_host, cert) => checkServerIdentity(hostname, cert);
        options.rejectUnauthorized = true;
        if (req.ca !== undefined) options.ca = req.ca;
      }

      timer = setTimeout(() => finish(`Timed out after ${req.timeoutMs} ms`), req.timeoutMs);
      request = (secure ? https : http).request(options, (res) => {
        status = res.statusCode ?? null;
        res.on('data', (chunk: Buffer) => {
          if (settled) return;
          chunks.push(chunk);
          size += chunk.length;
          if (size >= req.readMax) finish(null);
        });
        res.on('end', () => finish(null));
        res.on('error', (err) => finish(describe(err)));
        res.on('close', () => finish(res.complete ? null : 'The reply was cut off'));
      });
      request.on('error', (err) => finish(describe(err)));
      request.end(payload);
    } catch (err) {
      finish(describe(err));
    }
  });
}

function describe(err: unknown): string {
  if (err instanceof Error) return err.message || (err as NodeJS.ErrnoException).code || 'Request failed';
  return 'Request failed';
}

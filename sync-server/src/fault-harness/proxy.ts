import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the proxy does to one request (the fault harness's schedule decides). */
export type Fault = 'pass' | 'dropBefore' | 'dropAfter' | 'cut' | 'error500' | 'throttled' | 'delay';

/** A report the server answered 200, as the proxy saw it go (API.md "Devices"). */
export interface SeenReport {
  deviceId: string;
  lastSeq: number;
  pendingSeqs: number[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * An HTTP proxy in front of the server instances that injects faults: a request dropped before the
 * server sees it, a reply dropped after the server committed, a reply cut half way, a 500 or a 429
 * with Retry-After in place of the server, or a delay (deliveries then arrive out of order). It
 * keeps the last report each device got a 200 for. Test code only: nothing here ships.
 */
export class FaultProxy {
  readonly reports = new Map<string, SeenReport>();
  private server: http.Server | undefined;
  private next = 0;
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

  constructor(
    private readonly targets: () => string[],
    /** The fault for a request of `device` (the harness names it in a header of its own). */
    private readonly decide: (path: string, device: string) => { fault: Fault; delayMs: number },
    /** Changes a request's body on its way (the test of a server without the duplicate check). */
    private readonly mutate?: (path: string, body: Buffer) => Buffer,
  ) {}

  async start(): Promise<string> {
    this.server = http.createServer((req, res) => void this.handle(req, res));
    this.server.keepAliveTimeout = 1_000;
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    this.agent.destroy();
    this.server?.closeAllConnections();
    await new Promise((r) => this.server?.close(r));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const path = req.url ?? '/';
    const body = this.mutate ? this.mutate(path, Buffer.concat(chunks)) : Buffer.concat(chunks);
    if (this.mutate) req.headers['content-length'] = String(body.length);
    const device = String(req.headers['x-harness-device'] ?? '');
    delete req.headers['x-harness-device'];
    const { fault, delayMs } = this.decide(path, device);
    const envelope = (status: number, message: string, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify({ status: 'Failure', message, error: null, data: null }));
    };
    if (fault === 'dropBefore') return void req.socket.destroy();
    if (fault === 'error500') return envelope(500, 'Something went wrong.');
    if (fault === 'throttled')
      return envelope(429, 'Too many requests from this network. Please wait a moment and try again.', {
        'retry-after': '1',
      });
    if (fault === 'delay') await sleep(delayMs);
    const targets = this.targets();
    const target = targets[this.next++ % targets.length] as string;
    let upstream: { status: number; headers: http.IncomingHttpHeaders; body: Buffer };
    try {
      upstream = await new Promise((resolve, reject) => {
        const headers = { ...req.headers, host: new URL(target).host };
        const out = http.request(`${target}${path}`, { method: req.method, headers, agent: this.agent }, (r) => {
          const got: Buffer[] = [];
          r.on('data', (c: Buffer) => got.push(c));
          r.on('end', () => resolve({ status: r.statusCode ?? 502, headers: r.headers, body: Buffer.concat(got) }));
          r.on('error', reject);
        });
        out.setTimeout(15_000, () => out.destroy(new Error('upstream timed out')));
        out.on('error', reject);
        out.end(body);
      });
    } catch {
      // The server is down (killed) or cut the connection: the device sees the network fail.
      return void req.socket.destroy();
    }
    if (path === '/api/sync/devices/report' && upstream.status === 200) this.noteReport(body);
    if (fault === 'dropAfter') return void req.socket.destroy();
    const headers = { ...upstream.headers };
    delete headers['transfer-encoding'];
    headers['content-length'] = String(upstream.body.length);
    res.writeHead(upstream.status, headers);
    if (fault === 'cut') {
      res.write(upstream.body.subarray(0, Math.floor(upstream.body.length / 2)));
      await sleep(5);
      return void req.socket.destroy();
    }
    res.end(upstream.body);
  }

  private noteReport(body: Buffer): void {
    const report = JSON.parse(body.toString('utf8')) as SeenReport;
    this.reports.set(report.deviceId.toLowerCase(), {
      deviceId: report.deviceId.toLowerCase(),
      lastSeq: report.lastSeq,
      pendingSeqs: report.pendingSeqs,
    });
  }
}

// The bench's baseline: bare Fastify (the sync-server's own copy and version, no logger, no plugins)
// with one route, GET /bare. Listens on PORT (default 3001) and HOST (default 127.0.0.1).
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const Fastify = createRequire(path.join(root, 'sync-server/package.json'))('fastify');

const app = Fastify();
app.get('/bare', async () => ({ status: 'Success', data: { ok: true } }));
await app.listen({ port: Number(process.env.PORT || 3001), host: process.env.HOST || '127.0.0.1' });

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}

import { buildApp } from './app';
import { DEFAULT_PWA_DIST, loadConfig } from './config';
import { databaseProblem } from './db/database';

// Run as `node sync-server/dist/server.mjs` (or `npm start`), nothing sets PWA_DIST: the repository's build.
const config = (() => {
  try {
    return loadConfig({ PWA_DIST: DEFAULT_PWA_DIST, ...process.env });
  } catch (err) {
    // A configuration the server cannot honour: the operator reads one sentence saying what to set.
    process.stderr.write(`Scentry cannot start: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  }
})();
const app = await buildApp(config).catch((err: unknown) => {
  const unreachable = config.databaseUrl ? databaseProblem(err, config.databaseUrl) : undefined;
  if (!unreachable) throw err;
  // A database that does not answer (or refuses the login) at start: one sentence for the operator
  // and a non-zero exit, so the service manager tries again later (Restart=on-failure).
  process.stderr.write(`Scentry cannot start: ${unreachable}\n`);
  process.exit(1);
});

if (app.initialAdmin?.generatedPassword) {
  // Printed once, on the run that created the account; also kept in a mode-600 file.
  process.stdout.write(
    `\n  First Admin created: ${app.initialAdmin.email}\n  Password: ${app.initialAdmin.generatedPassword}\n  (also written to ${app.initialAdmin.file})\n\n`,
  );
}

await app.listen({ port: config.port, host: config.host });
app.log.info(`Scentry ready at ${config.publicUrl}`);

// A stop signal (SIGTERM from systemd or the container, SIGINT from a terminal) drains first: for
// SHUTDOWN_GRACE_S the instance serves as usual while /api/health answers 503 "draining" and every
// reply closes its connection, so the proxy moves its traffic to the other instances; then it
// stops accepting, finishes what is in flight and exits. A second signal exits at once (a
// terminal's Ctrl-C under `npm start` reaches the server twice, from the terminal and from npm,
// so there it stops without the drain, as a developer expects).
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) {
      app.log.warn(`${signal} again: exiting without finishing`);
      process.exit(1);
    }
    stopping = true;
    const grace = config.shutdownGraceSeconds;
    app.lifecycle.state = 'draining';
    app.log.info(`${signal}: draining for ${grace} s (SHUTDOWN_GRACE_S), then stopping`);
    setTimeout(() => {
      app.log.info('stopping: no new connections; finishing the requests in flight');
      // Node's close() ends idle connections at once, and one accepted a moment ago is idle until
      // its request arrives: cut, a proxy answers that POST 502. Idle ones get a second first.
      const closeIdle = app.server.closeIdleConnections.bind(app.server);
      app.server.closeIdleConnections = () => {
        setTimeout(closeIdle, 1_000).unref();
      };
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    }, grace * 1000);
  });
}

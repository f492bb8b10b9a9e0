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

// A terminal's Ctrl-C reaches both npm and the server (`npm start` execs it), and npm forwards it
// again: the first signal starts a graceful close, repeats are ignored.
let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}

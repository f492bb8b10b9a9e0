import { buildApp } from './app';
import { loadConfig } from './config';

const config = loadConfig();
const app = await buildApp(config);

if (app.initialAdmin?.generatedPassword) {
  // Printed once, on the run that created the account; also kept in a mode-600 file.
  process.stdout.write(
    `\n  First Admin created: ${app.initialAdmin.email}\n  Password: ${app.initialAdmin.generatedPassword}\n  (also written to ${app.initialAdmin.file})\n\n`,
  );
}

await app.listen({ port: config.port, host: config.host });
app.log.info(`Scentry ready at ${config.publicUrl}`);

// A terminal's Ctrl-C reaches both npm start and the server, and npm start forwards it again:
// the first signal starts a graceful close, repeats are ignored.
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

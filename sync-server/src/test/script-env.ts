// The environment an operator's script (scripts/admin.mjs, backup.mjs, restore.mjs) gets in a test:
// the server's own settings, as the operator runs a script with the server's environment.
import type { Config } from '../config';

/**
 * On PostgreSQL, the database and the settings the server needs with it (DATABASE_URL, its
 * secrets, PASS_CERT_DIR and UPLOADS_DIR when configured), so the script reads the configuration
 * the app under test runs with; on SQLite nothing (DATA_DIR, given by the caller, is enough).
 */
export function scriptEnvOf(config: Config): Record<string, string> {
  if (!config.databaseUrl) return {};
  const env: Record<string, string> = {
    DATABASE_URL: config.databaseUrl,
    JWT_SECRET: config.jwtSecret,
    TOTP_KEY: config.totpKey.toString('base64'),
  };
  if (config.passCertDir) env.PASS_CERT_DIR = config.passCertDir;
  env.UPLOADS_DIR = config.uploadsDir;
  return env;
}

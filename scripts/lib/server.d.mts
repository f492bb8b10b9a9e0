// Types of server.mjs (the one launcher of the Scentry server), for TypeScript callers such as
// pwa/e2e/support/server.ts.
import type { ChildProcess } from 'node:child_process';

export declare const ROOT: string;
export declare const SERVER_DIR: string;
/** The variables of README.md's Configuration table. */
export declare const CONFIG_VARS: readonly string[];

/** Where the child's stdout/stderr go: this terminal, nowhere, a string (`output()`), or a file. */
export type OutputMode = 'inherit' | 'ignore' | 'capture' | { file: string };

export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServerProcess {
  child: ChildProcess;
  /** Where it answers from this machine, e.g. `http://localhost:3000`. */
  url: string;
  /** The child's whole environment (DATA_DIR absolute, PWA_DIST set). */
  env: Record<string, string>;
  /** Settles when the child has exited (or could not be started). */
  exited: Promise<ExitInfo>;
  /** What the child printed so far ('capture' and file modes; '' otherwise). */
  output: () => string;
  /** Resolves once the ready path answers 200; rejects, with the child's output, if it exits first or times out. */
  waitReady: (opts?: { timeoutMs?: number; intervalMs?: number }) => Promise<void>;
  /** SIGTERM, then waits for the exit (SIGKILL after `timeoutMs`, default 10 s). */
  stop: (opts?: { timeoutMs?: number }) => Promise<ExitInfo>;
}

export interface LaunchOptions {
  /** Added to the caller's process.env; `undefined` removes a variable (the server's default applies). */
  env?: Record<string, string | number | undefined>;
  /** Default 'inherit'. */
  output?: OutputMode;
}

export declare function freePort(host?: string): Promise<number>;
export declare function serverEnv(
  overrides?: Record<string, string | number | undefined>,
  base?: NodeJS.ProcessEnv,
): Record<string, string>;
export declare function serverUrl(env: Record<string, string | undefined>): string;
export declare function launchProcess(opts: {
  args: string[];
  cwd: string;
  env: Record<string, string>;
  url: string;
  readyPath?: string;
  output?: OutputMode;
}): ServerProcess;
export declare function launchServer(opts?: LaunchOptions): ServerProcess;
export declare function productionArgs(): string[];
export declare function launchProxiedServer(
  tmp: string,
  name: string,
): Promise<{
  server: ServerProcess;
  api: string;
  post: (route: string, body: unknown, from: string) => Promise<Response>;
  dataDir: string;
}>;

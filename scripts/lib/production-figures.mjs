// The bench's part (s): what the production line costs to run (scripts/bench.mjs prints it).
// - RSS of the server 30 s (BENCH_IDLE_SECONDS) after the production line started on a fresh
//   DATA_DIR with the demo data (SEED_DEMO=on), read from /proc/<pid>/status (VmRSS: what
//   process.memoryUsage().rss says inside);
// - processes left running: the process tree under the production line's node, and under
//   `npm start` once it answers (npm's own process group, started detached), then Ctrl-C: SIGINT to
//   that whole group as a terminal sends it, and whether everything stopped;
// - time from launching the production line on that existing data (migrations done, demo seeded)
//   to the first 200 of /api/health, polled every 10 ms; BENCH_HEALTH_RUNS runs (default 3), median,
//   with the server's CPU time until then (steadier than wall time on a busy machine).
import { spawn } from 'node:child_process';
import { closeSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { ROOT } from './bootstrap.mjs';
import { CONFIG_VARS, freePort, launchProcess, productionArgs, serverEnv, serverUrl } from './server.mjs';

const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS || 30);
const HEALTH_RUNS = Math.max(1, Number(process.env.BENCH_HEALTH_RUNS || 3));
export const BUDGETS = { rssMb: 120, productionProcesses: 1, npmStartProcesses: 2, healthMs: 1500 };

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The pids of `root` and all its descendants (from /proc/<pid>/stat's parent pid). */
export function processTree(root) {
  const children = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (!children.has(ppid)) children.set(ppid, []);
    children.get(ppid).push(Number(name));
  }
  const tree = [];
  const walk = (pid) => {
    tree.push(pid);
    for (const child of children.get(pid) ?? []) walk(child);
  };
  walk(root);
  return tree;
}

/** CPU time (user + system) a process has used so far, in ms (clock ticks of 10 ms). */
const cpuMs = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

const commandOf = (pid) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
  } catch {
    return '?';
  }
};

/** The server's environment for a measurement: every Configuration default, a temp DATA_DIR. */
const benchEnv = (dataDir, port) =>
  serverEnv({
    ...Object.fromEntries(CONFIG_VARS.map((name) => [name, undefined])),
    PORT: port,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'on',
  });

function launchProduction(dataDir, port, logFile) {
  const env = benchEnv(dataDir, port);
  return launchProcess({
    args: productionArgs(),
    cwd: ROOT,
    env,
    url: serverUrl(env),
    readyPath: '/api/health',
    output: { file: logFile },
  });
}

/**
 * Measures part (s) in `tmp` (a directory of its own): returns the figures; `log` reports progress.
 * The server must be built already (ensureServerBuilt), so no build lands inside a timing.
 */
export async function measureProduction(tmp, log) {
  const dataDir = path.join(tmp, 'production-data');
  const logFile = path.join(tmp, 'production.log');
  const line = `node ${productionArgs().join(' ')}`;

  log(`(s) ${line} on a fresh DATA_DIR with the demo data; RSS after ${IDLE_SECONDS} s at rest`);
  const first = launchProduction(dataDir, await freePort(), logFile);
  await first.waitReady({ timeoutMs: 60_000 });
  const productionTree = processTree(first.child.pid).map(commandOf);
  await sleep(IDLE_SECONDS * 1000);
  const status = readFileSync(`/proc/${first.child.pid}/status`, 'utf8');
  const kb = (field) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1]);
  const rssMb = kb('VmRSS') / 1024;
  const hwmMb = kb('VmHWM') / 1024;
  await first.stop();

  log(`(s) ${line} on that existing data: time to the first 200 of /api/health, ${HEALTH_RUNS} runs`);
  const healthRuns = [];
  const healthCpu = [];
  for (let run = 0; run < HEALTH_RUNS; run++) {
    const port = await freePort();
    const started = performance.now();
    const server = launchProduction(dataDir, port, logFile);
    await server.waitReady({ timeoutMs: 60_000, intervalMs: 10 });
    healthRuns.push(Math.round(performance.now() - started));
    healthCpu.push(cpuMs(server.child.pid));
    await server.stop();
  }
  const sorted = [...healthRuns].sort((a, b) => a - b);
  const healthMedianMs = sorted[Math.floor(sorted.length / 2)];

  log('(s) npm start (its own process group): processes once it answers, then Ctrl-C');
  const npm = await measureNpmStart(path.join(tmp, 'npm-start-data'), path.join(tmp, 'npm-start.log'));

  return {
    line,
    idleSeconds: IDLE_SECONDS,
    rssMb,
    hwmMb,
    productionProcesses: productionTree,
    healthRuns,
    healthMedianMs,
    healthCpu,
    load: loadavg()[0],
    npm,
  };
}

/** `npm start` as a user runs it; its process tree once /api/health answers; then Ctrl-C. */
async function measureNpmStart(dataDir, logFile) {
  const port = await freePort();
  const env = benchEnv(dataDir, port);
  const fd = openSync(logFile, 'a');
  // detached: a process group of its own, as a terminal's foreground job has.
  const npm = spawn('npm', ['start'], { cwd: ROOT, env, stdio: ['ignore', fd, fd], detached: true });
  closeSync(fd);
  const exited = new Promise((resolve) => npm.once('exit', (code, signal) => resolve({ code, signal })));
  const url = `http://127.0.0.1:${port}/api/health`;
  const deadline = Date.now() + 300_000;
  for (;;) {
    const status = await fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
      (res) => res.arrayBuffer().then(() => res.status),
      () => 0,
    );
    if (status === 200) break;
    if (npm.exitCode !== null || Date.now() > deadline) {
      throw new Error(`npm start did not answer ${url}:\n${readFileSync(logFile, 'utf8').slice(-5000)}`);
    }
    await sleep(100);
  }
  const tree = processTree(npm.pid).map(commandOf);
  const started = performance.now();
  process.kill(-npm.pid, 'SIGINT');
  const result = await Promise.race([exited, sleep(15_000).then(() => null)]);
  const stopMs = Math.round(performance.now() - started);
  const left = processTree(npm.pid).filter((pid) => pid !== npm.pid);
  if (!result) process.kill(-npm.pid, 'SIGKILL');
  const text = readFileSync(logFile, 'utf8');
  return {
    processes: tree,
    stopped: Boolean(result) && left.length === 0,
    exit: result,
    stopMs,
    graceful: text.includes('SIGINT: draining'),
  };
}

/** Part (s) as the bench prints it. */
export function printProduction(s) {
  const verdict = (ok) => (ok ? 'within' : 'OVER');
  console.log(`(s) Production line: ${s.line}`);
  console.log(
    `    server RSS ${s.idleSeconds} s after start with the demo data ${s.rssMb.toFixed(1)} MB (peak ${s.hwmMb.toFixed(1)} MB)  (budget ≤ ${BUDGETS.rssMb} MB: ${verdict(s.rssMb <= BUDGETS.rssMb)})`,
  );
  console.log(
    `    processes left running by the production line: ${s.productionProcesses.length}  (budget ${BUDGETS.productionProcesses}: ${verdict(s.productionProcesses.length <= BUDGETS.productionProcesses)})  [${s.productionProcesses.join(' | ')}]`,
  );
  console.log(
    `    processes left running by npm start: ${s.npm.processes.length}  (budget ${BUDGETS.npmStartProcesses}: ${verdict(s.npm.processes.length <= BUDGETS.npmStartProcesses)})  [${s.npm.processes.join(' | ')}]`,
  );
  console.log(
    `    Ctrl-C (SIGINT to npm start's process group): ${s.npm.stopped ? `all stopped in ${s.npm.stopMs} ms` : 'NOT all stopped'}, npm exit ${s.npm.exit?.signal ?? s.npm.exit?.code ?? '-'}, server ${s.npm.graceful ? 'closed gracefully' : 'did NOT log its graceful close'}`,
  );
  console.log(
    `    launch on existing data → first 200 of /api/health: runs ${s.healthRuns.map((ms) => `${ms} ms`).join(' / ')}, median ${(s.healthMedianMs / 1000).toFixed(2)} s  (budget ≤ ${(BUDGETS.healthMs / 1000).toFixed(1)} s: ${verdict(s.healthMedianMs <= BUDGETS.healthMs)})`,
  );
  console.log(
    `    the server's CPU time until then: ${s.healthCpu.map((ms) => `${ms} ms`).join(' / ')} (load average ${s.load.toFixed(1)} after: on a busy machine the wall time waits for a CPU)`,
  );
}

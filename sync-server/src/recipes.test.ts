import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ignore from '@balena/dockerignore';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/lib/bootstrap.mjs';
import { DEFAULT_SHUTDOWN_GRACE_S } from './config';
import { makeTempDir } from './test/helpers';

/**
 * The deployment recipes work as printed (docs/operations.md, "Production"): the container's build
 * context holds no data, secret or host build; the systemd unit passes `systemd-analyze verify`
 * and lets the server listen on 0.0.0.0; the environment file reads the same in systemd and in a
 * POSIX shell; the docs print exactly these files.
 */

const read = (relative: string) => readFileSync(path.join(ROOT, relative), 'utf8');
const tmp = makeTempDir('scentry-recipes-');
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The files `docker build` would send: every file under `root` that .dockerignore's rules keep (Docker's semantics, by @balena/dockerignore). */
function buildContext(root: string, rules: string): string[] {
  const ig = ignore().add(rules);
  // A folder ignored whole is not walked, unless an exception (`!path`) could bring a file back from it.
  const exceptions = rules
    .split('\n')
    .filter((l) => l.startsWith('!'))
    .map((l) => l.slice(1).trim());
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (ig.ignores(rel) && !exceptions.some((e) => e.startsWith(`${rel}/`))) continue;
        walk(rel);
      } else if (!ig.ignores(rel)) files.push(rel);
    }
  };
  walk('');
  return files;
}

describe('the container recipe', () => {
  const rules = read('.dockerignore');
  // What a checkout that has run `npm start` and `npm test` holds beside the sources.
  const checkout = path.join(tmp, 'checkout');
  const made = [
    'Dockerfile',
    'package.json',
    'pnpm-lock.yaml',
    '.node-version',
    'scripts/prepare.mjs',
    'deploy/scentry.env.example',
    'sync-server/src/server.ts',
    'sync-server/src/services/uploads.ts',
    'sync-server/src/services/pass-certs.ts',
    'sync-server/demo/lemon.png',
    'pwa/src/main.tsx',
    'shared-schema/fonts/NotoSans-Regular.ttf',
    // not to be sent:
    '.git/config',
    'data/scentry.db',
    'data/jwt-secret',
    'data/totp-key',
    'data/initial-admin.txt',
    'data/outbox/2026-11-28-reset.eml',
    'data/pass-certs/signerKey.pem',
    'data/uploads/0123456789abcdef0123456789abcdef.png',
    'node_modules/.pnpm/lock.yaml',
    'sync-server/node_modules/better-sqlite3/build/Release/better_sqlite3.node',
    '.tools/node/bin/node',
    '.tools/node_modules/.bin/pnpm',
    '.tmp/test-reports/sync-server.json',
    'sync-server/dist/server.mjs',
    'pwa/dist/index.html',
    'scentry.env',
    'server.log',
  ];
  for (const file of made) {
    mkdirSync(path.dirname(path.join(checkout, file)), { recursive: true });
    writeFileSync(path.join(checkout, file), file);
  }

  it('sends the sources and no data, secret, dependency, tool or build of the host', () => {
    const context = buildContext(checkout, rules);
    expect(context.sort()).toEqual(made.slice(0, made.indexOf('.git/config')).sort());
  });

  it('sends nothing of this repository that a checkout must not ship (its own data, node_modules, .tools, builds)', () => {
    const context = buildContext(ROOT, rules);
    expect(context).toContain('Dockerfile');
    expect(context).toContain('sync-server/src/server.ts');
    const shipped = context.filter((f) =>
      /^(data|\.git|\.tools|\.tmp)\/|(^|\/)(node_modules|dist)\/|\.node$|\.pem$|(^|\/)(jwt-secret|totp-key)$/.test(f),
    );
    expect(shipped).toEqual([]);
  });

  it('builds in two stages on Node 24 and runs the one process on its own signal', () => {
    const dockerfile = read('Dockerfile');
    expect(dockerfile.match(/^FROM node:24-bookworm-slim/gm)).toHaveLength(2);
    expect(dockerfile).toMatch(/^RUN node scripts\/prepare\.mjs$/m);
    expect(dockerfile).toMatch(/^COPY --from=build /m);
    expect(dockerfile).toMatch(
      /^CMD \["node", "--max-semi-space-size=4", "--max-old-space-size=512", "sync-server\/dist\/server\.mjs"\]$/m,
    );
  });
});

/** A line of an environment file both systemd and sh read alike: NAME=plain or NAME="no $ ` \ inside". */
const PORTABLE_LINE = /^[A-Z_][A-Z0-9_]*=([A-Za-z0-9_@%+=:,./-]*|"[^"$`\\]*")$/;

describe('the environment file', () => {
  const text = read('deploy/scentry.env.example');
  const assignments = text.split('\n').filter((l) => l.trim() && !l.startsWith('#'));

  /** The values as systemd's EnvironmentFile= reads these lines (double quotes removed). */
  const systemdValues = Object.fromEntries(
    assignments.map((l) => {
      const [name, ...rest] = l.split('=');
      return [name, rest.join('=').replace(/^"(.*)"$/, '$1')];
    }),
  );

  it('has only lines that read alike in systemd and in a POSIX shell', () => {
    expect(assignments.length).toBeGreaterThan(5);
    expect(assignments.filter((l) => !PORTABLE_LINE.test(l))).toEqual([]);
    // The check itself: the line the docs used to print is refused.
    expect(PORTABLE_LINE.test('MAIL_FROM=Scentry <no-reply@example.org>')).toBe(false);
  });

  it('is sourced by sh with the values systemd gives the server', () => {
    const names = Object.keys(systemdValues);
    const script = `set -a; . "$1"; for n in ${names.join(' ')}; do printf '%s=%s\\n' "$n" "$(printenv "$n")"; done`;
    const res = spawnSync('sh', ['-c', script, 'sh', path.join(ROOT, 'deploy/scentry.env.example')], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH },
    });
    expect(res.status, res.stderr).toBe(0);
    const fromShell = Object.fromEntries(
      res.stdout
        .trim()
        .split('\n')
        .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
    );
    expect(fromShell).toEqual(systemdValues);
    expect(fromShell.MAIL_FROM).toBe('Scentry <no-reply@example.org>');
  });
});

describe('the systemd unit', () => {
  const unit = read('deploy/scentry.service');

  it('lets the server list network interfaces (0.0.0.0) and waits past the drain when stopping', () => {
    expect(unit).toMatch(/^RestrictAddressFamilies=.*\bAF_NETLINK\b/m);
    const stop = Number(/^TimeoutStopSec=(\d+)s$/m.exec(unit)?.[1]);
    expect(stop).toBeGreaterThan(DEFAULT_SHUTDOWN_GRACE_S * 3);
    expect(unit).toMatch(
      /^ExecStart=\/opt\/scentry\/\.tools\/node\/bin\/node --max-semi-space-size=4 --max-old-space-size=512 sync-server\/dist\/server\.mjs$/m,
    );
  });

  it('passes systemd-analyze verify (paths of this checkout put in)', () => {
    expect(existsSync('/usr/bin/systemd-analyze'), 'systemd-analyze (Debian systemd; npm test installs it)').toBe(true);
    const node = path.join(ROOT, '.tools/node/bin/node');
    const local = replaceAll(unit, [
      ['/opt/scentry/.tools/node/bin/node', existsSync(node) ? node : process.execPath],
      ['/opt/scentry', ROOT],
      ['/etc/scentry/scentry.env', path.join(ROOT, 'deploy/scentry.env.example')],
      ['/var/lib/scentry', tmp],
    ]);
    const file = path.join(tmp, 'scentry.service');
    writeFileSync(file, local);
    const res = spawnSync('systemd-analyze', ['verify', file], { encoding: 'utf8' });
    expect(res.status, `${res.stdout}${res.stderr}`).toBe(0);
    expect(`${res.stdout}${res.stderr}`.trim()).toBe('');
  });
});

const replaceAll = (text: string, pairs: [string, string][]) => pairs.reduce((t, [a, b]) => t.split(a).join(b), text);

describe('docs/operations.md', () => {
  const docs = read('docs/operations.md');
  const block = (lang: string, firstLine: string) =>
    [...docs.matchAll(new RegExp(`^\`\`\`${lang}\\n([\\s\\S]*?)^\`\`\`$`, 'gm'))]
      .map((m) => m[1])
      .find((b) => b.startsWith(firstLine));

  it('prints the unit, the environment file and the Dockerfile exactly as they are in the repository', () => {
    expect(block('ini', '[Unit]')).toBe(read('deploy/scentry.service'));
    expect(block('sh', '# /etc/scentry/scentry.env')).toBe(read('deploy/scentry.env.example'));
    expect(block('dockerfile', '# Scentry in a container')).toBe(read('Dockerfile'));
  });
});

/**
 * One "instance" of the two-instance counters test (limits/db-counters.test.ts), run as its own
 * process so that its SQLite connection waits for the other's lock as a second server would:
 * `node --import tsx counters-instance.ts <db file> <bucket|window> <attempts> <now>` opens the
 * file, prints `ready`, and when its stdin ends (the test's word to both) makes every attempt at
 * once (the fixed `now` shared by both processes) and prints how many were let through.
 */
import { openDatabase } from '../db/database';
import { dbCounters } from '../limits/db-counters';

const [file, mode, attempts, now] = process.argv.slice(2);
const db = openDatabase(file);
const counters = dbCounters(db)('two-instances');
const rate = { limit: 20, windowMs: 60_000 };
const one = () =>
  mode === 'bucket'
    ? counters.take('shared', rate, 1, Number(now))
    : counters.hit([{ key: 'shared', limit: 20 }], 60_000, Number(now));
process.stdout.write('ready\n');
for await (const _ of process.stdin);
const answers = await Promise.all(Array.from({ length: Number(attempts) }, one));
process.stdout.write(String(answers.filter((a) => a.ok).length));
await db.destroy();

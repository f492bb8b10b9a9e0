import { describeSqliteHarness } from './servers';

// The fault harness on SQLite, even seeds (beside fault-harness.test.ts, in parallel).
describeSqliteHarness(0);

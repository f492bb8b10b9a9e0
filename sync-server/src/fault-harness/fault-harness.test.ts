import { describeSqliteHarness } from './servers';

// The fault harness on SQLite, odd seeds (issue 43; docs/testing.md "The fault harness").
describeSqliteHarness(1);

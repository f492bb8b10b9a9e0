import { describeSqliteHarness } from './sqlite-servers';

// The fault harness on SQLite, odd seeds (issue 43; docs/testing.md "The fault harness").
describeSqliteHarness(1);

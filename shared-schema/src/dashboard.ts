export interface TestResultCounts {
  totalTestCount: number;
  passCount: number;
  failCount: number;
  testKitCount: number;
}

// A clock a test moves by hand, and the sign-in limiter's limits with generous defaults: shared by
// the limiter's, the device tokens' and the database counters' tests.

const MINUTE = 60_000;

/** `now()` returns the time the test set; `advance(ms)` moves it. */
export function clock(start = 1_700_000_000_000): { now: () => number; advance: (ms: number) => void } {
  let now = start;
  return {
    now: () => now,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

/** LoginLimiter limits: the per-address one given, the others high unless given, a 15-minute window. */
export const limits = (perAddress: number, perAccount = 1000, perClient = 1000, perDevice = 1000) => ({
  perAddress,
  perAccount,
  perClient,
  perDevice,
  windowMs: 15 * MINUTE,
});

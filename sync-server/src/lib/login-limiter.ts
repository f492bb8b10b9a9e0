/**
 * Counts failed sign-ins per e-mail *and* address, so one person guessing is stopped while the
 * rest of an event's shared Wi-Fi still signs in. Success clears the count. In memory: a restart
 * forgives, which is acceptable for one small VM.
 */
export class LoginLimiter {
  private failures = new Map<string, number[]>();

  constructor(
    private readonly maxFailures = 10,
    private readonly windowMs = 15 * 60 * 1000,
    private readonly now: () => number = Date.now,
  ) {}

  private key(email: string, address: string) {
    return `${email.trim().toLowerCase()}|${address}`;
  }

  private recent(key: string): number[] {
    const cutoff = this.now() - this.windowMs;
    const list = (this.failures.get(key) ?? []).filter((t) => t > cutoff);
    if (list.length) this.failures.set(key, list);
    else this.failures.delete(key);
    return list;
  }

  isBlocked(email: string, address: string): boolean {
    return this.recent(this.key(email, address)).length >= this.maxFailures;
  }

  fail(email: string, address: string): void {
    const key = this.key(email, address);
    const list = this.recent(key);
    list.push(this.now());
    this.failures.set(key, list);
    if (this.failures.size > 50_000) this.prune();
  }

  succeed(email: string, address: string): void {
    this.failures.delete(this.key(email, address));
  }

  private prune() {
    for (const key of [...this.failures.keys()]) this.recent(key);
  }
}

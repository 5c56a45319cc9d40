/**
 * Counts failed logins per client address and username in a sliding window; past the limit
 * further attempts are refused with 429 until the window passes. In memory: one server process.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly maxFailures: number,
    private readonly windowMs: number,
    private readonly clock: () => Date,
  ) {}

  private key(ip: string, username: string): string {
    return `${ip}|${username.trim().toLowerCase()}`;
  }

  private recent(key: string): number[] {
    const cutoff = this.clock().getTime() - this.windowMs;
    const list = (this.failures.get(key) ?? []).filter((t) => t > cutoff);
    if (list.length === 0) this.failures.delete(key);
    else this.failures.set(key, list);
    return list;
  }

  /** Seconds until the caller may try again, or 0 when allowed. */
  retryAfterSeconds(ip: string, username: string): number {
    const list = this.recent(this.key(ip, username));
    if (list.length < this.maxFailures) return 0;
    const oldest = list[0] ?? this.clock().getTime();
    return Math.max(1, Math.ceil((oldest + this.windowMs - this.clock().getTime()) / 1000));
  }

  recordFailure(ip: string, username: string): void {
    const key = this.key(ip, username);
    this.failures.set(key, [...this.recent(key), this.clock().getTime()]);
  }

  reset(ip: string, username: string): void {
    this.failures.delete(this.key(ip, username));
  }
}

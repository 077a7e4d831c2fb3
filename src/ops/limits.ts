import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

/**
 * A per-minute allowance per key (a site, a client address, or both), kept in memory. One ops server
 * process owns its counters; a restart starts them afresh, which only ever lets more through.
 */
export class Budget {
  private readonly limiter: RateLimiterMemory;
  readonly perMinute: number;

  constructor(perMinute: number) {
    this.perMinute = perMinute;
    this.limiter = new RateLimiterMemory({ points: perMinute, duration: 60 });
  }

  /** Takes one from `key`'s allowance: null when it was there, else milliseconds until there is one again. */
  async take(key: string): Promise<number | null> {
    try {
      await this.limiter.consume(key);
      return null;
    } catch (outcome) {
      if (outcome instanceof RateLimiterRes) return Math.max(outcome.msBeforeNext, 1);
      throw outcome;
    }
  }

  /** Milliseconds until `key` has an allowance again when it has none left, else null; takes nothing. */
  async exhausted(key: string): Promise<number | null> {
    const state = await this.limiter.get(key);
    return state && state.consumedPoints >= this.perMinute ? Math.max(state.msBeforeNext, 1) : null;
  }
}

/** The server's budgets: verified webhook events per site, refusals per client and site, admin-token failures and preview requests per client. */
export interface Limits {
  webhookEvents: Budget;
  webhookFailures: Budget;
  authFailures: Budget;
  previews: Budget;
}

export function createLimits(config: { webhookRateLimit: number; webhookFailureLimit: number; authFailureLimit: number; previewRateLimit: number }): Limits {
  return {
    webhookEvents: new Budget(config.webhookRateLimit),
    webhookFailures: new Budget(config.webhookFailureLimit),
    authFailures: new Budget(config.authFailureLimit),
    previews: new Budget(config.previewRateLimit),
  };
}

/** The Retry-After value (whole seconds, at least 1) for a wait in milliseconds. */
export const retryAfterSeconds = (ms: number) => String(Math.max(1, Math.ceil(ms / 1000)));

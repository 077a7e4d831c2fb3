import { z } from 'zod';

/**
 * The ops server's configuration, read once from the environment at start-up.
 *
 * Everything here is operational: where to listen, where the journal lives,
 * the admin token and (in dispatch mode) how to reach GitHub. Secrets come only
 * from the environment; the per-site webhook secrets are named in each site's
 * config (`integrations.webhookSecretEnv`) and read when a webhook arrives.
 */

/** An unset variable and an empty one mean the same: "use the default". */
const env = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema);

const integer = (min: number, max: number, what: string) =>
  z
    .string()
    .regex(/^\d+$/, `expected ${what} (a whole number from ${min} to ${max})`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `expected ${what} (a whole number from ${min} to ${max})`);

/**
 * Milliseconds a site waits after a request before it builds, by default: none. Every change that arrives
 * while a build runs is merged into the next build, so a burst still becomes a few runs; a wait would only
 * delay the isolated change a shopper is waiting for (a sale, a price), by as long as the wait.
 */
export const DEFAULT_COALESCE_MS = 0;

export const OpsEnvSchema = z
  .object({
    /** Interface to listen on. Keep loopback unless a proxy in front terminates TLS. @example "127.0.0.1" */
    OPS_HOST: env(z.string().min(1).default('127.0.0.1')),
    /** Port to listen on; 0 picks a free one (printed at start). @example "8787" */
    OPS_PORT: env(integer(0, 65_535, 'a port number').default(8787)),
    /** Folder for the SQLite journal (`<dir>/ops.sqlite`), relative to the working directory. @example "data/ops" */
    OPS_DATA_DIR: env(z.string().min(1).default('data/ops')),
    /** Token for the admin page and the rebuild API (`Authorization: Bearer <token>`). At least 16 characters. */
    OPS_ADMIN_TOKEN: env(
      z
        .string({ error: 'is required: the admin page and the rebuild API need it. Set it to a long random value, e.g. OPS_ADMIN_TOKEN=$(openssl rand -hex 24)' })
        .min(16, 'is too short: use at least 16 characters, e.g. OPS_ADMIN_TOKEN=$(openssl rand -hex 24)'),
    ),
    /** Milliseconds a site waits after a request before it builds ({@link DEFAULT_COALESCE_MS}). */
    OPS_COALESCE_MS: env(integer(0, 600_000, 'milliseconds').default(DEFAULT_COALESCE_MS)),
    /** Seconds a webhook's signed timestamp may be away from now, either way. */
    OPS_SIGNATURE_TOLERANCE_SECONDS: env(integer(1, 86_400, 'seconds').default(300)),
    /**
     * Verified webhook events accepted per site per minute before answers become 429 (the platform
     * retries). Each site has its own budget, so one dealer's storm cannot hold up another's events.
     */
    OPS_WEBHOOK_RATE_LIMIT: env(integer(1, 10_000_000, 'events per minute').default(6000)),
    /**
     * Refused webhook requests (bad or missing signature, malformed body, too large, unknown site) one
     * client address may make per site per minute; beyond it they are answered 429. Requests that
     * verify are never counted here, so junk cannot starve a platform that shares its address.
     */
    OPS_WEBHOOK_FAILURE_LIMIT: env(integer(1, 10_000_000, 'refusals per minute').default(60)),
    /**
     * Wrong or missing admin tokens (rebuild API, metrics, admin sign-in) one client address may send per
     * minute; after that every request from it that needs the token is answered 429 until the minute is up.
     */
    OPS_AUTH_FAILURE_LIMIT: env(integer(1, 100_000, 'refusals per minute').default(20)),
    /** Requests per minute one client address may make to the site previews (`<slug>.localhost`). */
    OPS_PREVIEW_RATE_LIMIT: env(integer(1, 10_000_000, 'requests per minute').default(1200)),
    /**
     * Milliseconds a client has to send a whole request, headers and body; a connection that trickles
     * its request slower than that is closed with 408.
     */
    OPS_REQUEST_TIMEOUT_MS: env(integer(100, 600_000, 'milliseconds').default(10_000)),
    /** Milliseconds an idle keep-alive connection stays open between requests. */
    OPS_IDLE_TIMEOUT_MS: env(integer(100, 600_000, 'milliseconds').default(5000)),
    /** Open connections allowed at once; further ones are closed as they arrive. */
    OPS_MAX_CONNECTIONS: env(integer(1, 1_000_000, 'connections').default(1000)),
    /**
     * Token for `GET /metrics` (`Authorization: Bearer <token>`), so a Prometheus scraper need not hold
     * the admin token; the admin token is accepted too. At least 16 characters.
     */
    OPS_METRICS_TOKEN: env(z.string().min(16, 'is too short: use at least 16 characters, e.g. OPS_METRICS_TOKEN=$(openssl rand -hex 24)').optional()),
    /** Leads one client (IP address) may send per minute to the public API before answers become 429. */
    OPS_LEAD_RATE_LIMIT: env(integer(1, 1_000_000, 'leads per minute').default(10)),
    /**
     * Which proxies in front of the server to believe about the client's address (X-Forwarded-For),
     * for rate limits: unset or `false` trusts none (every caller is its own socket address); a
     * comma-separated list of addresses or CIDR ranges trusts those, e.g. `127.0.0.1,10.0.0.0/8`;
     * `true` trusts any (only behind a proxy that overwrites the header).
     */
    OPS_TRUST_PROXY: env(z.string().regex(/^(true|false|[0-9a-fA-F.:/,\s]+)$/, 'expected true, false, or a comma-separated list of proxy addresses or CIDR ranges').optional()),
    /**
     * Requests per minute one client address may make to each family of shopper routes of the public API
     * (sign-in, the watchlist, views and phone reveals, quotes and trade-in support) before answers become 429.
     */
    OPS_SHOPPER_RATE_LIMIT: env(integer(1, 1_000_000, 'requests per minute').default(60)),
    /**
     * Secret the shopper session cookies and the sign-in codes' hashes are keyed with; at least 32
     * characters. Unset, the server makes a random one at start (and says so), so sessions end with the
     * process. Keep it the same across restarts and across servers behind one balancer.
     */
    OPS_SESSION_SECRET: env(z.string().min(32, 'is too short: use at least 32 characters, e.g. OPS_SESSION_SECRET=$(openssl rand -hex 32)').optional()),
    /**
     * SMS gateway webhook that sends shoppers their sign-in codes: POST `{ to, message, site }` as JSON.
     * Unset, codes are written to the server's log (development). @example "https://sms.example.com/hooks/send"
     */
    OPS_SMS_WEBHOOK_URL: env(z.url({ protocol: /^https?$/, error: 'expected an http(s) URL such as https://sms.example.com/hooks/send' }).optional()),
    /** Bearer token sent to the SMS webhook (`Authorization: Bearer <token>`), when it needs one. */
    OPS_SMS_WEBHOOK_TOKEN: env(z.string().min(1).optional()),
    /** First retry delay of a lead delivery in milliseconds; each later one doubles, with jitter, up to 10 minutes. */
    OPS_LEAD_RETRY_BASE_MS: env(integer(1, 3_600_000, 'milliseconds').default(2000)),
    /** Delivery attempts per lead and target before it is flagged on the admin page. */
    OPS_LEAD_MAX_ATTEMPTS: env(integer(1, 1000, 'attempts').default(12)),
    /**
     * What publishing content from the admin page does besides writing the file under content/<slug>/:
     * `none`, or `git`: commit it in the repository the server runs in, with the staff member as author.
     */
    OPS_CONTENT_COMMIT: env(z.enum(['none', 'git'], { error: 'expected "none" or "git"' }).default('none')),
    /**
     * `true` loads each site at start (local mode), one after another, and runs a made-up update of it as
     * a preview, so the first stock change after a restart neither waits for the site to load nor runs the
     * update's code cold; `false` loads a site in its first run. A loaded site holds its catalogue in memory
     * (about 150 MB at 10,000 vehicles).
     */
    OPS_PRELOAD_SITES: env(z.enum(['true', 'false'], { error: 'expected "true" or "false"' }).default('true')),
    /** `local` builds on this machine; `dispatch` hands each site's changes to GitHub Actions. */
    OPS_MODE: env(z.enum(['local', 'dispatch'], { error: 'expected "local" or "dispatch"' }).default('local')),
    /** Repository that receives the dispatches (dispatch mode). @example "acme/dealer-sites" */
    GITHUB_REPOSITORY: env(z.string().regex(/^[\w.-]+\/[\w.-]+$/, 'expected owner/name, e.g. acme/dealer-sites').optional()),
    /** Token allowed to create repository dispatch events (dispatch mode). */
    GITHUB_TOKEN: env(z.string().min(1).optional()),
    /** GitHub's REST API base URL (GitHub Enterprise: https://<host>/api/v3). */
    GITHUB_API_URL: env(z.url({ error: 'expected a URL such as https://api.github.com' }).default('https://api.github.com')),
  });

export interface OpsConfig {
  host: string;
  port: number;
  dataDir: string;
  adminToken: string;
  coalesceMs: number;
  signatureToleranceSeconds: number;
  /** Verified webhook events per site per minute. */
  webhookRateLimit: number;
  /** Refused webhook requests per client address and site per minute. */
  webhookFailureLimit: number;
  /** Failed admin-token checks per client address per minute. */
  authFailureLimit: number;
  /** Preview requests per client address per minute. */
  previewRateLimit: number;
  leadRateLimit: number;
  requestTimeoutMs: number;
  idleTimeoutMs: number;
  maxConnections: number;
  /** Accepted on /metrics besides the admin token. */
  metricsToken: string | null;
  /** Fastify's trustProxy: false, true, or the trusted addresses. */
  trustProxy: boolean | string[];
  leadRetryBaseMs: number;
  leadMaxAttempts: number;
  /** Shopper-route requests per client address and route family per minute. */
  shopperRateLimit: number;
  /** Keys session cookies and code hashes; null: a random one per process. */
  sessionSecret: string | null;
  /** Where sign-in codes are sent; null: the server's log. */
  smsWebhook: { url: string; token: string | null } | null;
  mode: 'local' | 'dispatch';
  /** Load and warm every site at start (local mode), rather than in its first run. */
  preloadSites: boolean;
  /** Whether content published from the admin page is also committed to Git. */
  contentCommit: 'none' | 'git';
  /** Set in dispatch mode. */
  github: { repository: string; token: string; apiUrl: string } | null;
}

/** The environment cannot be used; the message names each variable and what to do. */
export class OpsConfigError extends Error {
  constructor(problems: string[]) {
    super(`The ops server cannot start:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'OpsConfigError';
  }
}

const SECRET = /TOKEN|SECRET/;

/** Reads the ops configuration from `env` (default: the process environment). */
export function loadOpsConfig(environment: Record<string, string | undefined> = process.env): OpsConfig {
  const result = OpsEnvSchema.safeParse(environment);
  // Checked apart from the schema so that these are reported together with any other mistake.
  const missing =
    (environment.OPS_MODE ?? '').trim() === 'dispatch'
      ? (['GITHUB_REPOSITORY', 'GITHUB_TOKEN'] as const).filter((name) => !environment[name]).map((name) => `${name}: is required when OPS_MODE=dispatch.`)
      : [];
  if (!result.success || missing.length > 0) {
    throw new OpsConfigError([
      ...(result.error?.issues ?? []).map((issue) => {
        const name = String(issue.path[0] ?? 'environment');
        const given = environment[name];
        // A secret's value is never echoed back into a log.
        const shown = given === undefined || given === '' || SECRET.test(name) ? '' : ` (got "${given}")`;
        const message = issue.code === 'invalid_type' && given === undefined && issue.message.startsWith('Invalid') ? 'is required' : issue.message;
        return `${name}${shown}: ${message}.`.replace(/\.\.$/, '.');
      }),
      ...missing,
    ]);
  }
  const v = result.data;
  return {
    host: v.OPS_HOST,
    port: v.OPS_PORT,
    dataDir: v.OPS_DATA_DIR,
    adminToken: v.OPS_ADMIN_TOKEN,
    coalesceMs: v.OPS_COALESCE_MS,
    contentCommit: v.OPS_CONTENT_COMMIT,
    signatureToleranceSeconds: v.OPS_SIGNATURE_TOLERANCE_SECONDS,
    webhookRateLimit: v.OPS_WEBHOOK_RATE_LIMIT,
    webhookFailureLimit: v.OPS_WEBHOOK_FAILURE_LIMIT,
    authFailureLimit: v.OPS_AUTH_FAILURE_LIMIT,
    previewRateLimit: v.OPS_PREVIEW_RATE_LIMIT,
    leadRateLimit: v.OPS_LEAD_RATE_LIMIT,
    requestTimeoutMs: v.OPS_REQUEST_TIMEOUT_MS,
    idleTimeoutMs: v.OPS_IDLE_TIMEOUT_MS,
    maxConnections: v.OPS_MAX_CONNECTIONS,
    metricsToken: v.OPS_METRICS_TOKEN ?? null,
    trustProxy: parseTrustProxy(v.OPS_TRUST_PROXY),
    leadRetryBaseMs: v.OPS_LEAD_RETRY_BASE_MS,
    leadMaxAttempts: v.OPS_LEAD_MAX_ATTEMPTS,
    ...shopperSettings(v),
    mode: v.OPS_MODE,
    preloadSites: v.OPS_PRELOAD_SITES === 'true',
    github:
      v.OPS_MODE === 'dispatch' && v.GITHUB_REPOSITORY && v.GITHUB_TOKEN
        ? { repository: v.GITHUB_REPOSITORY, token: v.GITHUB_TOKEN, apiUrl: v.GITHUB_API_URL.replace(/\/+$/, '') }
        : null,
  };
}

/** `OPS_TRUST_PROXY` as Fastify takes it. */
export function parseTrustProxy(value: string | undefined): boolean | string[] {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  return text.split(',').map((part) => part.trim()).filter(Boolean);
}

/** The shopper settings (sessions, the code sender, the shopper routes' limit) from parsed variables. */
function shopperSettings(v: Pick<z.output<typeof OpsEnvSchema>, 'OPS_SHOPPER_RATE_LIMIT' | 'OPS_SESSION_SECRET' | 'OPS_SMS_WEBHOOK_URL' | 'OPS_SMS_WEBHOOK_TOKEN'>): Pick<OpsConfig, 'shopperRateLimit' | 'sessionSecret' | 'smsWebhook'> {
  return {
    shopperRateLimit: v.OPS_SHOPPER_RATE_LIMIT,
    sessionSecret: v.OPS_SESSION_SECRET ?? null,
    smsWebhook: v.OPS_SMS_WEBHOOK_URL ? { url: v.OPS_SMS_WEBHOOK_URL, token: v.OPS_SMS_WEBHOOK_TOKEN ?? null } : null,
  };
}

/** What the public API needs beside the preview server. */
export type PublicApiConfig = Pick<OpsConfig, 'dataDir' | 'leadRateLimit' | 'trustProxy' | 'shopperRateLimit' | 'sessionSecret' | 'smsWebhook'>;

/** What the public API needs when it runs beside the preview server: no admin token, the same variables and defaults. */
export function loadPublicApiConfig(environment: Record<string, string | undefined> = process.env): PublicApiConfig {
  const result = OpsEnvSchema.pick({
    OPS_DATA_DIR: true,
    OPS_LEAD_RATE_LIMIT: true,
    OPS_TRUST_PROXY: true,
    OPS_SHOPPER_RATE_LIMIT: true,
    OPS_SESSION_SECRET: true,
    OPS_SMS_WEBHOOK_URL: true,
    OPS_SMS_WEBHOOK_TOKEN: true,
  }).safeParse(environment);
  if (!result.success) {
    throw new OpsConfigError(result.error.issues.map((issue) => `${String(issue.path[0] ?? 'environment')}: ${issue.message}.`.replace(/\.\.$/, '.')));
  }
  const v = result.data;
  return { dataDir: v.OPS_DATA_DIR, leadRateLimit: v.OPS_LEAD_RATE_LIMIT, trustProxy: parseTrustProxy(v.OPS_TRUST_PROXY), ...shopperSettings(v) };
}

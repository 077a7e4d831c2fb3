import type { SiteConfig } from '../schemas/site-config.ts';
import { requireEnv } from './credentials.ts';

export type PurgeConfig = NonNullable<SiteConfig['deploy']['targets'][string]['purge']>;

/** Cloudflare accepts at most 30 URLs per purge request on most plans; the webhook gets the same batches. */
const BATCH = 30;

/**
 * A function that tells the CDN which URLs changed. A webhook gets `{ urls }` with an optional bearer token;
 * Cloudflare gets its purge-by-URL body, `{ files }`. The token is read from the environment now, so a
 * missing one stops a deploy before it uploads anything. A refusal is an error that names the URL asked.
 */
export function purger(config: PurgeConfig, env: NodeJS.ProcessEnv = process.env): (urls: string[]) => Promise<void> {
  const token = config.kind === 'cloudflare' ? requireEnv(env, config.tokenEnv, 'the Cloudflare API token (Cache Purge permission)') : config.tokenEnv ? requireEnv(env, config.tokenEnv, 'the purge webhook token') : undefined;
  const endpoint = config.kind === 'cloudflare' ? `${config.apiBaseUrl}/client/v4/zones/${config.zoneId}/purge_cache` : config.url;
  return (urls) => purgeUrls(config, endpoint, token, urls);
}

async function purgeUrls(config: PurgeConfig, endpoint: string, token: string | undefined, urls: string[]): Promise<void> {
  for (let i = 0; i < urls.length; i += BATCH) {
    const batch = urls.slice(i, i + BATCH);
    const body = config.kind === 'cloudflare' ? { files: batch } : { urls: batch };
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    let refused = !response.ok;
    if (config.kind === 'cloudflare' && response.ok) {
      // Cloudflare answers 200 with { success: false } for some refusals.
      const parsed = safeJson(text) as { success?: boolean } | null;
      refused = parsed?.success !== true;
    }
    if (refused) throw new Error(`The CDN purge at ${endpoint} answered HTTP ${response.status}: ${text.slice(0, 300)}. The files are uploaded; the CDN may serve the old ones until it expires them. Run the deploy again once the purge works.`);
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

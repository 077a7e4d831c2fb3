/**
 * Zod as shoppers' browsers get it: every browser import of 'zod' resolves here (the client build's
 * resolver in astro.config.mjs), so its settings are made before any module can parse. Zod compiles object
 * parsers with `new Function` where it may; just trying it breaks the sites' Content-Security-Policy (no
 * 'unsafe-eval'), and the browser reports the attempt even though zod catches it. Without the JIT, zod
 * parses the same way, a little slower, which a form's few fields never notice. The server keeps the JIT.
 */
import { config } from 'zod';

config({ jitless: true });

export * from 'zod';
export { default } from 'zod';

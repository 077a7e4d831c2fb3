/**
 * Zod's settings in shoppers' browsers, imported before anything that parses. Zod compiles object parsers
 * with `new Function` where it may; just trying it breaks the sites' Content-Security-Policy (no
 * 'unsafe-eval'), and the browser reports the attempt even though zod catches it. Without the JIT, zod
 * parses the same way, a little slower, which a form's few fields never notice.
 */
import { config } from 'zod';

config({ jitless: true });

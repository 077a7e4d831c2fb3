// Node's on-disk compile cache, for this process and the render workers it starts (they inherit
// NODE_COMPILE_CACHE): the compiled app, Astro's runtime and React are compiled once per machine rather
// than in every process and worker. Imported first, so the modules after it are cached too. The cache is
// a quiet optimisation: where it cannot be enabled, nothing changes (NODE_DISABLE_COMPILE_CACHE=1 turns
// it off).
import { enableCompileCache } from 'node:module';

const { directory } = enableCompileCache();
if (directory) process.env.NODE_COMPILE_CACHE ??= directory;

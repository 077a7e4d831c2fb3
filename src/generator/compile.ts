import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'astro';
import type { RenderLocals } from '../data/render-context.ts';

/** The compiled app's render function (see src/generator/adapter/server-entry.mjs). */
export type RenderFn = (request: Request, locals: RenderLocals) => Promise<Response>;

export const DIST = 'dist';

/** Compiles the Astro app once for every site: server entry in dist/server, shared assets in dist/client. */
export async function compileApp(root = process.cwd()): Promise<void> {
  process.env.ASTRO_TELEMETRY_DISABLED = '1';
  await build({ root, logLevel: 'warn' });
}

/** Imports the compiled renderer. */
export async function loadRenderer(root = process.cwd()): Promise<RenderFn> {
  const entry = path.resolve(root, DIST, 'server', 'entry.mjs');
  if (!existsSync(entry)) throw new Error(`The compiled app is missing (${path.relative(root, entry)}). Run \`npm run build\`.`);
  const module = (await import(pathToFileURL(entry).href)) as { render: RenderFn };
  return module.render;
}

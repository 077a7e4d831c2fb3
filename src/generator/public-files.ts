import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Site paths of the files under the app's `public/` folder ('/favicon.svg', '/brands/mg.svg'),
 * which every site serves as they are. Listed once when rendering starts (a render worker, an
 * incremental update, the dev server) and handed to templates as `Astro.locals.publicFiles`, so
 * view models can tell whether a content file's image exists without reading the disk.
 */
export function listPublicFiles(appRoot: string = process.cwd()): Set<string> {
  const dir = path.join(appRoot, 'public');
  if (!existsSync(dir)) return new Set();
  const files = new Set<string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name);
    if (entry.isFile() || (entry.isSymbolicLink() && statSync(full, { throwIfNoEntry: false })?.isFile())) {
      files.add(`/${path.relative(dir, full).split(path.sep).join('/')}`);
    }
  }
  return files;
}

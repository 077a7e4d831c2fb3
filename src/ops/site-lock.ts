import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A per-site lock file, so a site never builds twice at once across processes
 * (the ops server and `npm run rebuild`, say). A lock whose process is gone is
 * stale and taken over.
 */
export function acquireSiteLock(dir: string, site: string): (() => void) | null {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${site}.lock`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => {
        try {
          unlinkSync(file);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(file, 'utf8'));
      if (owner === process.pid || isAlive(owner)) return null;
      unlinkSync(file);
    }
  }
  return null;
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

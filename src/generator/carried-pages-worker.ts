// The thread a build links the pages it carries over on (src/generator/carried-pages.ts): each page's
// folder made once, then the page linked from the live release, or copied where it cannot be linked.
// Stops at the first failure other than a page the live release lacks, and says which.
import { copyFileSync, linkSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import type { LinkReply, LinkRequest } from './carried-pages.ts';

/** Link errors that mean a copy will do: another file system, links not allowed, too many links to the file. */
const COPY_INSTEAD = new Set(['EXDEV', 'EPERM', 'EMLINK']);

function linkAll({ from, to, files }: LinkRequest): LinkReply {
  const made = new Set<string>();
  const missing: number[] = [];
  for (let i = 0; i < files.length; i++) {
    const source = path.join(from, files[i]!);
    const target = path.join(to, files[i]!);
    const folder = path.dirname(target);
    if (!made.has(folder)) {
      mkdirSync(folder, { recursive: true });
      made.add(folder);
    }
    try {
      linkSync(source, target);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? '';
      if (code === 'ENOENT') missing.push(i);
      else if (COPY_INSTEAD.has(code)) copyFileSync(source, target);
      else throw error;
    }
  }
  return { missing };
}

let reply: LinkReply;
try {
  reply = linkAll(workerData as LinkRequest);
} catch (error) {
  reply = { error: error instanceof Error ? error.message : String(error) };
}
parentPort!.postMessage(reply);

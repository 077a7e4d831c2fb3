// The thread a running site's updates splice similar-vehicles sections in (src/generator/similar-patcher.ts).
// Each request is one page: read it, splice the section in, write the result beside it, link the page
// about to be replaced into the update's keeping folder (see ReplacedFiles), and rename the result over
// it. Plain system calls one after another: the thread that renders pages pays nothing for them.
import { linkSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { temporarySibling } from '../data/feed-files.ts';
import { spliceSimilarSection } from '../render/similar-section.ts';
import { inlineTexts } from './host-files.ts';
import { UNHELD } from './replaced-files.ts';
import type { PatchReply, PatchRequest } from './similar-patcher.ts';

function patchPage(request: PatchRequest): PatchReply {
  let page: Buffer;
  try {
    page = readFileSync(request.file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { id: request.id, patched: false };
    throw error;
  }
  const spliced = spliceSimilarSection(page, request.section);
  if (!spliced) return { id: request.id, patched: false };
  const temporary = temporarySibling(request.file);
  writeFileSync(temporary, spliced);
  try {
    linkSync(request.file, request.keep);
  } catch (error) {
    if (!UNHELD.has((error as NodeJS.ErrnoException).code ?? '')) throw error;
  }
  renameSync(temporary, request.file);
  return { id: request.id, patched: true, inline: inlineTexts(request.section) };
}

parentPort!.on('message', (request: PatchRequest) => {
  let reply: PatchReply;
  try {
    reply = patchPage(request);
  } catch (error) {
    reply = { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage(reply);
});

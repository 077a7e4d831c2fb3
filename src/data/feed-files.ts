import { mkdir, open, rename, unlink, writeFile, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { SiteConfig } from '../schemas/site-config.ts';

/** Folder holding the generated demo feeds and their shared image pool. */
export const FEED_ROOT = 'data/feed';

/** The feed folder of a file-sourced site. */
export function feedDirOf(site: SiteConfig, root = process.cwd()): string {
  const configured = site.source.kind === 'file' ? site.source.feedDir : undefined;
  return path.resolve(root, configured ?? path.join(FEED_ROOT, site.slug));
}

/**
 * JSON with one record per line: byte-stable for the same data, and a diff of
 * two feeds shows which records changed.
 */
export function recordsJson(records: unknown[]): string {
  return records.length === 0 ? '[]\n' : `[\n${records.map((r) => JSON.stringify(r)).join(',\n')}\n]\n`;
}

/**
 * The temporary sibling a file is written as before it is renamed into place: `<file>.<pid>.tmp`, which
 * start-up clears for processes that are gone (src/generator/publish.ts).
 */
export function temporarySibling(file: string): string {
  return `${file}.${process.pid}.tmp`;
}

/** A name {@link temporarySibling} gives, with the writing process's pid as its first group. */
export const TEMPORARY_SIBLING = /\.(\d+)\.tmp$/;

/**
 * Writes a file by writing a temporary sibling and renaming it, so readers never see half a file. `data`
 * given in parts is written as one gathered write, without joining the parts in memory first.
 * `beforeRename` runs once the temporary file is written, just before it replaces `file`.
 */
export async function writeFileAtomic(file: string, data: string | Buffer | readonly Uint8Array[], beforeRename?: () => Promise<void>): Promise<void> {
  const write = (temporary: string) =>
    typeof data === 'string' || Buffer.isBuffer(data) ? writeFile(temporary, data) : withHandle(temporary, (handle) => writeParts(handle, data));
  await replaceAtomically(file, write, beforeRename);
}

/**
 * Writes a file as {@link writeFileAtomic} does, with what `fill` writes into the temporary sibling's open
 * handle: for a file made part by part, which never needs to be whole in memory.
 */
export async function writeFileAtomicWith(file: string, fill: (handle: FileHandle) => Promise<void>, beforeRename?: () => Promise<void>): Promise<void> {
  await replaceAtomically(file, (temporary) => withHandle(temporary, fill), beforeRename);
}

/** Writes every byte of `bytes` at `position` in the file, however many writes that takes. */
export async function writeAt(handle: FileHandle, bytes: Uint8Array, position: number): Promise<void> {
  let done = 0;
  while (done < bytes.length) {
    const { bytesWritten } = await handle.write(bytes, done, bytes.length - done, position + done);
    done += bytesWritten;
  }
}

async function replaceAtomically(file: string, write: (temporary: string) => Promise<unknown>, beforeRename?: () => Promise<void>): Promise<void> {
  const temporary = temporarySibling(file);
  // The folder is made only when it is missing: a file is most often replaced where it already is.
  await write(temporary)
    .catch(async (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
      await mkdir(path.dirname(file), { recursive: true });
      await write(temporary);
    })
    .catch(async (error: unknown) => {
      // What a failed write left (a snapshot's can be hundreds of megabytes) goes with it.
      await unlink(temporary).catch(() => {});
      throw error;
    });
  await beforeRename?.();
  await rename(temporary, file);
}

async function withHandle(file: string, use: (handle: FileHandle) => Promise<void>): Promise<void> {
  const handle = await open(file, 'w');
  try {
    await use(handle);
  } finally {
    await handle.close();
  }
}

async function writeParts(handle: FileHandle, parts: readonly Uint8Array[]): Promise<void> {
  const total = parts.reduce((sum, part) => sum + part.length, 0);
  const { bytesWritten } = await handle.writev([...parts]);
  // A short gathered write (not expected for a regular file) is finished with the rest in one buffer.
  if (bytesWritten < total) await handle.writeFile(Buffer.concat([...parts]).subarray(bytesWritten));
}

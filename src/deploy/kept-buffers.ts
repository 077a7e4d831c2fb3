import { open, type FileHandle } from 'node:fs/promises';

/**
 * Buffers a deploy reads files into and lends out again, instead of a new one per file.
 *
 * A running site deploys after every update: it reads the changed files to compare them with the target's
 * manifest or to upload them, and sends the manifest. Read into new buffers each time, at 10,000 vehicles
 * that came to about 40 MB per update. V8 counts memory outside its heap as it grows, and every 64 MB or so it starts a
 * full collection of a heap of some 250 MB: one every two or three updates, whatever the heap held. Bytes
 * read into buffers kept here are not new memory, so they start no collection.
 *
 * A buffer is lent to one caller at a time and taken back when its work is done. Sizes are powers of two
 * from 256 KB, so a buffer given back fits the next file of about its size; each file gets the smallest
 * free one that fits. Up to {@link KEPT} are kept, {@link KEPT_BYTES} in all, none larger than
 * {@link LARGEST_KEPT}; a larger file gets a buffer of its own.
 */

/** A bucket's uploads at once (its default concurrency) and the manifest. */
export const KEPT = 9;
export const LARGEST_KEPT = 32 * 1024 * 1024;
const KEPT_BYTES = 64 * 1024 * 1024;
const SMALLEST = 256 * 1024;
const free: Buffer[] = [];

/** A buffer of at least `size` bytes, kept or new, for {@link giveBack} once it is no longer used. */
function borrow(size: number): Buffer {
  let best = -1;
  for (let i = 0; i < free.length; i++) {
    if (free[i]!.length >= size && (best < 0 || free[i]!.length < free[best]!.length)) best = i;
  }
  if (best >= 0) return free.splice(best, 1)[0]!;
  return Buffer.allocUnsafeSlow(size > LARGEST_KEPT ? size : Math.max(SMALLEST, 2 ** Math.ceil(Math.log2(size))));
}

function giveBack(buffer: Buffer): void {
  if (buffer.length > LARGEST_KEPT) return;
  free.push(buffer);
  // Past the limits, the smallest go first.
  free.sort((x, y) => y.length - x.length);
  let bytes = free.reduce((sum, b) => sum + b.length, 0);
  while (free.length > KEPT || bytes > KEPT_BYTES) bytes -= free.pop()!.length;
}

/**
 * Reads `file` into a lent buffer and passes `use` its bytes. They are valid only until the promise `use`
 * returns settles: keep a copy of anything needed after it.
 */
export async function withFileBytes<T>(file: string, use: (bytes: Buffer) => Promise<T> | T): Promise<T> {
  let handle: FileHandle | null = await open(file, 'r');
  let buffer: Buffer | null = null;
  try {
    const { size } = await handle.stat();
    buffer = borrow(size + 1);
    // A byte more than its size, so the read that finds the end needs no larger buffer. The file is read
    // to its end all the same, should it have grown since.
    let length = 0;
    for (;;) {
      if (length === buffer.length) {
        const larger = borrow(buffer.length * 2);
        buffer.copy(larger, 0, 0, length);
        giveBack(buffer);
        buffer = larger;
      }
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, null);
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    // Closed before the bytes are used: an upload may take a while.
    await handle.close();
    handle = null;
    return await use(buffer.subarray(0, length));
  } finally {
    await handle?.close();
    if (buffer) giveBack(buffer);
  }
}

/** `parts` joined into a lent buffer, passed to `use` on the same terms as {@link withFileBytes}. */
export async function withJoinedBytes<T>(parts: readonly Uint8Array[], use: (bytes: Buffer) => Promise<T> | T): Promise<T> {
  const size = parts.reduce((sum, part) => sum + part.length, 0);
  const buffer = borrow(size);
  try {
    let at = 0;
    for (const part of parts) {
      buffer.set(part, at);
      at += part.length;
    }
    return await use(buffer.subarray(0, size));
  } finally {
    giveBack(buffer);
  }
}

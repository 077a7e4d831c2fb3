/**
 * Props an island takes from a JSON data block of its page (`<script type="application/json" id="…">`)
 * rather than from Astro, which writes an island's props in a form of its own that wraps every value,
 * escapes them into an attribute and hashes them with the island's markup: for large plain data (search
 * results, form specs) most of the time a page took to write, and much of its size. The page writes the
 * block's text with {@link DataBlockProps.text}; the island reads it with {@link DataBlockProps.read}.
 */
import { dataBlockText } from '../lib/text.ts';

/** The value of the page's data block `id`, in a browser; undefined on the server or where the page has none. */
export function dataBlock<T>(id: string): T | undefined {
  const text = typeof document === 'undefined' ? null : document.getElementById(id)?.textContent;
  return text ? (JSON.parse(text) as T) : undefined;
}

/**
 * The values of the last few blocks written, by a key naming the page they were written for: the server's
 * renders of the island (Astro may render a component more than once to learn which renderer it is for)
 * take them from here, and a browser reads the page's block.
 */
export class DataBlockProps<T> {
  readonly #written = new Map<string, T>();
  readonly #most: number;

  constructor(most: number) {
    this.#most = most;
  }

  /** The text of a data block holding `value`, kept under `key` for the server's renders of the island. */
  text(key: string, value: T): string {
    this.#written.delete(key);
    if (this.#written.size >= this.#most) this.#written.delete(this.#written.keys().next().value!);
    this.#written.set(key, value);
    return dataBlockText(value);
  }

  /** The value written under `key` (on the server), else that of the page's block `id` (in a browser). */
  read(key: string, id: string): T | undefined {
    return this.#written.get(key) ?? dataBlock<T>(id);
  }
}

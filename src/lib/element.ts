/** Builds the markup of the page's vanilla scripts (the full-screen gallery, the 360 viewer). Browser-only. */

/** A new `tag` element with its classes, attributes and text (set as text, never as HTML). */
export function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, attributes: Record<string, string> = {}, text = ''): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  if (className) el.className = className;
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  if (text) el.textContent = text;
  return el;
}

import { marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

// Dealer comments, offer descriptions and content pages may carry HTML. Keep
// formatting and links; drop scripts, styles, event handlers and unsafe URLs.
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'a', 'h2', 'h3', 'h4', 'blockquote', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'hr', 'span', 'sup', 'sub'],
  allowedAttributes: { a: ['href', 'title', 'rel', 'target'], th: ['scope'], td: ['colspan'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
  },
};

/** Untrusted HTML made safe to embed in a page. */
export function sanitize(html: string | null | undefined): string {
  return html ? sanitizeHtml(html, OPTIONS) : '';
}

/** Markdown (from content/<slug>/pages) rendered to safe HTML. */
export function markdownToHtml(markdown: string): string {
  return sanitize(marked.parse(markdown, { async: false }));
}

/** Plain text of untrusted HTML: for meta descriptions and truncation. */
export function plainText(html: string | null | undefined): string {
  return html ? sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, ' ').trim() : '';
}

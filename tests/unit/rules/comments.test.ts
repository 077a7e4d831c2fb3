import { describe, expect, it } from 'vitest';
import { commentsView, cutText, visibleLength } from '../../../src/rules/comments.ts';
import { SiteConfigSchema } from '../../../src/schemas/site-config.ts';
import type { SiteConfigInput } from '../../../src/schemas/site-config.ts';

const site = (over: Partial<SiteConfigInput> = {}) =>
  SiteConfigSchema.parse({ slug: 'test-motors', name: 'Test Motors', template: 'classic', url: 'https://www.test.example', ...over });

const PENDING = 'Dealer comments are pending. Please check back here later.';
const text = (n: number) => 'a'.repeat(n);

describe('dealer comments', () => {
  it('shows the pending text for empty, null or whitespace comments', () => {
    for (const empty of [null, undefined, '', '   \n\t ']) {
      expect(commentsView(empty, site(), false)).toEqual({ kind: 'pending', text: PENDING });
    }
  });

  it('shows 400 characters in full and cuts 401 behind more...', () => {
    expect(commentsView(text(400), site(), false)).toEqual({ kind: 'full', text: text(400), toggle: null });
    expect(commentsView(text(401), site(), false)).toEqual({ kind: 'truncated', text: text(400), expanded: false, toggle: 'more...' });
    expect(commentsView(text(401), site(), true)).toEqual({ kind: 'truncated', text: text(401), expanded: true, toggle: 'less...' });
  });

  it('measures the comments without surrounding whitespace', () => {
    expect(commentsView(`  ${text(400)}\n`, site(), false).kind).toBe('full');
  });

  it('uses Show More / Show Less on sites that choose them', () => {
    const showMore = site({ vehicle: { commentsToggle: 'show-more-less' } });
    expect(commentsView(text(401), showMore, false)).toMatchObject({ toggle: 'Show More' });
    expect(commentsView(text(401), showMore, true)).toMatchObject({ toggle: 'Show Less' });
  });

  it('follows the site limit and pending text', () => {
    const custom = site({ vehicle: { commentsLimit: 10, commentsPendingText: 'Coming soon.' } });
    expect(commentsView('0123456789A', custom, false)).toMatchObject({ text: '0123456789' });
    expect(commentsView('', custom, false)).toEqual({ kind: 'pending', text: 'Coming soon.' });
  });

  it('never cuts inside an HTML tag or entity', () => {
    expect(cutText('Great car<br>with extras', 11)).toBe('Great car');
    expect(cutText('Fish &amp; chips', 8)).toBe('Fish &amp;');
    expect(cutText('Fish &amp; chips', 10)).toBe('Fish &amp;');
    expect(cutText('AT&T and more', 4)).toBe('AT&T');
  });

  it('cuts at a word boundary within the limit, never mid-word', () => {
    expect(cutText('The quick brown fox', 12)).toBe('The quick');
    expect(cutText('The quick brown fox', 9)).toBe('The quick');
    expect(cutText('The quick brown fox', 10)).toBe('The quick');
    // A word longer than the limit is cut at the limit.
    expect(cutText('Supercalifragilistic', 5)).toBe('Super');
  });

  it('counts what a reader sees: tags count no characters, an entity one', () => {
    expect(visibleLength('<p>Low <strong>kms</strong> &amp; history</p>')).toBe('Low kms & history'.length);
    expect(cutText('<p>Low <strong>kilometres</strong> and service history</p>', 16)).toBe('<p>Low <strong>kilometres</strong>');
    // A comment of 400 visible characters shows in full however much markup it carries.
    const marked = `<p>${'<strong>a</strong>'.repeat(400)}</p>`;
    expect(commentsView(marked, site(), false).kind).toBe('full');
  });

  it('cuts a long comment at 400 characters at the end of a word (spec 9)', () => {
    const words = 'Immaculate condition with full service history and two keys. '.repeat(10).trim();
    const view = commentsView(words, site(), false);
    if (view.kind !== 'truncated') throw new Error('expected a cut');
    expect(view.text.length).toBeLessThanOrEqual(400);
    expect(words.startsWith(view.text)).toBe(true);
    expect(words[view.text.length]).toBe(' ');
    // The last word that fits whole is kept: the next one would pass 400 characters.
    expect(words.indexOf(' ', view.text.length + 1)).toBeGreaterThan(400);
  });
});

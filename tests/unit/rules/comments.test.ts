import { describe, expect, it } from 'vitest';
import { commentsView, cutText } from '../../../src/rules/comments.ts';
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
    expect(cutText('Fish &amp; chips', 8)).toBe('Fish');
    expect(cutText('Fish &amp; chips', 10)).toBe('Fish &amp;');
    expect(cutText('AT&T and more', 4)).toBe('AT&T');
  });
});

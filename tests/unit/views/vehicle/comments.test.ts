import { describe, expect, it } from 'vitest';
import { dealerComments } from '../../../../src/views/vehicle/comments.ts';
import { site, vehicle } from './fixtures.ts';

describe('dealer comments', () => {
  it('removes scripts, event handlers and javascript: links', () => {
    const view = dealerComments(vehicle({ dealercomments: 'Well kept. <script>alert("x")</script><img src="x" onerror="alert(1)"> Call <a href="javascript:alert(2)">today</a>.' }), site());
    expect(view.kind).toBe('full');
    const html = view.kind === 'full' ? view.html : '';
    expect(html).not.toMatch(/script|onerror|javascript:|<img/i);
    expect(html).toContain('Well kept.');
  });

  it('reads comments sent as escaped HTML as HTML, sanitised, so no markup shows as text', () => {
    const view = dealerComments(vehicle({ dealercomments: '&lt;p&gt;Low kms &amp;amp; one owner.&lt;/p&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;' }), site());
    expect(view).toEqual({ kind: 'full', html: '<p>Low kms &amp; one owner.</p>' });
    // Plain text with a stray '<' stays text.
    expect(dealerComments(vehicle({ dealercomments: 'Under $20k & < 50,000 kms' }), site())).toEqual({ kind: 'full', html: 'Under $20k &amp; &lt; 50,000 kms' });
  });

  it('cuts the preview at a word boundary with its tags closed', () => {
    const long = `<p>${'Immaculate condition with <strong>full service history</strong> and two keys. '.repeat(8).trim()}</p>`;
    const view = dealerComments(vehicle({ dealercomments: long }), site());
    if (view.kind !== 'truncated') throw new Error(`expected truncated comments, got ${view.kind}`);
    const text = view.previewHtml.replace(/<[^>]+>/g, '');
    expect(text.length).toBeLessThanOrEqual(400);
    expect(long.replace(/<[^>]+>/g, '').startsWith(`${text} `)).toBe(true);
    // Every tag opened in the preview is closed.
    const opened = [...view.previewHtml.matchAll(/<(\w+)[^>]*>/g)].map((m) => m[1]);
    const closed = [...view.previewHtml.matchAll(/<\/(\w+)>/g)].map((m) => m[1]);
    expect(closed.sort()).toEqual(opened.sort());
  });

  it('shows the pending text when there are no comments', () => {
    expect(dealerComments(vehicle({ dealercomments: '   ' }), site())).toEqual({ kind: 'pending', text: 'Dealer comments are pending. Please check back here later.' });
  });

  it('keeps the line breaks of plain-text comments', () => {
    const view = dealerComments(vehicle({ dealercomments: 'One owner.\nFull history & two keys.' }), site());
    expect(view).toEqual({ kind: 'full', html: 'One owner.<br />Full history &amp; two keys.' });
  });

  it('cuts long comments at 400 characters with closed tags, keeping the full text for the toggle', () => {
    const long = `<p>${'Great car. '.repeat(60).trim()}</p>`;
    const view = dealerComments(vehicle({ dealercomments: long }), site());
    if (view.kind !== 'truncated') throw new Error(`expected truncated comments, got ${view.kind}`);
    expect(view.previewHtml.length).toBeLessThanOrEqual(400 + '</p>'.length);
    expect(view.previewHtml.endsWith('</p>')).toBe(true);
    expect(view.fullHtml).toBe(long);
    expect([view.moreLabel, view.lessLabel]).toEqual(['more...', 'less...']);
  });

  it('uses Show More / Show Less on sites with that toggle', () => {
    const view = dealerComments(vehicle({ dealercomments: 'x'.repeat(401) }), site('vehicle:\n  commentsToggle: show-more-less\n'));
    expect(view.kind === 'truncated' && [view.moreLabel, view.lessLabel]).toEqual(['Show More', 'Show Less']);
  });
});

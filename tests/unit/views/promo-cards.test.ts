import { describe, expect, it } from 'vitest';
import { promoCardView, textColourOn } from '../../../src/views/promo-cards.ts';
import { NO_FILES, promo } from './fixtures.ts';

describe('promo cards', () => {
  it('links site paths with a trailing slash and shows the image only when it can be served', () => {
    const card = promo('trade', { link: '/sell-my-car', image: '/content/test-motors/images/trade.jpg', alt: 'Trade in', background: '#ffcc00' });
    expect(promoCardView(card, NO_FILES)).toMatchObject({ href: '/sell-my-car/', image: null, tone: 'dark' });
    expect(promoCardView(card, new Set(['/content/test-motors/images/trade.jpg'])).image).toBe('/content/test-motors/images/trade.jpg');
  });

  it('chooses promo card text colour for contrast', () => {
    expect(textColourOn('#ffcc00')).toBe('#0f172a');
    expect(textColourOn('#102a43')).toBe('#ffffff');
    expect(textColourOn('#c8102e')).toBe('#ffffff');
  });
});

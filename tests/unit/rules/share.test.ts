import { describe, expect, it } from 'vitest';
import { copyConfirmation, shareDevice, shareTargets, shareWindowFeatures, vehicleShareLink } from '../../../src/rules/share.ts';

describe('share link', () => {
  it('is the site URL without a trailing slash, then /cars/{slug}', () => {
    expect(vehicleShareLink('https://www.dealer.example/', 'abc-123')).toBe('https://www.dealer.example/cars/abc-123');
    expect(vehicleShareLink('https://www.dealer.example//', 'abc-123')).toBe('https://www.dealer.example/cars/abc-123');
    expect(vehicleShareLink('https://www.dealer.example', 'abc-123')).toBe('https://www.dealer.example/cars/abc-123');
  });
});

describe('share targets', () => {
  const link = 'https://www.dealer.example/cars/abc-123';
  const title = '2021 Toyota Corolla & more';

  it('offers Facebook, X, WhatsApp, email and SMS, every value encoded', () => {
    const targets = shareTargets(link, title, 'desktop');
    expect(targets.map((t) => t.id)).toEqual(['facebook', 'x', 'whatsapp', 'email', 'sms']);
    const facebook = new URL(targets[0]!.href);
    expect(facebook.searchParams.get('u')).toBe(link);
    const email = targets[3]!.href;
    expect(email.startsWith('mailto:?subject=2021%20Toyota%20Corolla%20%26%20more&body=')).toBe(true);
    expect(targets[4]!.href).toBe(`sms:?body=${encodeURIComponent(`${title} ${link}`)}`);
  });

  it('uses the WhatsApp api host on mobile and the web host on desktop', () => {
    const whatsapp = (device: 'mobile' | 'desktop') => new URL(shareTargets(link, title, device).find((t) => t.id === 'whatsapp')!.href);
    expect(whatsapp('mobile').host).toBe('api.whatsapp.com');
    expect(whatsapp('desktop').host).toBe('web.whatsapp.com');
    expect(whatsapp('mobile').searchParams.get('text')).toBe(`${title} ${link}`);
  });

  it('tells mobile from desktop by user agent', () => {
    expect(shareDevice('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148')).toBe('mobile');
    expect(shareDevice('Mozilla/5.0 (Linux; Android 14; Pixel 8)')).toBe('mobile');
    expect(shareDevice('Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/126.0')).toBe('desktop');
  });

  it('opens the social sites in a 550x400 window', () => {
    expect(shareWindowFeatures()).toContain('width=550,height=400');
    expect(shareTargets(link, title, 'desktop').filter((t) => t.popup).map((t) => t.id)).toEqual(['facebook', 'x']);
  });
});

describe('copy confirmation', () => {
  it("shows 'Copied' for 1.5 s inline, or a 3,000 ms toast", () => {
    expect(copyConfirmation({ vehicle: { copyConfirmation: 'inline' } })).toEqual({ style: 'inline', text: 'Copied', durationMs: 1500 });
    expect(copyConfirmation({ vehicle: { copyConfirmation: 'toast' } })).toEqual({ style: 'toast', text: 'Copied', durationMs: 3000 });
  });
});

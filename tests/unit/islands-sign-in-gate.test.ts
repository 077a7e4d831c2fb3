import { describe, expect, it } from 'vitest';
import { sameSiteReferrer } from '../../src/islands/sign-in/gate.ts';
import { signInCopy } from '../../src/islands/sign-in/copy.ts';
import { SIGN_IN_TYPES } from '../../src/rules/gating.ts';

describe('the gate: where Back on the sign-in page goes', () => {
  it('is the previous page when it was on this site, path and query only', () => {
    expect(sameSiteReferrer('http://northside-used.localhost:4000/cars/abc/?x=1#top', 'http://northside-used.localhost:4000')).toBe('/cars/abc/?x=1');
  });

  it('is nothing for another site, another port, or no previous page', () => {
    expect(sameSiteReferrer('https://evil.example/cars/', 'http://northside-used.localhost:4000')).toBeNull();
    expect(sameSiteReferrer('http://northside-used.localhost:4001/', 'http://northside-used.localhost:4000')).toBeNull();
    expect(sameSiteReferrer('', 'http://northside-used.localhost:4000')).toBeNull();
  });
});

describe('the sign-in page wording', () => {
  it('has its own heading for every sign-in type and the watchlist, and a general one otherwise', () => {
    const headings = [...SIGN_IN_TYPES, 'watchlist'].map((type) => signInCopy(type).heading);
    expect(new Set(headings).size).toBe(headings.length);
    expect(headings).not.toContain('Sign in');
    expect(signInCopy(null).heading).toBe('Sign in');
    expect(signInCopy('toString').heading).toBe('Sign in');
    expect(signInCopy('trade-in').heading).toBe('Sign in to value your car');
  });
});

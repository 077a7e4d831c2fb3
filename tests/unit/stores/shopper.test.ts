import { describe, expect, it } from 'vitest';
import { UserSchema } from '../../../src/schemas/shopper.ts';
import { readShopper } from '../../../src/stores/shopper.ts';
import { freshStores } from './storage.ts';

describe('shopper store', () => {
  // The hand check keeps the island free of a schema library; it must agree with the schema.
  const samples: unknown[] = [
    {},
    { id: 7 },
    { id: 'usr_81f2', phone: '0412345678' },
    { phone: '0412 345 678' },
    { id: 0 },
    { id: -3, phone: '0412345678' },
    { id: 1.5 },
    { id: '' },
    { phone: '' },
    { phone: 412345678 },
    { id: null },
    { id: 7, phone: '0412345678', extra: 'dropped' },
    null,
    [],
    'signed in',
    42,
  ];
  it.each(samples.map((s) => [JSON.stringify(s), s]))('reads %s as UserSchema does', (_, sample) => {
    const parsed = UserSchema.safeParse(sample);
    expect(readShopper(sample)).toEqual(parsed.success ? parsed.data : null);
  });

  it('keeps the shopper who signed in across a reload, and forgets them on sign-out', async () => {
    const first = await freshStores();
    first.shopper.signInShopper({ id: 'usr_1', phone: '0412345678' });
    const reloaded = await freshStores(first.storage);
    expect(reloaded.shopper.$shopper.get()).toEqual({ id: 'usr_1', phone: '0412345678' });
    reloaded.shopper.signOutShopper();
    expect((await freshStores(reloaded.storage)).shopper.$shopper.get()).toBeNull();
  });

  it('reads anything else in storage as signed out', async () => {
    for (const raw of ['{"phone":""}', 'not json', '[1,2]', '"0412345678"']) {
      const { shopper } = await freshStores({ 'dealer-sites:shopper': raw });
      expect(shopper.$shopper.get()).toBeNull();
    }
  });
});

import os from 'node:os';
import path from 'node:path';
import { mkdtemp, rm } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OpsStore } from '../../src/ops/store.ts';
import { hashPassword, verifyPassword } from '../../src/ops/staff-store.ts';
import { may, visibleSites, type Actor } from '../../src/ops/staff-auth.ts';

let dir: string;
let store: OpsStore;
const now = new Date('2026-11-27T01:00:00Z');
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'staff-store-'));
  store = new OpsStore(path.join(dir, 'ops.sqlite'));
});
afterEach(async () => {
  store.close();
  await rm(dir, { recursive: true, force: true });
});

describe('passwords', () => {
  it('are stored as salted scrypt hashes that verify only the same password', async () => {
    const a = await hashPassword('correct horse battery staple');
    const b = await hashPassword('correct horse battery staple');
    expect(a).toMatch(/^scrypt\$32768\$8\$3\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('correct horse battery staple', a)).toBe(true);
    expect(await verifyPassword('correct horse battery stapl', a)).toBe(false);
    expect(await verifyPassword('anything', 'plain-text')).toBe(false);
  });

  it('refuses short passwords and odd usernames, and a second account with one name', async () => {
    await expect(store.staff.add({ username: 'alex', name: 'Alex', role: 'marketing', sites: ['bayside-mg'], password: 'short' }, now)).rejects.toThrow(/at least 12/);
    await expect(store.staff.add({ username: 'a b', name: 'A', role: 'operator', sites: [], password: 'long-enough-pass' }, now)).rejects.toThrow(/not a username/);
    await store.staff.add({ username: 'alex', name: 'Alex', role: 'marketing', sites: ['bayside-mg'], password: 'long-enough-pass' }, now);
    await expect(store.staff.add({ username: 'ALEX', name: 'Other', role: 'operator', sites: [], password: 'long-enough-pass' }, now)).rejects.toThrow(/already/);
  });
});

describe('sign-in and sessions', () => {
  it('signs in with the right password only, and a session lasts until it expires, ends or the account is disabled', async () => {
    const alex = await store.staff.add({ username: 'alex', name: 'Alex Chen', role: 'marketing', sites: ['bayside-mg'], password: 'long-enough-pass' }, now);
    expect(await store.staff.authenticate('alex', 'wrong-password!')).toBeNull();
    expect(await store.staff.authenticate('nobody', 'long-enough-pass')).toBeNull();
    expect(await store.staff.authenticate('Alex', 'long-enough-pass')).toMatchObject({ id: alex.id, sites: ['bayside-mg'] });

    const session = store.staff.startSession(alex.id, now, 60_000);
    expect(store.staff.session(session.id, new Date(now.getTime() + 59_000))?.staff.username).toBe('alex');
    expect(store.staff.session(session.id, new Date(now.getTime() + 60_000))).toBeNull();
    const second = store.staff.startSession(alex.id, now, 60_000);
    store.staff.endSession(second.id, now);
    expect(store.staff.session(second.id, now)).toBeNull();
    const third = store.staff.startSession(alex.id, now, 60_000);
    store.staff.disable('alex', now);
    expect(store.staff.session(third.id, now)).toBeNull();
    expect(await store.staff.authenticate('alex', 'long-enough-pass')).toBeNull();
  });

  it('a new password ends the sessions of the old one', async () => {
    const sam = await store.staff.add({ username: 'sam', name: 'Sam', role: 'operator', sites: [], password: 'long-enough-pass' }, now);
    const session = store.staff.startSession(sam.id, now, 60_000);
    await store.staff.setPassword('sam', 'another-long-pass');
    expect(store.staff.session(session.id, now)).toBeNull();
    expect(await store.staff.authenticate('sam', 'another-long-pass')).not.toBeNull();
  });
});

describe('who may do what', () => {
  const member = (role: 'marketing' | 'operator', sites: string[] = []): Actor => ({ kind: 'staff', sessionId: 'x', staff: { id: 1, username: 'u', name: 'U', role, sites, disabled: false } });
  it('an operator and the machine token everything; marketing the content and rebuilds of their sites only', () => {
    const marketing = member('marketing', ['bayside-mg']);
    expect(may(marketing, { to: 'edit', site: 'bayside-mg' })).toBe(true);
    expect(may(marketing, { to: 'rebuild', site: 'bayside-mg' })).toBe(true);
    expect(may(marketing, { to: 'edit', site: 'northside-used' })).toBe(false);
    expect(may(marketing, { to: 'operate' })).toBe(false);
    expect(may(member('operator'), { to: 'operate' })).toBe(true);
    expect(may({ kind: 'machine' }, { to: 'edit', site: 'northside-used' })).toBe(true);
    expect(may(null, { to: 'view', site: 'bayside-mg' })).toBe(false);
    expect(visibleSites(marketing, [{ slug: 'bayside-mg' }, { slug: 'northside-used' }])).toEqual([{ slug: 'bayside-mg' }]);
  });
});

describe('audit log', () => {
  it('lists entries newest first, and a marketing view only its sites', async () => {
    const sam = await store.staff.add({ username: 'sam', name: 'Sam', role: 'operator', sites: [], password: 'long-enough-pass' }, now);
    store.staff.audit({ staff: sam, action: 'publish', site: 'bayside-mg', what: 'published offers.yaml' }, now);
    store.staff.audit({ staff: null, who: 'api token', action: 'rebuild', site: 'northside-used', what: 'asked for a rebuild' }, new Date(now.getTime() + 1000));
    expect(store.staff.auditLog().map((e) => [e.who, e.action])).toEqual([
      ['api token', 'rebuild'],
      ['Sam (sam)', 'publish'],
    ]);
    expect(store.staff.auditLog({ sites: ['bayside-mg'] }).map((e) => e.site)).toEqual(['bayside-mg']);
    expect(store.staff.auditLog({ sites: [] })).toEqual([]);
  });
});

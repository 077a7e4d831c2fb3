import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type Database from 'better-sqlite3';

/**
 * The people who use the admin page, in the ops server's SQLite file: named staff with a role, the sites
 * a marketing user looks after, password hashes (scrypt, from Node's OpenSSL), sessions that expire, the
 * audit log of what each did, editorial drafts waiting for preview and publish, and the versions of each
 * content file they replaced (for undo). Machines (the rebuild API, CI) keep the bearer token.
 */
export const STAFF_SCHEMA = `
create table if not exists staff (
  id integer primary key autoincrement,
  username text not null unique collate nocase,
  name text not null,
  role text not null check (role in ('marketing', 'operator')),
  sites text not null default '[]',
  password_hash text not null,
  created_at text not null,
  disabled_at text
);
create table if not exists staff_sessions (
  id text primary key,
  staff_id integer not null references staff (id),
  created_at text not null,
  expires_at text not null,
  ended_at text
);
create table if not exists audit_log (
  id integer primary key autoincrement,
  at text not null,
  staff_id integer,
  who text not null,
  action text not null,
  site text,
  what text not null,
  detail text
);
create index if not exists audit_log_site on audit_log (site, id);
create table if not exists content_drafts (
  id text primary key,
  site text not null,
  kind text not null,
  file text not null,
  body text not null,
  base_hash text,
  author_id integer not null references staff (id),
  created_at text not null,
  affected text,
  status text not null default 'draft' check (status in ('draft', 'published', 'discarded'))
);
create table if not exists content_versions (
  id integer primary key autoincrement,
  site text not null,
  file text not null,
  before text,
  after text not null,
  draft_id text,
  staff_id integer,
  at text not null,
  undone_at text
);
create index if not exists content_versions_site on content_versions (site, id);
`;

export type StaffRole = 'marketing' | 'operator';

export interface StaffMember {
  id: number;
  username: string;
  name: string;
  role: StaffRole;
  /** Sites a marketing user may edit and rebuild; an operator may do everything everywhere. */
  sites: string[];
  disabled: boolean;
}

export interface StaffSession {
  id: string;
  staff: StaffMember;
  expiresAt: string;
}

export interface AuditEntry {
  id: number;
  at: string;
  who: string;
  action: string;
  site: string | null;
  what: string;
  detail: unknown;
}

export interface ContentDraft {
  id: string;
  site: string;
  kind: string;
  /** The file under content/<slug>/ the draft replaces, e.g. `offers.yaml`, `pages/finance.md`. */
  file: string;
  /** The file's new text. */
  body: string;
  /** SHA-256 of the file it was made from: publishing refuses a draft whose file changed since. */
  baseHash: string | null;
  authorId: number;
  createdAt: string;
  /** The site paths the preview re-rendered. */
  affected: string[] | null;
  status: 'draft' | 'published' | 'discarded';
}

export interface ContentVersion {
  id: number;
  site: string;
  file: string;
  before: string | null;
  after: string;
  draftId: string | null;
  staffId: number | null;
  at: string;
  undoneAt: string | null;
}

/** scrypt's cost: N 2^15, r 8, p 3 (32 MiB a hash), one of OWASP's recommended settings; about a tenth of a second on a small server. */
const SCRYPT = { N: 2 ** 15, r: 8, p: 3, keylen: 32, maxmem: 96 * 1024 * 1024 } as const;

function scryptAsync(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => scrypt(password, salt, keylen, options, (error, key) => (error ? reject(error) : resolve(key))));
}

/** A password's hash to store: `scrypt$N$r$p$<salt>$<key>`, salt and key in base64url. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password.normalize('NFKC'), salt, SCRYPT.keylen, { N: SCRYPT.N, r: SCRYPT.r, p: SCRYPT.p, maxmem: SCRYPT.maxmem });
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Whether `password` matches a stored hash, compared in constant time; a malformed hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await scryptAsync(password.normalize('NFKC'), Buffer.from(salt, 'base64url'), expected.length, { N: Number(n), r: Number(r), p: Number(p), maxmem: SCRYPT.maxmem });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Passwords shorter than this are refused. */
export const MIN_PASSWORD_LENGTH = 12;

/** A hash of no password, so signing in as an unknown user takes as long as with a known one. */
let decoyHash: Promise<string> | null = null;

type StaffRow = { id: number; username: string; name: string; role: StaffRole; sites: string; disabled_at: string | null };
const member = (row: StaffRow): StaffMember => ({ id: row.id, username: row.username, name: row.name, role: row.role, sites: JSON.parse(row.sites) as string[], disabled: row.disabled_at !== null });

export class StaffStore {
  readonly db: Database.Database;

  constructor(db: Database.Database) {
    this.db = db;
    db.exec(STAFF_SCHEMA);
  }

  // ------------------------------------------------------------ accounts

  async add(input: { username: string; name: string; role: StaffRole; sites: string[]; password: string }, now: Date): Promise<StaffMember> {
    if (!/^[a-z0-9][a-z0-9._-]{1,39}$/i.test(input.username)) throw new Error(`"${input.username}" is not a username: 2 to 40 letters, digits, dots, dashes or underscores.`);
    if (input.password.length < MIN_PASSWORD_LENGTH) throw new Error(`The password must have at least ${MIN_PASSWORD_LENGTH} characters.`);
    if (this.byUsername(input.username)) throw new Error(`There is already a staff member "${input.username}".`);
    const hash = await hashPassword(input.password);
    const id = this.db
      .prepare('insert into staff (username, name, role, sites, password_hash, created_at) values (?, ?, ?, ?, ?, ?)')
      .run(input.username, input.name, input.role, JSON.stringify(input.role === 'operator' ? [] : [...new Set(input.sites)].sort()), hash, now.toISOString()).lastInsertRowid;
    return this.get(Number(id))!;
  }

  async setPassword(username: string, password: string): Promise<void> {
    if (password.length < MIN_PASSWORD_LENGTH) throw new Error(`The password must have at least ${MIN_PASSWORD_LENGTH} characters.`);
    const found = this.byUsername(username);
    if (!found) throw new Error(`There is no staff member "${username}".`);
    this.db.prepare('update staff set password_hash = ? where id = ?').run(await hashPassword(password), found.id);
    // A new password ends every session of the old one.
    this.db.prepare("update staff_sessions set ended_at = coalesce(ended_at, datetime('now')) where staff_id = ?").run(found.id);
  }

  setSites(username: string, sites: string[]): void {
    const found = this.byUsername(username);
    if (!found) throw new Error(`There is no staff member "${username}".`);
    this.db.prepare('update staff set sites = ? where id = ?').run(JSON.stringify([...new Set(sites)].sort()), found.id);
  }

  disable(username: string, now: Date): void {
    const found = this.byUsername(username);
    if (!found) throw new Error(`There is no staff member "${username}".`);
    this.db.prepare('update staff set disabled_at = ? where id = ?').run(now.toISOString(), found.id);
    this.db.prepare('update staff_sessions set ended_at = coalesce(ended_at, ?) where staff_id = ?').run(now.toISOString(), found.id);
  }

  get(id: number): StaffMember | null {
    const row = this.db.prepare('select id, username, name, role, sites, disabled_at from staff where id = ?').get(id) as StaffRow | undefined;
    return row ? member(row) : null;
  }

  byUsername(username: string): StaffMember | null {
    const row = this.db.prepare('select id, username, name, role, sites, disabled_at from staff where username = ?').get(username) as StaffRow | undefined;
    return row ? member(row) : null;
  }

  list(): StaffMember[] {
    return (this.db.prepare('select id, username, name, role, sites, disabled_at from staff order by username').all() as StaffRow[]).map(member);
  }

  count(): number {
    return (this.db.prepare('select count(*) as n from staff').get() as { n: number }).n;
  }

  /** The staff member a username and password name, if the password is right and the account is enabled. */
  async authenticate(username: string, password: string): Promise<StaffMember | null> {
    const row = this.db.prepare('select id, password_hash, disabled_at from staff where username = ?').get(username) as { id: number; password_hash: string; disabled_at: string | null } | undefined;
    if (!row) {
      // The same work as a real check, so the answer's timing does not tell which usernames exist.
      await verifyPassword(password, await (decoyHash ??= hashPassword(randomBytes(16).toString('hex'))));
      return null;
    }
    const ok = await verifyPassword(password, row.password_hash);
    return ok && row.disabled_at === null ? this.get(row.id) : null;
  }

  // ------------------------------------------------------------ sessions

  startSession(staffId: number, now: Date, ttlMs: number): StaffSession {
    const id = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + ttlMs).toISOString();
    this.db.prepare('insert into staff_sessions (id, staff_id, created_at, expires_at) values (?, ?, ?, ?)').run(id, staffId, now.toISOString(), expiresAt);
    return { id, staff: this.get(staffId)!, expiresAt };
  }

  /** The live session of an id: not ended, not expired, its staff member still enabled. */
  session(id: string, now: Date): StaffSession | null {
    const row = this.db.prepare('select staff_id, expires_at, ended_at from staff_sessions where id = ?').get(id) as { staff_id: number; expires_at: string; ended_at: string | null } | undefined;
    if (!row || row.ended_at !== null || Date.parse(row.expires_at) <= now.getTime()) return null;
    const staff = this.get(row.staff_id);
    return staff && !staff.disabled ? { id, staff, expiresAt: row.expires_at } : null;
  }

  endSession(id: string, now: Date): void {
    this.db.prepare('update staff_sessions set ended_at = coalesce(ended_at, ?) where id = ?').run(now.toISOString(), id);
  }

  // ------------------------------------------------------------ audit log

  /** Records what someone did; `who` is the staff member, or the machine token ("api token"). */
  audit(entry: { staff: StaffMember | null; who?: string; action: string; site?: string | null; what: string; detail?: unknown }, now: Date): void {
    this.db
      .prepare('insert into audit_log (at, staff_id, who, action, site, what, detail) values (?, ?, ?, ?, ?, ?, ?)')
      .run(now.toISOString(), entry.staff?.id ?? null, entry.staff ? `${entry.staff.name} (${entry.staff.username})` : (entry.who ?? 'unknown'), entry.action, entry.site ?? null, entry.what, entry.detail === undefined ? null : JSON.stringify(entry.detail));
  }

  /**
   * The newest entries first; when `sites` is given (a marketing user's view), only those of these sites,
   * and those of the staff member `own` (their sign-ins).
   */
  auditLog(options: { sites?: readonly string[]; own?: number; limit?: number } = {}): AuditEntry[] {
    const limit = Math.min(options.limit ?? 200, 1000);
    const rows = (
      options.sites
        ? this.db
            .prepare(`select * from audit_log where site in (${options.sites.map(() => '?').join(',') || "''"}) or staff_id = ? order by id desc limit ?`)
            .all(...options.sites, options.own ?? -1, limit)
        : this.db.prepare('select * from audit_log order by id desc limit ?').all(limit)
    ) as Array<{ id: number; at: string; who: string; action: string; site: string | null; what: string; detail: string | null }>;
    return rows.map((r) => ({ id: r.id, at: r.at, who: r.who, action: r.action, site: r.site, what: r.what, detail: r.detail === null ? null : (JSON.parse(r.detail) as unknown) }));
  }

  // ------------------------------------------------------------ drafts and versions

  saveDraft(draft: Omit<ContentDraft, 'id' | 'status' | 'affected'>): ContentDraft {
    // Hex: the id is part of the preview's host name (`<slug>--<id>.localhost`), where only letters, digits and - go.
    const id = randomBytes(12).toString('hex');
    this.db
      .prepare('insert into content_drafts (id, site, kind, file, body, base_hash, author_id, created_at) values (?, ?, ?, ?, ?, ?, ?, ?)')
      .run(id, draft.site, draft.kind, draft.file, draft.body, draft.baseHash, draft.authorId, draft.createdAt);
    return this.draft(id)!;
  }

  draft(id: string): ContentDraft | null {
    const row = this.db.prepare('select * from content_drafts where id = ?').get(id) as
      | { id: string; site: string; kind: string; file: string; body: string; base_hash: string | null; author_id: number; created_at: string; affected: string | null; status: ContentDraft['status'] }
      | undefined;
    return row
      ? { id: row.id, site: row.site, kind: row.kind, file: row.file, body: row.body, baseHash: row.base_hash, authorId: row.author_id, createdAt: row.created_at, affected: row.affected ? (JSON.parse(row.affected) as string[]) : null, status: row.status }
      : null;
  }

  setDraftAffected(id: string, affected: string[]): void {
    this.db.prepare('update content_drafts set affected = ? where id = ?').run(JSON.stringify(affected), id);
  }

  setDraftStatus(id: string, status: ContentDraft['status']): void {
    this.db.prepare('update content_drafts set status = ? where id = ?').run(status, id);
  }

  recordVersion(version: Omit<ContentVersion, 'id' | 'undoneAt'>): ContentVersion {
    const id = this.db
      .prepare('insert into content_versions (site, file, before, after, draft_id, staff_id, at) values (?, ?, ?, ?, ?, ?, ?)')
      .run(version.site, version.file, version.before, version.after, version.draftId, version.staffId, version.at).lastInsertRowid;
    return this.version(Number(id))!;
  }

  version(id: number): ContentVersion | null {
    const row = this.db.prepare('select * from content_versions where id = ?').get(id) as
      | { id: number; site: string; file: string; before: string | null; after: string; draft_id: string | null; staff_id: number | null; at: string; undone_at: string | null }
      | undefined;
    return row ? { id: row.id, site: row.site, file: row.file, before: row.before, after: row.after, draftId: row.draft_id, staffId: row.staff_id, at: row.at, undoneAt: row.undone_at } : null;
  }

  versions(site: string, limit = 20): ContentVersion[] {
    return (this.db.prepare('select id from content_versions where site = ? order by id desc limit ?').all(site, limit) as Array<{ id: number }>).map((r) => this.version(r.id)!);
  }

  markUndone(id: number, now: Date): void {
    this.db.prepare('update content_versions set undone_at = ? where id = ?').run(now.toISOString(), id);
  }
}

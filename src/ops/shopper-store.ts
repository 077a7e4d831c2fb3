import type Database from 'better-sqlite3';

/**
 * What the runtime API keeps per shopper, in the ops server's SQLite file: shoppers (a phone number per
 * site), one-time sign-in codes (only their keyed hashes), sessions, watchlists, view counts and phone
 * reveals, and the trade-in valuations a site stores. Every read and write names the site, so one dealer's shoppers never meet another's.
 */
export const SHOPPERS_SCHEMA = `
create table if not exists shoppers (
  id integer primary key autoincrement,
  site text not null,
  phone text not null,
  created_at text not null,
  unique (site, phone)
);
create table if not exists sign_in_codes (
  id integer primary key autoincrement,
  site text not null,
  phone text not null,
  code_hash blob not null,
  created_at text not null,
  expires_at text not null,
  attempts integer not null default 0,
  used_at text
);
create index if not exists sign_in_codes_phone on sign_in_codes (site, phone, id);
create table if not exists shopper_sessions (
  id text primary key,
  shopper_id integer not null references shoppers (id),
  site text not null,
  created_at text not null,
  expires_at text not null,
  ended_at text
);
create index if not exists shopper_sessions_shopper on shopper_sessions (shopper_id);
create table if not exists watchlist (
  shopper_id integer not null references shoppers (id),
  car_id integer not null,
  added_at text not null,
  primary key (shopper_id, car_id)
);
create table if not exists vehicle_views (
  site text not null,
  car_id integer not null,
  views integer not null,
  primary key (site, car_id)
);
create table if not exists phone_reveals (
  id integer primary key autoincrement,
  site text not null,
  car_id integer,
  dealership_id integer,
  website_id text,
  page text,
  revealed_at text not null
);
create index if not exists phone_reveals_site on phone_reveals (site, id);
create table if not exists valuations (
  id integer primary key autoincrement,
  site text not null,
  shopper_id integer references shoppers (id),
  payload text not null,
  created_at text not null
);
create index if not exists valuations_shopper on valuations (shopper_id);
`;

/** How a code check ended. */
export type CodeCheck = 'ok' | 'wrong' | 'expired' | 'locked';

export interface Shopper {
  id: number;
  site: string;
  phone: string;
  createdAt: string;
}

export interface ShopperSession {
  id: string;
  shopper: Shopper;
  expiresAt: string;
}

export interface WatchlistEntry {
  carId: number;
  addedAt: string;
}

export interface PhoneReveal {
  site: string;
  carId: number | null;
  dealershipId: number | null;
  websiteId: string | null;
  page: string | null;
  revealedAt: string;
}

export interface ShopperExport {
  phone: string;
  site: string;
  createdAt: string;
  watchlist: WatchlistEntry[];
  valuations: Array<{ createdAt: string; valuation: Record<string, unknown> }>;
}

interface ShopperRow {
  id: number;
  site: string;
  phone: string;
  created_at: string;
}

const shopperOf = (row: ShopperRow): Shopper => ({ id: row.id, site: row.site, phone: row.phone, createdAt: row.created_at });

export class ShopperStore {
  private readonly db: Database.Database;

  constructor(db: Database.Database) {
    this.db = db;
    db.exec(SHOPPERS_SCHEMA);
  }

  // ------------------------------------------------------------ sign-in codes

  /** Stores a new code's hash for a phone; earlier codes for that phone stop working at once. */
  issueCode(site: string, phone: string, codeHash: Buffer, now: Date, ttlMs: number): void {
    const at = now.toISOString();
    this.db.transaction(() => {
      this.db.prepare('update sign_in_codes set expires_at = ? where site = ? and phone = ? and used_at is null and expires_at > ?').run(at, site, phone, at);
      this.db
        .prepare('insert into sign_in_codes (site, phone, code_hash, created_at, expires_at) values (?, ?, ?, ?, ?)')
        .run(site, phone, codeHash, at, new Date(now.getTime() + ttlMs).toISOString());
    })();
  }

  /** Codes sent to a phone since a moment (the per-phone sending limit). */
  codesSince(site: string, phone: string, since: Date): number {
    return (this.db.prepare('select count(*) as n from sign_in_codes where site = ? and phone = ? and created_at > ?').get(site, phone, since.toISOString()) as { n: number }).n;
  }

  /**
   * Checks a typed code against the phone's live code, in one transaction: every check counts as an
   * attempt, a code takes at most `maxAttempts` checks, and a code that matches is used up.
   * `matches` compares hashes (in constant time).
   */
  checkCode(site: string, phone: string, matches: (stored: Buffer) => boolean, now: Date, maxAttempts: number): CodeCheck {
    const at = now.toISOString();
    return this.db.transaction((): CodeCheck => {
      const row = this.db
        .prepare('select id, code_hash, attempts from sign_in_codes where site = ? and phone = ? and used_at is null and expires_at > ? order by id desc limit 1')
        .get(site, phone, at) as { id: number; code_hash: Buffer; attempts: number } | undefined;
      if (!row) return 'expired';
      if (row.attempts >= maxAttempts) return 'locked';
      this.db.prepare('update sign_in_codes set attempts = attempts + 1 where id = ?').run(row.id);
      if (!matches(row.code_hash)) return row.attempts + 1 >= maxAttempts ? 'locked' : 'wrong';
      this.db.prepare('update sign_in_codes set used_at = ? where id = ?').run(at, row.id);
      return 'ok';
    })();
  }

  // ------------------------------------------------------------ shoppers and sessions

  /** The shopper with this phone on this site, made on first sign-in. */
  shopperForPhone(site: string, phone: string, now: Date): Shopper {
    this.db.prepare('insert into shoppers (site, phone, created_at) values (?, ?, ?) on conflict (site, phone) do nothing').run(site, phone, now.toISOString());
    return shopperOf(this.db.prepare('select * from shoppers where site = ? and phone = ?').get(site, phone) as ShopperRow);
  }

  startSession(id: string, shopper: Shopper, now: Date, ttlMs: number): ShopperSession {
    const expiresAt = new Date(now.getTime() + ttlMs).toISOString();
    this.db.prepare('insert into shopper_sessions (id, shopper_id, site, created_at, expires_at) values (?, ?, ?, ?, ?)').run(id, shopper.id, shopper.site, now.toISOString(), expiresAt);
    return { id, shopper, expiresAt };
  }

  /** A live session of this site: not ended, not expired. */
  session(id: string, site: string, now: Date): ShopperSession | null {
    const row = this.db
      .prepare(
        `select s.id as session_id, s.expires_at, p.id, p.site, p.phone, p.created_at from shopper_sessions s join shoppers p on p.id = s.shopper_id
         where s.id = ? and s.site = ? and s.ended_at is null and s.expires_at > ?`,
      )
      .get(id, site, now.toISOString()) as (ShopperRow & { session_id: string; expires_at: string }) | undefined;
    return row ? { id: row.session_id, shopper: shopperOf(row), expiresAt: row.expires_at } : null;
  }

  endSession(id: string, now: Date): void {
    this.db.prepare('update shopper_sessions set ended_at = ? where id = ? and ended_at is null').run(now.toISOString(), id);
  }

  // ------------------------------------------------------------ watchlist

  saveCar(shopperId: number, carId: number, now: Date): void {
    this.db.prepare('insert into watchlist (shopper_id, car_id, added_at) values (?, ?, ?) on conflict do nothing').run(shopperId, carId, now.toISOString());
  }

  removeCar(shopperId: number, carId: number): void {
    this.db.prepare('delete from watchlist where shopper_id = ? and car_id = ?').run(shopperId, carId);
  }

  watchlist(shopperId: number): WatchlistEntry[] {
    return (this.db.prepare('select car_id, added_at from watchlist where shopper_id = ? order by added_at, car_id').all(shopperId) as Array<{ car_id: number; added_at: string }>).map((r) => ({
      carId: r.car_id,
      addedAt: r.added_at,
    }));
  }

  // ------------------------------------------------------------ views and phone reveals

  /** Counts one view of a vehicle; the count starts from what the build knew (`start`) the first time. */
  countView(site: string, carId: number, start: number): number {
    this.db
      .prepare('insert into vehicle_views (site, car_id, views) values (?, ?, ?) on conflict (site, car_id) do update set views = views + 1')
      .run(site, carId, start + 1);
    return (this.db.prepare('select views from vehicle_views where site = ? and car_id = ?').get(site, carId) as { views: number }).views;
  }

  /** The counted views of a vehicle, or null before its first counted view. */
  views(site: string, carId: number): number | null {
    return (this.db.prepare('select views from vehicle_views where site = ? and car_id = ?').get(site, carId) as { views: number } | undefined)?.views ?? null;
  }

  recordPhoneReveal(reveal: PhoneReveal): void {
    this.db
      .prepare('insert into phone_reveals (site, car_id, dealership_id, website_id, page, revealed_at) values (?, ?, ?, ?, ?, ?)')
      .run(reveal.site, reveal.carId, reveal.dealershipId, reveal.websiteId, reveal.page, reveal.revealedAt);
  }

  phoneReveals(site: string, limit = 100): PhoneReveal[] {
    return (this.db.prepare('select * from phone_reveals where site = ? order by id desc limit ?').all(site, limit) as Array<Record<string, unknown>>).map((r) => ({
      site: String(r.site),
      carId: (r.car_id as number | null) ?? null,
      dealershipId: (r.dealership_id as number | null) ?? null,
      websiteId: (r.website_id as string | null) ?? null,
      page: (r.page as string | null) ?? null,
      revealedAt: String(r.revealed_at),
    }));
  }

  // ------------------------------------------------------------ valuations

  /** Stores a trade-in valuation's result, against the shopper who asked for it when signed in. */
  recordValuation(site: string, shopperId: number | null, payload: Record<string, unknown>, now: Date): void {
    this.db.prepare('insert into valuations (site, shopper_id, payload, created_at) values (?, ?, ?, ?)').run(site, shopperId, JSON.stringify(payload), now.toISOString());
  }

  valuations(shopperId: number): Array<{ createdAt: string; valuation: Record<string, unknown> }> {
    return (this.db.prepare('select payload, created_at from valuations where shopper_id = ? order by id').all(shopperId) as Array<{ payload: string; created_at: string }>).map((r) => ({
      createdAt: r.created_at,
      valuation: JSON.parse(r.payload) as Record<string, unknown>,
    }));
  }

  // ------------------------------------------------------------ the shopper's own data

  /** Everything kept about a shopper: their phone, when they joined, their watchlist and their valuations. */
  exportShopper(shopperId: number): ShopperExport | null {
    const row = this.db.prepare('select * from shoppers where id = ?').get(shopperId) as ShopperRow | undefined;
    return row ? { phone: row.phone, site: row.site, createdAt: row.created_at, watchlist: this.watchlist(shopperId), valuations: this.valuations(shopperId) } : null;
  }

  /** Removes a shopper and everything kept about them: sessions, watchlist, valuations, sign-in codes. */
  deleteShopper(shopperId: number): void {
    this.db.transaction(() => {
      const row = this.db.prepare('select site, phone from shoppers where id = ?').get(shopperId) as { site: string; phone: string } | undefined;
      if (!row) return;
      this.db.prepare('delete from watchlist where shopper_id = ?').run(shopperId);
      this.db.prepare('delete from valuations where shopper_id = ?').run(shopperId);
      this.db.prepare('delete from shopper_sessions where shopper_id = ?').run(shopperId);
      this.db.prepare('delete from sign_in_codes where site = ? and phone = ?').run(row.site, row.phone);
      this.db.prepare('delete from shoppers where id = ?').run(shopperId);
    })();
  }
}

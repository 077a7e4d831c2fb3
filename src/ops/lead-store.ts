import type Database from 'better-sqlite3';

/**
 * The vehicle a lead is about, as the site listed it when the shopper enquired (a later sale
 * or price change does not rewrite the lead).
 */
export interface LeadVehicle {
  id: number;
  slug: string;
  stocknum: string | null;
  vin: string | null;
  year: number | null;
  make: string;
  model: string;
  badge: string | null;
  car_type: string;
  price: number | null;
  km: number | null;
  colour: string | null;
  url: string;
}

/** Where a lead was sent from, recorded with it. */
export interface LeadContext {
  /** The page the form was on, when the browser said (Referer or the form's `_page`). */
  page: string | null;
  vehicle: LeadVehicle | null;
  userAgent: string | null;
}

/** Where one lead stands with one delivery target. */
export interface LeadDelivery {
  target: string;
  /** pending: due at `nextAttemptAt`; delivered: the target accepted it; flagged: it refused, or retries ran out. */
  status: 'pending' | 'delivered' | 'flagged';
  attempts: number;
  nextAttemptAt: string | null;
  lastError: string | null;
  deliveredAt: string | null;
}

/** One POST to a target and how it ended. */
export interface LeadAttempt {
  leadId: number;
  target: string;
  at: string;
  /** HTTP status, or null when no answer came (network error, timeout). */
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

export interface StoredLead {
  id: number;
  site: string;
  form: string;
  /** The validated lead as the form engine's schema produced it. */
  fields: Record<string, unknown>;
  context: LeadContext;
  receivedAt: string;
  /** spam: the honeypot was filled in; such leads are kept for the record and never delivered. */
  spam: boolean;
  deliveries: LeadDelivery[];
}

/** What the admin page lists: a lead's delivery state summed up over its targets. */
export type LeadState = 'stored' | 'pending' | 'delivered' | 'flagged' | 'spam';

export const LEADS_SCHEMA = `
create table if not exists leads (
  id integer primary key autoincrement,
  site text not null,
  form text not null,
  idempotency_key text,
  content_hash text not null,
  fields text not null,
  context text not null,
  received_at text not null,
  spam integer not null default 0
);
create unique index if not exists leads_idempotency on leads (site, idempotency_key) where idempotency_key is not null;
create index if not exists leads_content on leads (site, content_hash, received_at);
create index if not exists leads_site on leads (site, id);
create table if not exists lead_deliveries (
  lead_id integer not null references leads (id),
  target text not null,
  status text not null default 'pending',
  attempts integer not null default 0,
  next_attempt_at text,
  last_error text,
  delivered_at text,
  primary key (lead_id, target)
);
create index if not exists lead_deliveries_due on lead_deliveries (status, next_attempt_at);
create table if not exists lead_attempts (
  id integer primary key autoincrement,
  lead_id integer not null,
  target text not null,
  attempted_at text not null,
  status_code integer,
  error text,
  duration_ms integer not null
);
create index if not exists lead_attempts_lead on lead_attempts (lead_id, id);
`;

interface LeadRow {
  id: number;
  site: string;
  form: string;
  fields: string;
  context: string;
  received_at: string;
  spam: number;
}

interface DeliveryRow {
  lead_id: number;
  target: string;
  status: LeadDelivery['status'];
  attempts: number;
  next_attempt_at: string | null;
  last_error: string | null;
  delivered_at: string | null;
}

const toDelivery = (row: DeliveryRow): LeadDelivery => ({
  target: row.target,
  status: row.status,
  attempts: row.attempts,
  nextAttemptAt: row.next_attempt_at,
  lastError: row.last_error,
  deliveredAt: row.delivered_at,
});

/** A new lead as the API hands it to the store. */
export interface NewLead {
  site: string;
  form: string;
  fields: Record<string, unknown>;
  context: LeadContext;
  /** The island's key for this submission; a retry with the same key returns the first lead. */
  idempotencyKey: string | null;
  /** Hash of the site and validated fields; a keyless repeat within `repeatWindowMs` returns the first lead. */
  contentHash: string;
  spam: boolean;
  /** Delivery targets of the site; one pending delivery each (none for spam). */
  targets: readonly string[];
}

/** How long a keyless submission with the same content counts as a repeat (a double click, a refresh). */
export const REPEAT_WINDOW_MS = 10 * 60 * 1000;

/**
 * Leads and their delivery outbox, in the ops server's SQLite file. `add` commits the lead and
 * one pending delivery per target in one transaction before the API answers, so an answered
 * lead survives a crash and is delivered after a restart.
 */
export class LeadStore {
  private readonly db: Database.Database;
  private readonly statements: {
    byKey: Database.Statement;
    byContent: Database.Statement;
    insertLead: Database.Statement;
    insertDelivery: Database.Statement;
  };

  constructor(db: Database.Database) {
    this.db = db;
    db.exec(LEADS_SCHEMA);
    // Prepared once: the API stores leads on its hot path.
    this.statements = {
      byKey: db.prepare('select id from leads where site = ? and idempotency_key = ?'),
      byContent: db.prepare('select id from leads where site = ? and content_hash = ? and received_at >= ? order by id limit 1'),
      insertLead: db.prepare('insert into leads (site, form, idempotency_key, content_hash, fields, context, received_at, spam) values (?, ?, ?, ?, ?, ?, ?, ?)'),
      insertDelivery: db.prepare('insert into lead_deliveries (lead_id, target, next_attempt_at) values (?, ?, ?)'),
    };
  }

  /** Stores a lead; a repeat (same idempotency key, or same content within the window) returns the first one. */
  add(lead: NewLead, at = new Date()): { id: number; duplicate: boolean } {
    return this.addMany([{ lead, at }])[0]!;
  }

  /**
   * Stores several leads in one transaction, so one commit (one fsync) covers them all: the API
   * groups the leads that arrive together. Each result is as `add` would give it, in order.
   */
  addMany(batch: ReadonlyArray<{ lead: NewLead; at: Date }>): Array<{ id: number; duplicate: boolean }> {
    return this.db.transaction(() => batch.map(({ lead, at }) => this.insert(lead, at)))();
  }

  private insert(lead: NewLead, at: Date): { id: number; duplicate: boolean } {
    const { byKey, byContent, insertLead, insertDelivery } = this.statements;
    const existing = (
      lead.idempotencyKey ? byKey.get(lead.site, lead.idempotencyKey) : byContent.get(lead.site, lead.contentHash, new Date(at.getTime() - REPEAT_WINDOW_MS).toISOString())
    ) as { id: number } | undefined;
    if (existing) return { id: existing.id, duplicate: true };
    const id = Number(
      insertLead.run(lead.site, lead.form, lead.idempotencyKey, lead.contentHash, JSON.stringify(lead.fields), JSON.stringify(lead.context), at.toISOString(), lead.spam ? 1 : 0)
        .lastInsertRowid,
    );
    if (!lead.spam) for (const target of lead.targets) insertDelivery.run(id, target, at.toISOString());
    return { id, duplicate: false };
  }

  get(id: number): StoredLead | null {
    const row = this.db.prepare('select * from leads where id = ?').get(id) as LeadRow | undefined;
    return row ? this.toLead(row) : null;
  }

  /** A site's leads, newest first. */
  list(site: string, options: { limit?: number; beforeId?: number } = {}): StoredLead[] {
    const rows = this.db
      .prepare('select * from leads where site = ? and id < ? order by id desc limit ?')
      .all(site, options.beforeId ?? Number.MAX_SAFE_INTEGER, options.limit ?? 50) as LeadRow[];
    return rows.map((row) => this.toLead(row));
  }

  /** Every lead of a site, oldest first, for export. */
  *all(site: string): Generator<StoredLead> {
    for (const row of this.db.prepare('select * from leads where site = ? order by id').iterate(site) as Iterable<LeadRow>) yield this.toLead(row);
  }

  /** Lead counts of a site by state. */
  counts(site: string): Record<LeadState, number> {
    const counts: Record<LeadState, number> = { stored: 0, pending: 0, delivered: 0, flagged: 0, spam: 0 };
    const rows = this.db
      .prepare(
        `select case
           when l.spam = 1 then 'spam'
           when sum(d.status = 'flagged') > 0 then 'flagged'
           when sum(d.status = 'pending') > 0 then 'pending'
           when count(d.target) = 0 then 'stored'
           else 'delivered' end as state, l.id
         from leads l left join lead_deliveries d on d.lead_id = l.id
         where l.site = ? group by l.id`,
      )
      .all(site) as Array<{ state: LeadState }>;
    for (const row of rows) counts[row.state]++;
    return counts;
  }

  /** Deliveries due now, oldest first. */
  due(now: Date, limit = 20): Array<{ leadId: number; target: string; attempts: number }> {
    return (
      this.db
        .prepare("select lead_id, target, attempts from lead_deliveries where status = 'pending' and next_attempt_at <= ? order by next_attempt_at, lead_id limit ?")
        .all(now.toISOString(), limit) as Array<{ lead_id: number; target: string; attempts: number }>
    ).map((r) => ({ leadId: r.lead_id, target: r.target, attempts: r.attempts }));
  }

  /** When the next pending delivery falls due, or null when none is pending. */
  nextDue(): Date | null {
    const row = this.db.prepare("select min(next_attempt_at) as at from lead_deliveries where status = 'pending'").get() as { at: string | null };
    return row.at ? new Date(row.at) : null;
  }

  /**
   * Records one attempt and its outcome in one transaction: delivered, retry at `retryAt`, or
   * flagged with the reason.
   */
  recordAttempt(attempt: LeadAttempt, outcome: { kind: 'delivered' } | { kind: 'retry'; at: Date } | { kind: 'flagged' }): void {
    const error = attempt.error ?? (attempt.statusCode !== null ? `HTTP ${attempt.statusCode}` : null);
    this.db.transaction(() => {
      this.db
        .prepare('insert into lead_attempts (lead_id, target, attempted_at, status_code, error, duration_ms) values (?, ?, ?, ?, ?, ?)')
        .run(attempt.leadId, attempt.target, attempt.at, attempt.statusCode, attempt.error, Math.round(attempt.durationMs));
      const update = this.db.prepare(
        'update lead_deliveries set status = ?, attempts = attempts + 1, next_attempt_at = ?, last_error = ?, delivered_at = ? where lead_id = ? and target = ?',
      );
      if (outcome.kind === 'delivered') update.run('delivered', null, null, attempt.at, attempt.leadId, attempt.target);
      else if (outcome.kind === 'retry') update.run('pending', outcome.at.toISOString(), error, null, attempt.leadId, attempt.target);
      else update.run('flagged', null, error, null, attempt.leadId, attempt.target);
    })();
  }

  /** Looks at a pending delivery again later without counting an attempt (its target is not configured yet). */
  postpone(leadId: number, target: string, until: Date): void {
    this.db.prepare("update lead_deliveries set next_attempt_at = ? where lead_id = ? and target = ? and status = 'pending'").run(until.toISOString(), leadId, target);
  }

  /** Puts a lead's flagged deliveries back in the outbox, due now, with a fresh count of attempts; returns how many. */
  retry(leadId: number, at = new Date()): number {
    return this.db
      .prepare("update lead_deliveries set status = 'pending', attempts = 0, next_attempt_at = ? where lead_id = ? and status = 'flagged'")
      .run(at.toISOString(), leadId).changes;
  }

  attempts(leadId: number): LeadAttempt[] {
    return (
      this.db.prepare('select * from lead_attempts where lead_id = ? order by id').all(leadId) as Array<{
        lead_id: number;
        target: string;
        attempted_at: string;
        status_code: number | null;
        error: string | null;
        duration_ms: number;
      }>
    ).map((r) => ({ leadId: r.lead_id, target: r.target, at: r.attempted_at, statusCode: r.status_code, error: r.error, durationMs: r.duration_ms }));
  }

  private toLead(row: LeadRow): StoredLead {
    const deliveries = (this.db.prepare('select * from lead_deliveries where lead_id = ? order by target').all(row.id) as DeliveryRow[]).map(toDelivery);
    return {
      id: row.id,
      site: row.site,
      form: row.form,
      fields: JSON.parse(row.fields) as Record<string, unknown>,
      context: JSON.parse(row.context) as LeadContext,
      receivedAt: row.received_at,
      spam: row.spam === 1,
      deliveries,
    };
  }
}

/** A lead's state summed up over its deliveries. */
export function leadState(lead: Pick<StoredLead, 'spam' | 'deliveries'>): LeadState {
  if (lead.spam) return 'spam';
  if (lead.deliveries.length === 0) return 'stored';
  if (lead.deliveries.some((d) => d.status === 'flagged')) return 'flagged';
  if (lead.deliveries.some((d) => d.status === 'pending')) return 'pending';
  return 'delivered';
}

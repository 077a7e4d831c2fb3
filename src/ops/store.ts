import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { WebhookEvent } from '../schemas/webhook.ts';
import { LeadStore } from './lead-store.ts';
import { ShopperStore } from './shopper-store.ts';
import { StaffStore } from './staff-store.ts';

/** A journalled webhook event and where it stands. */
export interface JournalEntry {
  eventId: string;
  site: string;
  type: WebhookEvent['type'];
  event: WebhookEvent;
  receivedAt: string;
  /** When it happened on the platform, in milliseconds since the epoch: events are applied in this order. */
  occurredMs: number;
  /**
   * pending: stored, not yet on the site; rendered: the site's files show it, the snapshot not yet (still
   * replayed after a crash); applied: in the snapshot too; failed: could not be applied (see error);
   * superseded: it arrived after a newer event for the same record and was recorded without being applied
   * (`error` names the newer event).
   */
  status: 'pending' | 'rendered' | 'applied' | 'failed' | 'superseded';
  appliedAt: string | null;
  error: string | null;
}

/** What journalling an event did: stored to apply, ignored as a repeat, or recorded as older than what the site has. */
export type JournalOutcome = { status: 'stored' } | { status: 'duplicate' } | { status: 'superseded'; newer: string };

/**
 * The record an event changes, as `<entity>:<id>` ("vehicle:100187", "offer:spring-sale"). Numeric ids are
 * written without leading zeros, so "0100187" and 100187 name the same vehicle.
 */
export function recordKey(event: Pick<WebhookEvent, 'type' | 'data'>): string {
  const entity = event.type.slice(0, event.type.indexOf('.'));
  const id = String(event.data.id).trim();
  return `${entity}:${/^\d+$/.test(id) ? String(Number(id)) : id}`;
}

/**
 * Whether event a is newer than event b: the later occurred_at, and on a tie the greater event id, so
 * every replica of the journal orders the same pair the same way whatever order they arrived in.
 */
function isNewer(a: { occurredMs: number; eventId: string }, b: { occurredMs: number; eventId: string }): boolean {
  return a.occurredMs > b.occurredMs || (a.occurredMs === b.occurredMs && a.eventId > b.eventId);
}

/** One build of one site, as the admin page lists them. */
export interface BuildRecord {
  id: number;
  site: string;
  kind: 'full' | 'incremental' | 'content';
  /** What asked for it: webhook, rebuild (admin, API, CLI), startup. */
  trigger: string;
  status: 'running' | 'published' | 'failed';
  startedAt: string;
  finishedAt: string | null;
  durationMs: number | null;
  pages: number | null;
  message: string | null;
  report: unknown;
}

// Event ids are the platform's, unique per site: two dealers' platforms may well use the same id.
const SCHEMA = `
create table if not exists events (
  site text not null,
  event_id text not null,
  type text not null,
  record_key text not null,
  occurred_ms integer not null,
  payload text not null,
  received_at text not null,
  status text not null default 'pending',
  applied_at text,
  error text,
  primary key (site, event_id)
);
create index if not exists events_queue on events (site, status, occurred_ms, event_id);
create table if not exists record_versions (
  site text not null,
  record_key text not null,
  occurred_ms integer not null,
  event_id text not null,
  primary key (site, record_key)
);
create table if not exists builds (
  id integer primary key autoincrement,
  site text not null,
  kind text not null,
  trigger text not null,
  status text not null,
  started_at text not null,
  finished_at text,
  duration_ms integer,
  pages integer,
  message text,
  report text
);
create index if not exists builds_site on builds (site, id);
`;

const INSERT_EVENT =
  'insert into events (site, event_id, type, record_key, occurred_ms, payload, received_at, status, applied_at, error) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)';
/** Records an event as the newest seen for its record. */
const REMEMBER_VERSION =
  'insert into record_versions (site, record_key, occurred_ms, event_id) values (?, ?, ?, ?) on conflict (site, record_key) do update set occurred_ms = excluded.occurred_ms, event_id = excluded.event_id';

interface EventRow {
  event_id: string;
  site: string;
  type: string;
  occurred_ms: number;
  payload: string;
  received_at: string;
  status: JournalEntry['status'];
  applied_at: string | null;
  error: string | null;
}

interface BuildRow {
  id: number;
  site: string;
  kind: BuildRecord['kind'];
  trigger: string;
  status: BuildRecord['status'];
  started_at: string;
  finished_at: string | null;
  duration_ms: number | null;
  pages: number | null;
  message: string | null;
  report: string | null;
}

const toEntry = (row: EventRow): JournalEntry => ({
  eventId: row.event_id,
  site: row.site,
  type: row.type as WebhookEvent['type'],
  event: JSON.parse(row.payload) as WebhookEvent,
  occurredMs: row.occurred_ms,
  receivedAt: row.received_at,
  status: row.status,
  appliedAt: row.applied_at,
  error: row.error,
});

const toBuild = (row: BuildRow): BuildRecord => ({
  id: row.id,
  site: row.site,
  kind: row.kind,
  trigger: row.trigger,
  status: row.status,
  startedAt: row.started_at,
  finishedAt: row.finished_at,
  durationMs: row.duration_ms,
  pages: row.pages,
  message: row.message,
  report: row.report ? (JSON.parse(row.report) as unknown) : null,
});

/**
 * The ops server's durable state in one SQLite file (WAL): the webhook
 * journal, the build history, the leads with their delivery outbox, and what the runtime API keeps per shopper. Every write is a single statement or a
 * transaction, committed before the caller acknowledges anything.
 */
/** Every commit but the rendered mark (`markRendered`): a committed event survives power loss, not just a process crash. */
const SYNCED = 'FULL';

export class OpsStore {
  readonly db: Database.Database;
  /** Leads and their delivery outbox, in the same file. */
  readonly leads: LeadStore;
  /** Shoppers, their sessions and watchlists, views and phone reveals, in the same file. */
  readonly shoppers: ShopperStore;
  /** Staff accounts, their sessions, the audit log, and editorial drafts and versions, in the same file. */
  readonly staff: StaffStore;

  constructor(file: string) {
    mkdirSync(path.dirname(file), { recursive: true });
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma(`synchronous = ${SYNCED}`);
    this.db.pragma('busy_timeout = 5000');
    this.db.transaction(() => {
      migrateGlobalEventIds(this.db);
      this.db.exec(SCHEMA);
    })();
    this.#journal = this.#prepareJournal();
    this.leads = new LeadStore(this.db);
    this.shoppers = new ShopperStore(this.db);
    this.staff = new StaffStore(this.db);
  }

  /**
   * Stores an event in one transaction. A repeated id (for this site) is ignored. An event older than one
   * already journalled for the same record is stored as superseded, a recorded no-op: platforms retry, so
   * events arrive out of order, and the newest state of a record must win whatever order they came in.
   */
  journal(site: string, event: WebhookEvent, receivedAt = new Date()): JournalOutcome {
    return this.#journal(site, event, receivedAt);
  }

  readonly #journal: (site: string, event: WebhookEvent, receivedAt: Date) => JournalOutcome;

  #prepareJournal(): (site: string, event: WebhookEvent, receivedAt: Date) => JournalOutcome {
    const exists = this.db.prepare('select 1 from events where site = ? and event_id = ?');
    const newest = this.db.prepare('select occurred_ms, event_id from record_versions where site = ? and record_key = ?');
    const insert = this.db.prepare(INSERT_EVENT);
    const remember = this.db.prepare(REMEMBER_VERSION);
    return this.db.transaction((site: string, event: WebhookEvent, receivedAt: Date): JournalOutcome => {
      if (exists.get(site, event.id)) return { status: 'duplicate' };
      const key = recordKey(event);
      const occurredMs = Date.parse(event.occurred_at);
      const seen = newest.get(site, key) as { occurred_ms: number; event_id: string } | undefined;
      const at = receivedAt.toISOString();
      if (seen && isNewer({ occurredMs: seen.occurred_ms, eventId: seen.event_id }, { occurredMs, eventId: event.id })) {
        const note = `superseded by event ${seen.event_id}, which happened at ${new Date(seen.occurred_ms).toISOString()}; this one happened at ${new Date(occurredMs).toISOString()}`;
        insert.run(site, event.id, event.type, key, occurredMs, JSON.stringify(event), at, 'superseded', at, note);
        return { status: 'superseded', newer: seen.event_id };
      }
      insert.run(site, event.id, event.type, key, occurredMs, JSON.stringify(event), at, 'pending', null, null);
      remember.run(site, key, occurredMs, event.id);
      return { status: 'stored' };
    });
  }

  /**
   * A site's events not yet in its snapshot, in the order they happened (ties by event id, as
   * {@link journal} judges newer). That includes events whose pages were written but whose snapshot was
   * not (a crash in between): replaying them is harmless.
   */
  pending(site: string, limit = 10_000): JournalEntry[] {
    return (
      this.db.prepare("select * from events where site = ? and status in ('pending', 'rendered') order by occurred_ms, event_id limit ?").all(site, limit) as EventRow[]
    ).map(toEntry);
  }

  /** Sites with events not yet in their snapshot (for draining after a restart). */
  sitesWithPending(): string[] {
    return (this.db.prepare("select distinct site from events where status in ('pending', 'rendered')").all() as Array<{ site: string }>).map((r) => r.site);
  }

  /**
   * Marks a site's events as shown by its files, before the snapshot is written.
   *
   * The mark is committed without waiting for the disk. An event that loses it to a power cut is `pending`
   * again, and a pending event is replayed after a restart, as a rendered one would be, so nothing
   * depends on the mark lasting. A synced commit here would wait for the update's freshly written pages
   * to be flushed too (tens of milliseconds on every webhook). The next synced commit, which settles the
   * events once the snapshot is written, makes the mark durable with it.
   */
  markRendered(site: string, ids: string[]): void {
    const mark = this.db.prepare("update events set status = 'rendered' where site = ? and event_id = ? and status = 'pending'");
    this.db.pragma('synchronous = NORMAL');
    try {
      this.db.transaction(() => {
        for (const id of ids) mark.run(site, id);
      })();
    } finally {
      this.db.pragma(`synchronous = ${SYNCED}`);
    }
  }

  event(site: string, eventId: string): JournalEntry | null {
    const row = this.db.prepare('select * from events where site = ? and event_id = ?').get(site, eventId) as EventRow | undefined;
    return row ? toEntry(row) : null;
  }

  /** Marks a site's events applied, and others failed with their reasons, in one transaction. */
  settle(site: string, applied: string[], failed: Array<{ eventId: string; error: string }>, at = new Date()): void {
    const markApplied = this.db.prepare("update events set status = 'applied', applied_at = ?, error = null where site = ? and event_id = ?");
    const markFailed = this.db.prepare("update events set status = 'failed', applied_at = ?, error = ? where site = ? and event_id = ?");
    this.db.transaction(() => {
      for (const id of applied) markApplied.run(at.toISOString(), site, id);
      for (const f of failed) markFailed.run(at.toISOString(), f.error, site, f.eventId);
    })();
  }

  counts(site?: string): Record<JournalEntry['status'], number> {
    const rows = (site
      ? this.db.prepare('select status, count(*) n from events where site = ? group by status').all(site)
      : this.db.prepare('select status, count(*) n from events group by status').all()) as Array<{ status: JournalEntry['status']; n: number }>;
    const counts = { pending: 0, rendered: 0, applied: 0, failed: 0, superseded: 0 };
    for (const r of rows) counts[r.status] = r.n;
    return counts;
  }

  startBuild(site: string, kind: BuildRecord['kind'], trigger: string, at = new Date()): number {
    return Number(
      this.db.prepare("insert into builds (site, kind, trigger, status, started_at) values (?, ?, ?, 'running', ?)").run(site, kind, trigger, at.toISOString())
        .lastInsertRowid,
    );
  }

  finishBuild(id: number, outcome: { status: 'published' | 'failed'; pages?: number; message?: string; report?: unknown }, at = new Date()): void {
    const started = this.db.prepare('select started_at from builds where id = ?').get(id) as { started_at: string } | undefined;
    const duration = started ? at.getTime() - Date.parse(started.started_at) : null;
    this.db
      .prepare('update builds set status = ?, finished_at = ?, duration_ms = ?, pages = ?, message = ?, report = ? where id = ?')
      .run(outcome.status, at.toISOString(), duration, outcome.pages ?? null, outcome.message ?? null, outcome.report === undefined ? null : JSON.stringify(outcome.report), id);
  }

  /** Builds left 'running' by a process that died are marked failed at start-up. */
  abandonRunningBuilds(at = new Date()): number {
    return this.db.prepare("update builds set status = 'failed', finished_at = ?, message = 'interrupted: the ops server stopped during this build' where status = 'running'").run(at.toISOString()).changes;
  }

  builds(site?: string, limit = 20): BuildRecord[] {
    const rows = (site
      ? this.db.prepare('select * from builds where site = ? order by id desc limit ?').all(site, limit)
      : this.db.prepare('select * from builds order by id desc limit ?').all(limit)) as BuildRow[];
    return rows.map(toBuild);
  }

  lastBuild(site: string): BuildRecord | null {
    const row = this.db.prepare('select * from builds where site = ? order by id desc limit 1').get(site) as BuildRow | undefined;
    return row ? toBuild(row) : null;
  }

  /** Per site with events not yet in its snapshot: how many, and when the oldest arrived. */
  journalLag(): Array<{ site: string; pending: number; oldestReceivedAt: string | null }> {
    return this.db
      .prepare("select site, count(*) as pending, min(received_at) as oldestReceivedAt from events where status in ('pending', 'rendered') group by site")
      .all() as Array<{ site: string; pending: number; oldestReceivedAt: string | null }>;
  }

  close(): void {
    this.db.close();
  }
}

/**
 * Databases written before event ids were scoped to their site keyed the journal by event id alone. Their
 * events move, in place and in the caller's transaction, to the per-site table, and each record's newest
 * event is worked out from what they hold, so a late older event is judged against them too.
 */
function migrateGlobalEventIds(db: Database.Database): void {
  const columns = db.prepare('pragma table_info(events)').all() as Array<{ name: string; pk: number }>;
  if (columns.length === 0 || columns.some((c) => c.name === 'site' && c.pk > 0)) return;
  db.exec('alter table events rename to events_global; drop index if exists events_pending;');
  db.exec(SCHEMA);
  // Ids were unique across sites before, so they are unique per site now.
  const insert = db.prepare(INSERT_EVENT);
  const newest = new Map<string, { site: string; key: string; occurredMs: number; eventId: string }>();
  const rows = db.prepare('select * from events_global order by rowid').all() as Array<Omit<EventRow, 'occurred_ms'>>;
  for (const row of rows) {
    const event = JSON.parse(row.payload) as WebhookEvent;
    const key = recordKey(event);
    const occurredMs = Date.parse(event.occurred_at);
    insert.run(row.site, row.event_id, row.type, key, occurredMs, row.payload, row.received_at, row.status, row.applied_at, row.error);
    const seen = newest.get(`${row.site} ${key}`);
    if (!seen || isNewer({ occurredMs, eventId: row.event_id }, seen)) newest.set(`${row.site} ${key}`, { site: row.site, key, occurredMs, eventId: row.event_id });
  }
  const remember = db.prepare(REMEMBER_VERSION);
  for (const v of newest.values()) remember.run(v.site, v.key, v.occurredMs, v.eventId);
  db.exec('drop table events_global');
}

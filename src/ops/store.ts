import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { WebhookEvent } from '../schemas/webhook.ts';
import { LeadStore } from './lead-store.ts';

/** A journalled webhook event and where it stands. */
export interface JournalEntry {
  eventId: string;
  site: string;
  type: WebhookEvent['type'];
  event: WebhookEvent;
  receivedAt: string;
  /**
   * pending: stored, not yet on the site; rendered: the site's files show it, the snapshot not yet (still
   * replayed after a crash); applied: in the snapshot too; failed: could not be applied (see error).
   */
  status: 'pending' | 'rendered' | 'applied' | 'failed';
  appliedAt: string | null;
  error: string | null;
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

const SCHEMA = `
create table if not exists events (
  event_id text primary key,
  site text not null,
  type text not null,
  payload text not null,
  received_at text not null,
  status text not null default 'pending',
  applied_at text,
  error text
);
create index if not exists events_pending on events (site, status, received_at);
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

interface EventRow {
  event_id: string;
  site: string;
  type: string;
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
 * journal, the build history, and the leads with their delivery outbox. Every write is a single statement or a
 * transaction, committed before the caller acknowledges anything.
 */
export class OpsStore {
  readonly db: Database.Database;
  /** Leads and their delivery outbox, in the same file. */
  readonly leads: LeadStore;

  constructor(file: string) {
    mkdirSync(path.dirname(file), { recursive: true });
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    // FULL: a committed event survives power loss, not just a process crash.
    this.db.pragma('synchronous = FULL');
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(SCHEMA);
    this.leads = new LeadStore(this.db);
  }

  /** Stores an event; false when its id was seen before (the event is then ignored). */
  journal(site: string, event: WebhookEvent, receivedAt = new Date()): boolean {
    const result = this.db
      .prepare('insert or ignore into events (event_id, site, type, payload, received_at) values (?, ?, ?, ?, ?)')
      .run(event.id, site, event.type, JSON.stringify(event), receivedAt.toISOString());
    return result.changes === 1;
  }

  /**
   * A site's events not yet in its snapshot, oldest first. That includes events whose pages were
   * written but whose snapshot was not (a crash in between): replaying them is harmless.
   */
  pending(site: string, limit = 10_000): JournalEntry[] {
    return (this.db.prepare("select * from events where site = ? and status in ('pending', 'rendered') order by received_at, rowid limit ?").all(site, limit) as EventRow[]).map(toEntry);
  }

  /** Sites with events not yet in their snapshot (for draining after a restart). */
  sitesWithPending(): string[] {
    return (this.db.prepare("select distinct site from events where status in ('pending', 'rendered')").all() as Array<{ site: string }>).map((r) => r.site);
  }

  /** Marks events as shown by the site's files, before the snapshot is written. */
  markRendered(ids: string[]): void {
    const mark = this.db.prepare("update events set status = 'rendered' where event_id = ? and status = 'pending'");
    this.db.transaction(() => {
      for (const id of ids) mark.run(id);
    })();
  }

  event(eventId: string): JournalEntry | null {
    const row = this.db.prepare('select * from events where event_id = ?').get(eventId) as EventRow | undefined;
    return row ? toEntry(row) : null;
  }

  /** Marks events applied, and others failed with their reasons, in one transaction. */
  settle(applied: string[], failed: Array<{ eventId: string; error: string }>, at = new Date()): void {
    const markApplied = this.db.prepare("update events set status = 'applied', applied_at = ?, error = null where event_id = ?");
    const markFailed = this.db.prepare("update events set status = 'failed', applied_at = ?, error = ? where event_id = ?");
    this.db.transaction(() => {
      for (const id of applied) markApplied.run(at.toISOString(), id);
      for (const f of failed) markFailed.run(at.toISOString(), f.error, f.eventId);
    })();
  }

  counts(site?: string): Record<JournalEntry['status'], number> {
    const rows = (site
      ? this.db.prepare('select status, count(*) n from events where site = ? group by status').all(site)
      : this.db.prepare('select status, count(*) n from events group by status').all()) as Array<{ status: JournalEntry['status']; n: number }>;
    const counts = { pending: 0, rendered: 0, applied: 0, failed: 0 };
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

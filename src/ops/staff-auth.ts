/**
 * Who is asking, for the admin page and the admin API: a machine with the bearer token (the rebuild API,
 * CI), or a staff member signed in with a name and password (a session cookie). What each may do: an
 * operator everything; a marketing user the content and the rebuilds of the sites assigned to them.
 */
import type { FastifyRequest } from 'fastify';
import type { StaffMember } from './staff-store.ts';

/** The staff session cookie; its value is the session id (random, kept server-side). */
export const STAFF_COOKIE = 'ops_staff';
/** How long a sign-in lasts. */
export const STAFF_SESSION_MS = 12 * 60 * 60 * 1000;

export type Actor = { kind: 'machine' } | { kind: 'staff'; staff: StaffMember; sessionId: string };

/** What an actor asks to do. */
export type Permission =
  /** Everything of the operators': leads, the audit log of every site, staff, deliveries. */
  | { to: 'operate' }
  /** See a site on the admin page and its history. */
  | { to: 'view'; site: string }
  /** Edit, preview and publish a site's content, and undo a publish. */
  | { to: 'edit'; site: string }
  /** Rebuild a site. */
  | { to: 'rebuild'; site: string };

export function may(actor: Actor | null, permission: Permission): boolean {
  if (!actor) return false;
  if (actor.kind === 'machine') return true;
  const { staff } = actor;
  if (staff.disabled) return false;
  if (staff.role === 'operator') return true;
  if (permission.to === 'operate') return false;
  return staff.sites.includes(permission.site);
}

/** The sites an actor sees on the admin page. */
export function visibleSites<T extends { slug: string }>(actor: Actor, sites: readonly T[]): T[] {
  return sites.filter((site) => may(actor, { to: 'view', site: site.slug }));
}

/** How the audit log names an actor. */
export function actorName(actor: Actor): string {
  return actor.kind === 'machine' ? 'api token' : `${actor.staff.name} (${actor.staff.username})`;
}

export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** The Set-Cookie value that starts (or, with `null`, ends) a staff session. */
export function staffCookie(sessionId: string | null, request: Pick<FastifyRequest, 'protocol'>): string {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  return sessionId === null
    ? `${STAFF_COOKIE}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0${secure}`
    : `${STAFF_COOKIE}=${sessionId}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${Math.floor(STAFF_SESSION_MS / 1000)}${secure}`;
}

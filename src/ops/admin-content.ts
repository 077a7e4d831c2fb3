/**
 * The admin page's content editing: forms for a site's editorial files made from their schemas, checked as
 * the build checks them, saved as drafts and previewed (the pages the change affects, rendered beside the
 * live site), then published (the file written to content/<slug>/ and the content rebuild queued) or undone.
 * Only signed-in staff who may edit the site get here, and every step is written to the audit log.
 */
import { existsSync } from 'node:fs';
import { unlink } from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readFile } from 'node:fs/promises';
import { contentDirOf } from '../data/content-files.ts';
import { writeFileAtomic } from '../data/feed-files.ts';
import type { SiteConfig } from '../schemas/site-config.ts';
import { auditPage, contentListPage, draftPage, editPage, forbiddenPage } from './admin-content-pages.ts';
import { layout } from './admin-page.ts';
import { checkContent, contentKind, editableFile, editableFiles, formSchemaOf, readEditable, sha256, textOfValue, valueOfText, type EditableFile } from './content-kinds.ts';
import { listUploads, storeUpload, UPLOAD_MAX_BYTES, uploadsDir } from './content-images-upload.ts';
import { discardPreview, renderPreview } from './content-preview.ts';
import { readForm, renderFields } from './schema-form.ts';
import { may, type Actor } from './staff-auth.ts';
import type { StaffMember } from './staff-store.ts';

/** What the content routes need from the server. */
export interface ContentRoutesContext {
  root: string;
  appRoot: string;
  now(): Date;
  site(slug: string): SiteConfig | undefined;
  staff: import('./staff-store.ts').StaffStore;
  /** The signed-in actor of a request, or null. */
  actor(request: FastifyRequest): Actor | null;
  /** Queues a content rebuild of the site. */
  rebuild(slug: string, trigger: string): void;
  /** Commits published content files to Git with the staff member as author, where the server is set to. */
  commit?: ((files: string[], message: string, staff: StaffMember) => Promise<string>) | undefined;
  log?: (line: string) => void;
  /** The same-origin check for a state-changing request carried by a cookie. */
  crossOrigin(request: FastifyRequest): boolean;
  /** The sign-in page, for a request without a session. */
  signIn(): string;
}

const html = (reply: FastifyReply, status: number, body: string) => reply.code(status).type('text/html; charset=utf-8').send(body);

/** A submitted form's fields in order, repeated names kept (a ticked checkbox sends two values). */
function formEntries(body: unknown): Array<[string, string]> {
  return typeof body === 'string' ? [...new URLSearchParams(body)] : [];
}

export function adminContentRoutes(scope: FastifyInstance, ctx: ContentRoutesContext): void {
  // Content forms can be long (a menu of every brand, the electric range's colours): up to 2 MB.
  scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 2 * 1024 * 1024 }, (_request, body, done) => done(null, body));
  // Pictures: one file a request.
  scope.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 2 } });

  type Params = { site: string };
  /** The signed-in staff member who may edit the site, or an answer sent (sign in, 403, 404). */
  async function editor(request: FastifyRequest<{ Params: Params }>, reply: FastifyReply): Promise<{ staff: StaffMember; site: SiteConfig } | null> {
    const actor = ctx.actor(request);
    if (!actor || actor.kind !== 'staff') {
      await html(reply, 401, ctx.signIn());
      return null;
    }
    if (request.method !== 'GET' && ctx.crossOrigin(request)) {
      await reply.code(403).send({ error: 'cross-origin request refused' });
      return null;
    }
    const site = ctx.site(request.params.site);
    if (!site || !may(actor, { to: 'edit', site: site.slug })) {
      // The same answer for a site that does not exist and one that is not yours: the list of sites is not given away.
      await html(reply, 403, layout('Not allowed', forbiddenPage(actor.staff, `You do not edit the content of "${request.params.site}".`)));
      return null;
    }
    return { staff: actor.staff, site };
  }

  const audit = (staff: StaffMember, action: string, site: SiteConfig, what: string, detail?: unknown) => ctx.staff.audit({ staff, action, site: site.slug, what, detail }, ctx.now());
  const staffNames = () => new Map(ctx.staff.list().map((s) => [s.id, `${s.name} (${s.username})`]));
  /** The Git commit of a published file, where the server commits; a failure is logged and audited, the site stays published. */
  const commitPublished = async (staff: StaffMember, site: SiteConfig, file: string, message: string) => {
    if (!ctx.commit) return;
    try {
      const id = await ctx.commit([path.join('content', site.slug, file)], message, staff);
      audit(staff, 'commit', site, `committed ${file} (${id.slice(0, 12)})`);
    } catch (error) {
      const reason = (error as Error).message.split('\n')[0]!;
      ctx.log?.(`${site.slug}: committing ${file} failed: ${reason}`);
      audit(staff, 'commit failed', site, `could not commit ${file}: ${reason}`);
    }
  };

  scope.get<{ Params: Params; Querystring: { message?: string } }>('/admin/sites/:site/content', async (request, reply) => {
    const allowed = await editor(request, reply);
    if (!allowed) return reply;
    const { site, staff } = allowed;
    const uploads = await listUploads(ctx.root, site.slug);
    const body = contentListPage({ site, files: editableFiles(site, ctx.root), versions: ctx.staff.versions(site.slug), staffNames: staffNames(), staff, uploads, ...(request.query.message ? { message: request.query.message } : {}) });
    return html(reply, 200, layout(`Content of ${site.name}`, body));
  });

  async function renderEdit(site: SiteConfig, staff: StaffMember, file: EditableFile, value: unknown, problems: ReturnType<typeof checkContent>, notice?: string): Promise<string> {
    const pictures = (await listUploads(ctx.root, site.slug)).map((u) => u.url);
    const fields = renderFields(formSchemaOf(file.kind), value, { timeZone: site.timeZone, problems, rootKey: file.kind.kind, pictures: 'uploaded-pictures' });
    return layout(`${file.title}: ${site.name}`, editPage({ site, file, fields, problems, staff, pictures, ...(notice ? { notice } : {}) }));
  }

  scope.get<{ Params: Params & { kind: string }; Querystring: { file?: string; draft?: string } }>('/admin/sites/:site/content/:kind', async (request, reply) => {
    const allowed = await editor(request, reply);
    if (!allowed) return reply;
    const { site, staff } = allowed;
    const file = editableFile(site, ctx.root, request.params.kind, request.query.file ?? contentKind(request.params.kind)?.file ?? '');
    if (!file) return html(reply, 404, layout('Not found', forbiddenPage(staff, `${site.name} has no "${request.params.kind}" content to edit.`)));
    // Back to a draft: its value, not the file's.
    const draft = request.query.draft ? ctx.staff.draft(request.query.draft) : null;
    const value = draft && draft.site === site.slug && draft.file === file.file && draft.status === 'draft' ? valueOfText(file.file, draft.body) : readEditable(site, ctx.root, file.file).value;
    return html(reply, 200, await renderEdit(site, staff, file, value, []));
  });

  scope.post<{ Params: Params & { kind: string }; Querystring: { file?: string } }>('/admin/sites/:site/content/:kind', async (request, reply) => {
    const allowed = await editor(request, reply);
    if (!allowed) return reply;
    const { site, staff } = allowed;
    const entries = formEntries(request.body);
    const fileName = entries.find(([k]) => k === '_file')?.[1] ?? request.query.file ?? '';
    const file = editableFile(site, ctx.root, request.params.kind, fileName);
    if (!file) return html(reply, 404, layout('Not found', forbiddenPage(staff, `${site.name} has no "${request.params.kind}" content to edit.`)));
    const schema = formSchemaOf(file.kind);
    // `_op` is "preview" (the main button) or adds or removes a list item.
    const submitted = readForm(schema, entries.filter(([k]) => k !== '_file'), { timeZone: site.timeZone, rootKey: file.kind.kind });
    // Adding or removing an item changes the form, not the site.
    if (submitted.op) return html(reply, 200, await renderEdit(site, staff, file, submitted.value, []));
    const problems = [...submitted.errors, ...checkContent(file.kind, submitted.value)];
    if (problems.length > 0) return html(reply, 422, await renderEdit(site, staff, file, submitted.value, problems));
    const current = readEditable(site, ctx.root, file.file);
    const text = textOfValue(file.file, submitted.value, current.text);
    if (text === current.text) return html(reply, 200, await renderEdit(site, staff, file, submitted.value, [], 'Nothing has changed: the site already shows this.'));

    const draft = ctx.staff.saveDraft({ site: site.slug, kind: file.kind.kind, file: file.file, body: text, baseHash: current.hash, authorId: staff.id, createdAt: ctx.now().toISOString() });
    audit(staff, 'change', site, `drafted a change to ${file.file}`, { draft: draft.id });
    const preview = await renderPreview({ site, root: ctx.root, appRoot: ctx.appRoot, draftId: draft.id, file: file.file, text });
    ctx.staff.setDraftAffected(draft.id, [...preview.affected, ...preview.removed]);
    audit(staff, 'preview', site, `previewed ${file.file}: ${preview.affected.filter((p) => p.endsWith('/')).length} page(s) change`, { draft: draft.id, affected: preview.affected.length, removed: preview.removed, everything: preview.everything });
    return reply.redirect(`/admin/sites/${encodeURIComponent(site.slug)}/drafts/${draft.id}${preview.everything ? `?everything=${encodeURIComponent(preview.everything)}` : ''}`, 303);
  });

  scope.get<{ Params: Params & { id: string }; Querystring: { everything?: string } }>('/admin/sites/:site/drafts/:id', async (request, reply) => {
    const allowed = await editor(request, reply);
    if (!allowed) return reply;
    const { site, staff } = allowed;
    const draft = ctx.staff.draft(request.params.id);
    if (!draft || draft.site !== site.slug) return html(reply, 404, layout('Not found', forbiddenPage(staff, 'There is no such draft for this site.')));
    const host = /^[^:]+(:\d+)?$/.exec(request.headers.host ?? '')?.[1] ?? '';
    const previewOrigin = draft.status === 'draft' ? `${request.protocol}://${site.slug}--${draft.id}.localhost${host}` : null;
    const author = ctx.staff.get(draft.authorId);
    const title = editableFile(site, ctx.root, draft.kind, draft.file)?.title ?? draft.file;
    const body = draftPage({ site, draft, title, previewOrigin, author: author ? `${author.name} (${author.username})` : 'someone', everything: request.query.everything ?? null, staff, canPublish: true });
    return html(reply, 200, layout(`Preview: ${title}`, body));
  });

  scope.post<{ Params: Params & { id: string } }>('/admin/sites/:site/drafts/:id/publish', async (request, reply) => {
    const allowed = await editor(request, reply);
    if (!allowed) return reply;
    const { site, staff } = allowed;
    const draft = ctx.staff.draft(request.params.id);
    if (!draft || draft.site !== site.slug || draft.status !== 'draft') return html(reply, 409, layout('Not a draft', forbiddenPage(staff, 'This draft has already been published or discarded.')));
    const current = readEditable(site, ctx.root, draft.file);
    if (current.hash !== draft.baseHash) {
      return html(reply, 409, layout('Changed since', forbiddenPage(staff, `content/${site.slug}/${draft.file} changed since this draft was made (someone published another change). Open it again to start from what is live now; this draft was not published.`)));
    }
    await writeFileAtomic(path.join(contentDirOf(site.slug, ctx.root), draft.file), draft.body);
    ctx.staff.recordVersion({ site: site.slug, file: draft.file, before: current.hash === null ? null : current.text, after: draft.body, draftId: draft.id, staffId: staff.id, at: ctx.now().toISOString() });
    ctx.staff.setDraftStatus(draft.id, 'published');
    await discardPreview(ctx.root, site.slug, draft.id);
    audit(staff, 'publish', site, `published ${draft.file}`, { draft: draft.id, pages: draft.affected?.length ?? null });
    ctx.rebuild(site.slug, `publish by ${staff.username}`);
    await commitPublished(staff, site, draft.file, `Content: ${site.slug} ${draft.file}, published from the admin page`);
    return reply.redirect(`/admin?published=${encodeURIComponent(site.slug)}`, 303);
  });

  scope.post<{ Params: Params & { id: string } }>('/admin/sites/:site/drafts/:id/discard', async (request, reply) => {
    const allowed = await editor(request, reply);
    if (!allowed) return reply;
    const { site, staff } = allowed;
    const draft = ctx.staff.draft(request.params.id);
    if (!draft || draft.site !== site.slug) return html(reply, 404, layout('Not found', forbiddenPage(staff, 'There is no such draft for this site.')));
    if (draft.status === 'draft') {
      ctx.staff.setDraftStatus(draft.id, 'discarded');
      await discardPreview(ctx.root, site.slug, draft.id);
      audit(staff, 'discard', site, `discarded a draft of ${draft.file}`, { draft: draft.id });
    }
    return reply.redirect(`/admin/sites/${encodeURIComponent(site.slug)}/content`, 303);
  });

  scope.post<{ Params: Params & { id: string } }>('/admin/sites/:site/versions/:id/undo', async (request, reply) => {
    const allowed = await editor(request, reply);
    if (!allowed) return reply;
    const { site, staff } = allowed;
    const version = ctx.staff.version(Number(request.params.id));
    if (!version || version.site !== site.slug || version.undoneAt) return html(reply, 409, layout('Cannot undo', forbiddenPage(staff, 'That change has already been undone, or is not of this site.')));
    const file = path.join(contentDirOf(site.slug, ctx.root), version.file);
    const current = readEditable(site, ctx.root, version.file);
    if (current.hash !== sha256(version.after)) {
      return html(reply, 409, layout('Changed since', forbiddenPage(staff, `content/${site.slug}/${version.file} changed again after that publish. Undo the later change first.`)));
    }
    if (version.before === null) {
      if (existsSync(file)) await unlink(file);
    } else await writeFileAtomic(file, version.before);
    ctx.staff.recordVersion({ site: site.slug, file: version.file, before: version.after, after: version.before ?? '', draftId: null, staffId: staff.id, at: ctx.now().toISOString() });
    ctx.staff.markUndone(version.id, ctx.now());
    audit(staff, 'undo', site, `undid the publish of ${version.file} made ${version.at}`, { version: version.id });
    ctx.rebuild(site.slug, `undo by ${staff.username}`);
    await commitPublished(staff, site, version.file, `Content: ${site.slug} ${version.file}, undone from the admin page`);
    return reply.redirect(`/admin/sites/${encodeURIComponent(site.slug)}/content?message=${encodeURIComponent(`The change to ${version.file} is undone; the site is being updated.`)}`, 303);
  });

  scope.post<{ Params: Params }>('/admin/sites/:site/images', async (request, reply) => {
    const allowed = await editor(request, reply);
    if (!allowed) return reply;
    const { site, staff } = allowed;
    const back = (message: string) => reply.redirect(`/admin/sites/${encodeURIComponent(site.slug)}/content?message=${encodeURIComponent(message)}#pictures`, 303);
    let upload;
    try {
      const part = await request.file();
      if (!part) return back('Choose a picture to upload.');
      const body = await part.toBuffer();
      upload = await storeUpload(ctx.root, site.slug, body);
    } catch (error) {
      const message = (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' ? `The picture is larger than ${UPLOAD_MAX_BYTES / 1_048_576} MB. Save it smaller and try again.` : (error as Error).message;
      return back(`Not uploaded: ${message}`);
    }
    audit(staff, 'upload', site, `uploaded a picture, ${upload.width} x ${upload.height} (${upload.url})`);
    return back(`Uploaded. Use it as ${upload.url} in an image field (the fields suggest it).`);
  });

  scope.get<{ Params: Params & { file: string } }>('/admin/sites/:site/images/:file', async (request, reply) => {
    const allowed = await editor(request, reply);
    if (!allowed) return reply;
    if (!/^[0-9a-f]{20}\.(jpg|png|webp|avif)$/.test(request.params.file)) return reply.code(404).send();
    const body = await readFile(path.join(uploadsDir(ctx.root, allowed.site.slug), request.params.file)).catch(() => null);
    if (!body) return reply.code(404).send();
    const ext = request.params.file.split('.').pop()!;
    return reply.type(ext === 'jpg' ? 'image/jpeg' : `image/${ext}`).header('Cache-Control', 'private, max-age=3600').send(body);
  });

  scope.get<{ Querystring: { site?: string } }>('/admin/audit', async (request, reply) => {
    const actor = ctx.actor(request);
    if (!actor || actor.kind !== 'staff') return html(reply, 401, ctx.signIn());
    const operator = may(actor, { to: 'operate' });
    const wanted = request.query.site ?? null;
    if (wanted && !may(actor, { to: 'view', site: wanted })) return html(reply, 403, layout('Not allowed', forbiddenPage(actor.staff, `You do not see the audit log of "${wanted}".`)));
    const sites = wanted ? [wanted] : operator ? undefined : actor.staff.sites;
    const entries = ctx.staff.auditLog(sites ? { sites, ...(operator ? {} : { own: actor.staff.id }) } : {});
    return html(reply, 200, layout('Audit log', auditPage({ entries, staff: actor.staff, site: wanted })));
  });
}

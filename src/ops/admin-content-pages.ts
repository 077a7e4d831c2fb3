/**
 * The admin page's content screens, server-rendered like the rest of it (no inline script or style): the
 * list of what a site's staff can edit with the recent publishes and their undo, the form for one file,
 * a draft with its preview and the pages it changes, and the audit log.
 */
import type { SiteConfig } from '../schemas/site-config.ts';
import type { EditableFile } from './content-kinds.ts';
import type { FieldProblem } from './schema-form.ts';
import type { AuditEntry, ContentDraft, ContentVersion, StaffMember } from './staff-store.ts';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const siteBase = (site: SiteConfig) => `/admin/sites/${encodeURIComponent(site.slug)}`;

export const editHref = (site: SiteConfig, file: EditableFile) => `${siteBase(site)}/content/${encodeURIComponent(file.kind.kind)}?file=${encodeURIComponent(file.file)}`;

/** The bar every signed-in screen opens with: where you are, who you are, and the way out. */
export function staffBar(title: string, staff: StaffMember | null, crumbs: Array<{ href: string; label: string }> = []): string {
  const trail = crumbs.map((c) => `<a class="bar-link" href="${escape(c.href)}">${escape(c.label)}</a> / `).join('');
  const who = staff ? `<span class="who">${escape(staff.name)} (${staff.role})</span> ` : '';
  return `<header class="bar">
<p class="crumbs">${trail}<span aria-current="page">${escape(title)}</span></p>
<div class="bar-end">${who}<form method="post" action="/admin/logout"><button type="submit" class="quiet">Sign out</button></form></div>
</header>`;
}

function when(iso: string | null): string {
  return iso ? `<time datetime="${escape(iso)}">${escape(iso.replace('T', ' ').replace(/:\d\d(\.\d+)?Z$/, ' UTC'))}</time>` : '';
}

export function contentListPage(options: {
  site: SiteConfig;
  files: EditableFile[];
  versions: ContentVersion[];
  staffNames: Map<number, string>;
  staff: StaffMember | null;
  uploads: Array<{ url: string; file: string; bytes: number }>;
  message?: string;
}): string {
  const { site, files } = options;
  const rows = files
    .map((f) => `<li><a href="${escape(editHref(site, f))}">${escape(f.title)}</a> <span class="hint">${escape(f.kind.summary)}</span></li>`)
    .join('\n');
  const versions = options.versions
    .map((v) => {
      const who = v.staffId !== null ? (options.staffNames.get(v.staffId) ?? 'someone') : 'someone';
      const undo = v.undoneAt
        ? `<span class="hint">undone ${when(v.undoneAt)}</span>`
        : `<form method="post" action="${siteBase(site)}/versions/${v.id}/undo" class="inline"><button type="submit" class="secondary">Undo<span class="visually-hidden"> the change to ${escape(v.file)}</span></button></form>`;
      return `<tr><td>${when(v.at)}</td><td>${escape(v.file)}</td><td>${escape(who)}</td><td>${undo}</td></tr>`;
    })
    .join('\n');
  return `${staffBar(`Content of ${site.name}`, options.staff, [{ href: '/admin', label: 'Sites' }])}
<main>
${options.message ? `<p class="notice" role="status">${escape(options.message)}</p>` : ''}
<h1>Content of ${escape(site.name)}</h1>
<p>Choose what to change. You see the pages it changes before anything goes live; publishing updates just those pages.</p>
<ul class="content-list">
${rows}
</ul>
<h2>Recent publishes</h2>
${versions ? `<table><thead><tr><th scope="col">When</th><th scope="col">File</th><th scope="col">Who</th><th scope="col"><span class="visually-hidden">Undo</span></th></tr></thead><tbody>${versions}</tbody></table>` : '<p>Nothing published from here yet.</p>'}
<h2 id="pictures">Pictures</h2>
<p>Upload a picture (JPEG, PNG, WebP or AVIF), then use its address in an image field. The site shows it at the sizes each page needs.</p>
<form method="post" action="${siteBase(site)}/images" enctype="multipart/form-data" class="upload">
<label for="picture">Picture</label>
<input id="picture" name="picture" type="file" accept="image/jpeg,image/png,image/webp,image/avif" required>
<button type="submit">Upload</button>
</form>
${
  options.uploads.length > 0
    ? `<ul class="pictures">${options.uploads
        .map((u) => `<li><img src="${siteBase(site)}/images/${escape(u.file)}" alt="" width="160" height="107" loading="lazy"><code>${escape(u.url)}</code> <span class="hint">${Math.round(u.bytes / 1024)} KB</span></li>`)
        .join('')}</ul>`
    : ''
}
<p><a href="/admin/audit?site=${encodeURIComponent(site.slug)}">Audit log for ${escape(site.name)}</a></p>
</main>
<script src="/admin/app.js" defer></script>`;
}

export function editPage(options: { site: SiteConfig; file: EditableFile; fields: string; problems: FieldProblem[]; staff: StaffMember | null; pictures: string[]; notice?: string }): string {
  const { site, file, problems } = options;
  const summary =
    problems.length > 0
      ? `<div class="problems" role="alert" tabindex="-1" id="problems"><h2>${problems.length === 1 ? 'One thing to fix' : `${problems.length} things to fix`} before the preview</h2><ul>${problems.map((p) => `<li>${escape(p.message)}</li>`).join('')}</ul></div>`
      : '';
  return `${staffBar(file.title, options.staff, [
    { href: '/admin', label: 'Sites' },
    { href: `${siteBase(site)}/content`, label: site.name },
  ])}
<main>
<h1>${escape(file.title)} <span class="slug">${escape(site.name)} · content/${escape(site.slug)}/${escape(file.file)}</span></h1>
<p class="hint">${escape(file.kind.summary)}. Dates and times are in ${escape(site.timeZone.replace(/_/g, ' '))} time. Nothing changes on the site until you publish.</p>
${options.notice ? `<p class="notice" role="status">${escape(options.notice)}</p>` : ''}
${summary}
<form method="post" class="content-form" novalidate>
<input type="hidden" name="_file" value="${escape(file.file)}">
${options.fields}
<datalist id="uploaded-pictures">${options.pictures.map((p) => `<option value="${escape(p)}"></option>`).join('')}</datalist>
<div class="actions"><button type="submit" name="_op" value="preview">Check and preview</button> <a href="${siteBase(site)}/content">Cancel</a> <a href="${siteBase(site)}/content#pictures">Upload a picture</a></div>
</form>
</main>
<script src="/admin/app.js" defer></script>`;
}

export function draftPage(options: {
  site: SiteConfig;
  draft: ContentDraft;
  title: string;
  previewOrigin: string | null;
  author: string;
  everything: string | null;
  staff: StaffMember | null;
  canPublish: boolean;
}): string {
  const { site, draft } = options;
  const affected = draft.affected ?? [];
  const pages = affected.filter((p) => p.endsWith('/') || p.endsWith('.html'));
  const list = pages
    .map((p) => (options.previewOrigin ? `<li><a href="${escape(options.previewOrigin + p)}" target="_blank" rel="noopener">${escape(p)}</a></li>` : `<li>${escape(p)}</li>`))
    .join('\n');
  const state =
    draft.status === 'published' ? '<p class="notice" role="status">This draft has been published.</p>' : draft.status === 'discarded' ? '<p class="notice" role="status">This draft was discarded.</p>' : '';
  const actions =
    draft.status === 'draft'
      ? `<div class="actions">
${options.canPublish ? `<form method="post" action="${siteBase(site)}/drafts/${escape(draft.id)}/publish" class="inline"><button type="submit">Publish now</button></form>` : ''}
<form method="post" action="${siteBase(site)}/drafts/${escape(draft.id)}/discard" class="inline"><button type="submit" class="secondary">Discard the draft</button></form>
<a href="${siteBase(site)}/content/${encodeURIComponent(draft.kind)}?file=${encodeURIComponent(draft.file)}&amp;draft=${encodeURIComponent(draft.id)}">Keep editing</a>
</div>`
      : '';
  return `${staffBar(`Preview: ${options.title}`, options.staff, [
    { href: '/admin', label: 'Sites' },
    { href: `${siteBase(site)}/content`, label: site.name },
  ])}
<main>
<h1>Preview of your change to ${escape(options.title)}</h1>
${state}
<p>Drafted by ${escape(options.author)} ${when(draft.createdAt)}. Only the pages below change when it is published${options.everything ? ` (every page, because ${escape(options.everything)})` : ''}.</p>
${options.previewOrigin ? `<p><a href="${escape(options.previewOrigin)}/" target="_blank" rel="noopener">Open the site with this change</a> <span class="hint">(a private preview: only people with this link see it)</span></p>` : ''}
<h2>${pages.length === 1 ? 'One page changes' : `${pages.length} pages change`}</h2>
${pages.length > 0 ? `<ul class="affected">${list}</ul>` : '<p>No page changes: the site already shows this.</p>'}
${actions}
</main>
<script src="/admin/app.js" defer></script>`;
}

export function auditPage(options: { entries: AuditEntry[]; staff: StaffMember | null; site: string | null }): string {
  const rows = options.entries
    .map((e) => `<tr><td>${when(e.at)}</td><td>${escape(e.who)}</td><td>${escape(e.action)}</td><td>${escape(e.site ?? '')}</td><td>${escape(e.what)}</td></tr>`)
    .join('\n');
  return `${staffBar('Audit log', options.staff, [{ href: '/admin', label: 'Sites' }])}
<main>
<h1>Audit log${options.site ? ` of ${escape(options.site)}` : ''}</h1>
<p>Every sign-in, change, preview, publish, undo and rebuild, newest first.</p>
<div class="table-wrap"><table>
<thead><tr><th scope="col">When</th><th scope="col">Who</th><th scope="col">Action</th><th scope="col">Site</th><th scope="col">What</th></tr></thead>
<tbody>
${rows}
</tbody>
</table></div>
</main>
<script src="/admin/app.js" defer></script>`;
}

export function forbiddenPage(staff: StaffMember | null, what: string): string {
  return `${staffBar('Not allowed', staff, [{ href: '/admin', label: 'Sites' }])}
<main><h1>Not allowed</h1><p role="alert">${escape(what)} Ask an operator if you need it.</p></main>`;
}

/** Styles of the content screens, added to the admin stylesheet. */
export const CONTENT_CSS = `
.crumbs { margin: 0; font-weight: 600; }
.bar-end { display: flex; align-items: center; gap: 0.75rem; }
.who { font-size: 0.9rem; }
.content-list li { margin: 0.4rem 0; }
.hint { color: #57606a; font-size: 0.9rem; }
.notice { background: #ddf4ff; border: 1px solid #54aeff; padding: 0.6rem 0.8rem; border-radius: 0.3rem; }
.problems { background: #fff1f0; border: 1px solid #a40e26; padding: 0.6rem 1rem; border-radius: 0.3rem; margin: 1rem 0; }
.problems h2 { font-size: 1.05rem; margin: 0.2rem 0; color: #a40e26; }
.content-form { background: #fff; padding: 1rem 1.5rem; box-shadow: 0 1px 2px rgb(0 0 0 / 0.08); max-width: 60rem; }
.content-form .field { margin: 0.9rem 0; }
.content-form label, .content-form legend { font-weight: 600; display: block; margin-bottom: 0.25rem; }
.content-form .checkbox label { display: inline; margin-left: 0.4rem; }
.content-form input[type="text"], .content-form input[type="number"], .content-form input[type="date"], .content-form input[type="datetime-local"], .content-form select, .content-form textarea { font: inherit; width: 100%; box-sizing: border-box; padding: 0.4rem; border: 1px solid #8c959f; border-radius: 0.3rem; }
.content-form textarea.code { font-family: ui-monospace, monospace; font-size: 0.9rem; }
.content-form [aria-invalid="true"] { border-color: #a40e26; border-width: 2px; }
.content-form .help { margin: 0 0 0.3rem; color: #57606a; font-size: 0.85rem; }
.content-form .optional, .content-form .zone { font-weight: normal; color: #57606a; font-size: 0.85rem; }
.field-errors { color: #a40e26; margin: 0.3rem 0 0; padding-left: 1.1rem; font-weight: 600; }
fieldset.group { border: 1px solid #d0d7de; border-radius: 0.3rem; margin: 0.8rem 0; padding: 0.5rem 1rem; }
fieldset.list > ol { padding-left: 1.2rem; }
button.secondary { background: #fff; color: #0550ae; }
button.secondary:hover { background: #ddf4ff; }
.actions { margin-top: 1rem; display: flex; gap: 0.75rem; align-items: center; flex-wrap: wrap; }
form.inline { display: inline; }
.affected { columns: 2; }
.upload { display: flex; gap: 0.75rem; align-items: center; flex-wrap: wrap; }
.pictures { list-style: none; padding: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(11rem, 1fr)); gap: 1rem; }
.pictures img { display: block; width: 160px; height: 107px; object-fit: cover; background: #eef0f3; }
.pictures code { font-size: 0.75rem; overflow-wrap: anywhere; }
`;

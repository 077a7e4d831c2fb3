import { leadCountsText } from './admin-leads.ts';
import type { BuildView, ReportSummary, SiteSummary } from './server.ts';
import type { StaffMember } from './staff-store.ts';

/**
 * The admin page: server-rendered HTML that works before its script loads
 * (each Rebuild button is a real form), enhanced by `/admin/app.js` with
 * live progress over `EventSource('/api/stream')`. No framework, no inline
 * script or style, so the Content-Security-Policy below can forbid both.
 */

export const ADMIN_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escape(title)}</title>
<link rel="stylesheet" href="/admin/app.css">
</head>
<body>
${body}
</body>
</html>
`;
}

/** The page shown without a session: a staff member's username and password, posted to /admin/login. */
export function signInPage(options: { message?: string; noStaff?: boolean } = {}): string {
  const message = options.message ? `<p class="error" role="alert">${escape(options.message)}</p>` : '';
  const first = options.noStaff
    ? '<p class="notice">There are no staff accounts on this server yet. An operator creates the first one on the server: <code>npm run staff -- add --username &lt;name&gt; --name "&lt;Full Name&gt;" --role operator</code>.</p>'
    : '';
  return layout(
    'Sign in: dealer sites ops',
    `<main class="sign-in">
<h1>Dealer sites ops</h1>
<p>Sign in with your staff account.</p>
${first}
${message}
<form method="post" action="/admin/login">
<label for="username">Username</label>
<input id="username" name="username" type="text" autocomplete="username" autocapitalize="none" spellcheck="false" required>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form>
</main>`,
  );
}

const seconds = (ms: number | null) => (ms === null ? '' : `${(ms / 1000).toFixed(1)} s`);

/** "2026-11-22 09:32 UTC"; the script replaces it with the reader's local time. */
function when(iso: string | null): string {
  if (!iso) return '';
  return `<time datetime="${escape(iso)}">${escape(iso.replace('T', ' ').replace(/:\d\d(\.\d+)?Z$/, ' UTC'))}</time>`;
}

const RESULT_TEXT: Record<BuildView['status'], string> = { running: 'Running', published: 'Published', failed: 'Failed' };

/** One line of the build report: pages, seconds per phase, image transforms, or why it failed. */
export function reportText(summary: ReportSummary | null): string {
  if (!summary) return '';
  if (summary.failure) return summary.failure;
  const parts: string[] = [];
  if (summary.pages !== null) parts.push(`${summary.pages} pages`);
  if (summary.phases.length > 0) parts.push(summary.phases.map((p) => `${p.phase} ${p.seconds.toFixed(2)} s`).join(', '));
  if (summary.imageTransforms) parts.push(`${summary.imageTransforms.done} image transforms (${summary.imageTransforms.reused} reused)`);
  if (summary.note) parts.push(summary.note);
  return parts.join(' · ');
}

function statusText(site: SiteSummary): string {
  const { queue } = site;
  if (queue.state === 'running') {
    const p = queue.running?.progress;
    return p ? `${p.phase} ${p.done}/${p.total}` : 'Starting';
  }
  if (queue.state === 'waiting') return 'Queued';
  return site.journal.pending > 0 ? `Idle, ${site.journal.pending} events pending` : 'Idle';
}

function row(site: SiteSummary, operator: boolean): string {
  const build = site.lastBuild;
  const result = build ? RESULT_TEXT[build.status] : 'Never built';
  const source = build?.trigger ? `<span class="trigger">${escape(build.trigger)}</span>` : '';
  return `<tr data-site="${escape(site.slug)}" data-name="${escape(site.name)}">
<th scope="row"><span class="name">${escape(site.name)}</span> <span class="slug">${escape(site.slug)}</span></th>
<td class="status" data-state="${site.queue.state}"><span class="status-text">${escape(statusText(site))}</span><progress hidden max="1" value="0"></progress></td>
<td class="time">${when(build?.finishedAt ?? build?.startedAt ?? null)}</td>
<td class="result" data-result="${build?.status ?? 'none'}">${result} ${source}</td>
<td class="duration">${seconds(build?.durationMs ?? null)}</td>
<td class="pages">${build?.pages ?? ''}</td>
<td class="report">${escape(reportText(build?.summary ?? null))}</td>
${operator ? `<td class="leads"><a href="/admin/sites/${encodeURIComponent(site.slug)}/leads">${escape(leadCountsText(site.leads))}<span class="visually-hidden"> for ${escape(site.name)}</span></a></td>` : ''}
<td class="content"><a href="/admin/sites/${encodeURIComponent(site.slug)}/content">Edit content<span class="visually-hidden"> of ${escape(site.name)}</span></a></td>
<td><form class="rebuild" method="post" action="/admin/sites/${encodeURIComponent(site.slug)}/rebuild"><button type="submit">Rebuild<span class="visually-hidden"> ${escape(site.name)}</span></button></form></td>
</tr>`;
}

/**
 * The signed-in page: the sites the staff member looks after (an operator: every site), each with its last
 * build, its content and a Rebuild button; an operator also sees the leads.
 */
export function adminPage(sites: SiteSummary[], options: { mode: 'local' | 'dispatch'; staff: StaffMember; operator: boolean }): string {
  const modeNote =
    options.mode === 'dispatch'
      ? '<p class="mode">Dispatch mode: a rebuild hands the site to GitHub Actions; results appear in the workflow run.</p>'
      : '';
  return layout(
    'Dealer sites ops',
    `<header class="bar">
<h1>Dealer sites ops</h1>
<div class="bar-end"><a class="bar-link" href="/admin/audit">Audit log</a> <span class="who">${escape(options.staff.name)} (${options.staff.role})</span>
<form method="post" action="/admin/logout"><button type="submit" class="quiet">Sign out</button></form></div>
</header>
<main>
${modeNote}
<p id="live" class="live" role="status" aria-live="polite" aria-atomic="true"></p>
<p id="connection" class="connection" hidden></p>
<div class="table-wrap">
<table>
<caption>Sites, their last build and live progress</caption>
<thead>
<tr><th scope="col">Site</th><th scope="col">Status</th><th scope="col">Last build</th><th scope="col">Result</th><th scope="col">Duration</th><th scope="col">Pages</th><th scope="col">Report</th>${options.operator ? '<th scope="col">Leads</th>' : ''}<th scope="col">Content</th><th scope="col"><span class="visually-hidden">Action</span></th></tr>
</thead>
<tbody>
${sites.map((site) => row(site, options.operator)).join('\n')}
</tbody>
</table>
</div>
</main>
<script src="/admin/app.js" defer></script>`,
  );
}

export const ADMIN_CSS = `
:root { color-scheme: light; font-family: system-ui, sans-serif; line-height: 1.4; color: #1b1f24; background: #f6f7f9; }
body { margin: 0; }
main { padding: 1rem 1.5rem 2rem; }
.bar { display: flex; align-items: center; justify-content: space-between; padding: 0.75rem 1.5rem; background: #1b1f24; color: #fff; }
.bar h1 { font-size: 1.25rem; margin: 0; }
h1 { font-size: 1.5rem; }
.table-wrap { overflow-x: auto; }
table { border-collapse: collapse; width: 100%; background: #fff; box-shadow: 0 1px 2px rgb(0 0 0 / 0.08); }
caption { text-align: left; font-weight: 600; padding: 0.5rem 0; }
th, td { text-align: left; padding: 0.6rem 0.75rem; border-bottom: 1px solid #e3e6ea; vertical-align: top; }
thead th { background: #eef0f3; font-size: 0.85rem; text-transform: uppercase; letter-spacing: 0.03em; }
.slug, .trigger { display: block; font-size: 0.8rem; color: #57606a; font-weight: normal; }
.report { font-size: 0.85rem; color: #3b434b; max-width: 28rem; }
.result[data-result="published"] { color: #116329; font-weight: 600; }
.result[data-result="failed"] { color: #a40e26; font-weight: 600; }
.status[data-state="running"] { color: #0550ae; font-weight: 600; }
progress { display: block; width: 10rem; margin-top: 0.25rem; }
progress[hidden] { display: none; }
button { font: inherit; padding: 0.4rem 0.9rem; border-radius: 0.3rem; border: 1px solid #0550ae; background: #0969da; color: #fff; cursor: pointer; }
button:hover { background: #0550ae; }
button:disabled { opacity: 0.6; cursor: progress; }
button.quiet { background: transparent; border-color: #fff; }
button:focus-visible, input:focus-visible { outline: 3px solid #fb8f44; outline-offset: 2px; }
.live { min-height: 1.4em; font-weight: 600; }
.connection { color: #9a6700; }
.error { color: #a40e26; font-weight: 600; }
.sign-in { max-width: 26rem; margin: 4rem auto; background: #fff; padding: 1.5rem 2rem; box-shadow: 0 1px 3px rgb(0 0 0 / 0.1); }
.sign-in label { display: block; font-weight: 600; margin: 1rem 0 0.3rem; }
.sign-in input { font: inherit; width: 100%; box-sizing: border-box; padding: 0.45rem; border: 1px solid #8c959f; border-radius: 0.3rem; margin-bottom: 1rem; }
.bar-link { color: #fff; }
.deliveries { margin: 0.25rem 0 0; padding-left: 1.1rem; font-size: 0.85rem; }
.deliveries li[data-status="flagged"], tr[data-state="flagged"] .lead-state { color: #a40e26; }
tr[data-state="delivered"] .lead-state { color: #116329; }
.visually-hidden { position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
`;

/**
 * The page's script (served as /admin/app.js). Rebuild buttons post through
 * fetch instead of reloading; the stream updates each row as a build starts,
 * progresses and finishes, and the live region announces starts and results.
 */
export const ADMIN_APP_JS = `'use strict';
(function () {
  var rows = {};
  document.querySelectorAll('tr[data-site]').forEach(function (tr) { rows[tr.dataset.site] = tr; });
  var live = document.getElementById('live');
  var connection = document.getElementById('connection');
  var lastPhase = {};
  var RESULT = { running: 'Running', published: 'Published', failed: 'Failed' };

  function cell(site, name) { var tr = rows[site]; return tr ? tr.querySelector('.' + name) : null; }
  function nameOf(site) { var tr = rows[site]; return tr ? tr.dataset.name : site; }
  function announce(text) { live.textContent = text; }
  function localTime(iso) { var d = new Date(iso); return isNaN(d) ? iso : d.toLocaleString(); }
  function seconds(ms) { return ms == null ? '' : (ms / 1000).toFixed(1) + ' s'; }

  function reportText(s) {
    if (!s) return '';
    if (s.failure) return s.failure;
    var parts = [];
    if (s.pages != null) parts.push(s.pages + ' pages');
    if (s.phases && s.phases.length) parts.push(s.phases.map(function (p) { return p.phase + ' ' + p.seconds.toFixed(2) + ' s'; }).join(', '));
    if (s.imageTransforms) parts.push(s.imageTransforms.done + ' image transforms (' + s.imageTransforms.reused + ' reused)');
    if (s.note) parts.push(s.note);
    return parts.join(' \\u00b7 ');
  }

  function setStatus(site, state, text, progress) {
    var td = cell(site, 'status');
    if (!td) return;
    td.dataset.state = state;
    td.querySelector('.status-text').textContent = text;
    var bar = td.querySelector('progress');
    if (progress && progress.total > 0) {
      bar.hidden = false;
      bar.max = progress.total;
      bar.value = Math.min(progress.done, progress.total);
      bar.setAttribute('aria-label', nameOf(site) + ' progress');
    } else {
      bar.hidden = true;
    }
  }

  function setButton(site, busy) {
    var tr = rows[site];
    if (!tr) return;
    var button = tr.querySelector('form.rebuild button');
    button.disabled = busy;
  }

  function showBuild(site, build) {
    if (!build) return;
    var time = cell(site, 'time');
    var iso = build.finishedAt || build.startedAt;
    time.textContent = '';
    if (iso) {
      var t = document.createElement('time');
      t.dateTime = iso;
      t.textContent = localTime(iso);
      time.appendChild(t);
    }
    var result = cell(site, 'result');
    result.dataset.result = build.status;
    result.textContent = (RESULT[build.status] || build.status) + ' ';
    if (build.trigger) {
      var trigger = document.createElement('span');
      trigger.className = 'trigger';
      trigger.textContent = build.trigger;
      result.appendChild(trigger);
    }
    cell(site, 'duration').textContent = seconds(build.durationMs);
    cell(site, 'pages').textContent = build.pages == null ? '' : String(build.pages);
    cell(site, 'report').textContent = reportText(build.summary);
  }

  function idleText(summary) {
    return summary && summary.journal && summary.journal.pending > 0 ? 'Idle, ' + summary.journal.pending + ' events pending' : 'Idle';
  }

  document.querySelectorAll('time[datetime]').forEach(function (t) { t.textContent = localTime(t.dateTime); });

  document.querySelectorAll('form.rebuild').forEach(function (form) {
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      var site = form.closest('tr').dataset.site;
      setButton(site, true);
      setStatus(site, 'waiting', 'Queued');
      fetch('/api/sites/' + encodeURIComponent(site) + '/rebuild', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: '{}',
        credentials: 'same-origin',
      }).then(function (response) {
        if (response.status === 401) { location.href = '/admin'; return; }
        if (!response.ok) return response.json().then(function (body) { throw new Error(body.error || response.statusText); });
        announce(nameOf(site) + ': rebuild queued');
      }).catch(function (error) {
        setButton(site, false);
        setStatus(site, 'idle', 'Could not queue: ' + error.message);
        announce(nameOf(site) + ': the rebuild could not be queued. ' + error.message);
      });
    });
  });

  if (!('EventSource' in window)) return;
  var stream = new EventSource('/api/stream');
  stream.addEventListener('open', function () { connection.hidden = true; });
  stream.addEventListener('error', function () {
    connection.hidden = false;
    connection.textContent = 'Live updates interrupted; reconnecting\\u2026';
  });
  stream.addEventListener('hello', function (event) {
    var data = JSON.parse(event.data);
    data.sites.forEach(function (s) {
      showBuild(s.slug, s.lastBuild);
      if (s.queue.state === 'running') {
        var p = s.queue.running && s.queue.running.progress;
        setButton(s.slug, true);
        setStatus(s.slug, 'running', p ? p.phase + ' ' + p.done + '/' + p.total : 'Starting', p);
      } else if (s.queue.state === 'waiting') {
        setStatus(s.slug, 'waiting', 'Queued');
      } else {
        setButton(s.slug, false);
        setStatus(s.slug, 'idle', idleText(s));
      }
    });
  });
  stream.addEventListener('start', function (event) {
    var data = JSON.parse(event.data);
    lastPhase[data.site] = null;
    setButton(data.site, true);
    setStatus(data.site, 'running', 'Starting');
    announce(nameOf(data.site) + ': build started (' + data.plan.triggers.join(', ') + ')');
  });
  stream.addEventListener('progress', function (event) {
    var data = JSON.parse(event.data);
    setStatus(data.site, 'running', data.phase + ' ' + data.done + '/' + data.total, data);
    // Announce phase changes only: a count that changes several times a second is noise to a screen reader.
    if (lastPhase[data.site] !== data.phase) {
      lastPhase[data.site] = data.phase;
      announce(nameOf(data.site) + ': ' + data.phase);
    }
  });
  stream.addEventListener('finish', function (event) {
    var data = JSON.parse(event.data);
    var outcome = data.outcome;
    setButton(data.site, false);
    setStatus(data.site, 'idle', data.summary ? idleText(data.summary) : 'Idle');
    showBuild(data.site, data.build);
    var text = nameOf(data.site) + ': ' + (outcome.status === 'published'
      ? 'published, ' + outcome.pages + ' pages in ' + seconds(outcome.durationMs)
      : 'failed. ' + (outcome.message || ''));
    announce(text);
  });
})();
`;

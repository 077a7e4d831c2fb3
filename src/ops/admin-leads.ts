/**
 * The leads part of the admin page: a site's recent leads with where each stands with each
 * delivery target, a Retry button for flagged ones, and the CSV export. Server-rendered like
 * the rest of the admin page (no inline script or style).
 */
import { fieldLabel } from '../forms/fields.ts';
import type { SiteConfig } from '../schemas/site-config.ts';
import { leadState, type LeadState, type StoredLead } from './lead-store.ts';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STATE_TEXT: Record<LeadState, string> = {
  stored: 'Stored (no delivery target)',
  pending: 'Waiting to be delivered',
  delivered: 'Delivered',
  flagged: 'Flagged: a target refused it or retries ran out',
  spam: 'Spam (honeypot filled in), not delivered',
};

/** "12 leads: 10 delivered, 1 pending, 1 flagged", for the sites table. */
export function leadCountsText(counts: Record<LeadState, number>): string {
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  if (total === 0) return 'No leads yet';
  const parts = (['delivered', 'pending', 'flagged', 'stored', 'spam'] as const).filter((s) => counts[s] > 0).map((s) => `${counts[s]} ${s}`);
  return `${total} ${total === 1 ? 'lead' : 'leads'}: ${parts.join(', ')}`;
}

/** Who the lead is from, in one line. */
function contact(lead: StoredLead): string {
  const f = lead.fields;
  const name = [f.name, f.last_name].filter((v) => typeof v === 'string' && v.trim()).join(' ');
  return [name, f.email, f.phone].filter((v) => typeof v === 'string' && v.trim()).join(' · ');
}

function vehicleText(lead: StoredLead): string {
  const v = lead.context.vehicle;
  if (!v) return '';
  return [v.year, v.make, v.model, v.badge].filter(Boolean).join(' ') + (v.stocknum ? ` (stock ${v.stocknum})` : '');
}

function deliveries(lead: StoredLead): string {
  if (lead.deliveries.length === 0) return '';
  return `<ul class="deliveries">${lead.deliveries
    .map(
      (d) =>
        `<li data-status="${d.status}"><strong>${escape(d.target)}</strong>: ${escape(d.status)}${d.attempts ? `, ${d.attempts} ${d.attempts === 1 ? 'attempt' : 'attempts'}` : ''}${d.lastError ? ` (${escape(d.lastError)})` : ''}</li>`,
    )
    .join('')}</ul>`;
}

/** A site's recent leads, newest first. */
export function leadsPage(site: SiteConfig, leads: readonly StoredLead[], counts: Record<LeadState, number>, layout: (title: string, body: string) => string): string {
  const rows = leads.map((lead) => {
    const state = leadState(lead);
    const message = typeof lead.fields.message === 'string' ? lead.fields.message : typeof lead.fields.Comments === 'string' ? lead.fields.Comments : '';
    const retry =
      state === 'flagged'
        ? `<form method="post" action="/admin/sites/${encodeURIComponent(site.slug)}/leads/${lead.id}/retry"><button type="submit">Retry<span class="visually-hidden"> lead ${lead.id}</span></button></form>`
        : '';
    return `<tr data-lead="${lead.id}" data-state="${state}">
<th scope="row">${lead.id}</th>
<td><time datetime="${escape(lead.receivedAt)}">${escape(lead.receivedAt.replace('T', ' ').replace(/:\d\d(\.\d+)?Z$/, ' UTC'))}</time></td>
<td>${escape(lead.form)}</td>
<td>${escape(contact(lead))}</td>
<td>${escape(vehicleText(lead))}</td>
<td class="report">${escape(message.slice(0, 200))}</td>
<td class="lead-state">${escape(STATE_TEXT[state])}${deliveries(lead)}</td>
<td>${retry}</td>
</tr>`;
  });
  return layout(
    `Leads: ${site.name}`,
    `<header class="bar">
<h1>Leads: ${escape(site.name)}</h1>
<a class="bar-link" href="/admin">All sites</a>
</header>
<main>
<p>${escape(leadCountsText(counts))}. <a href="/admin/sites/${encodeURIComponent(site.slug)}/leads.csv">Download all as CSV</a></p>
<div class="table-wrap">
<table>
<caption>Recent leads, newest first</caption>
<thead><tr><th scope="col">Lead</th><th scope="col">Received</th><th scope="col">Form</th><th scope="col">Contact</th><th scope="col">Vehicle</th><th scope="col">Message</th><th scope="col">Delivery</th><th scope="col"><span class="visually-hidden">Action</span></th></tr></thead>
<tbody>
${rows.join('\n') || '<tr><td colspan="8">No leads yet.</td></tr>'}
</tbody>
</table>
</div>
</main>`,
  );
}

const CSV_FIELDS = ['name', 'last_name', 'email', 'phone', 'postcode', 'message', 'category', 'subcategory'] as const;

/** One CSV cell: quoted when needed, and never read as a formula by a spreadsheet. */
function cell(value: unknown): string {
  let text = value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Every lead of a site as CSV rows (a header row first): contact fields, the vehicle, delivery state, and the rest as JSON. */
export function* leadsCsv(leads: Iterable<StoredLead>): Generator<string> {
  const header = ['lead_id', 'received_at', 'form', 'state', ...CSV_FIELDS.map(fieldLabel), 'vehicle', 'stock', 'vin', 'page', 'other_fields', 'deliveries'];
  yield `${header.map(cell).join(',')}\r\n`;
  for (const lead of leads) {
    const others = Object.fromEntries(Object.entries(lead.fields).filter(([k]) => !(CSV_FIELDS as readonly string[]).includes(k) && k !== 'form'));
    yield `${[
      lead.id,
      lead.receivedAt,
      lead.form,
      leadState(lead),
      ...CSV_FIELDS.map((f) => lead.fields[f]),
      vehicleText(lead),
      lead.context.vehicle?.stocknum,
      lead.context.vehicle?.vin,
      lead.context.page,
      others,
      lead.deliveries.map((d) => `${d.target}: ${d.status}`).join('; '),
    ]
      .map(cell)
      .join(',')}\r\n`;
  }
}

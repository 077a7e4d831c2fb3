import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, type Page } from '@playwright/test';

/** The journal the preview server stores leads in (as the ops server does). */
export const LEADS_DB = path.resolve(process.env.OPS_DATA_DIR || 'data/ops', 'ops.sqlite');

export interface LeadRow {
  id: number;
  site: string;
  form: string;
  fields: Record<string, unknown>;
  context: { page: string | null; vehicle: { id: number; vin: string | null } | null };
  spam: boolean;
}

/** The leads stored for an email address, oldest first (read-only, beside the running server). */
export function leadsFor(email: string): LeadRow[] {
  const db = new Database(LEADS_DB, { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare("select id, site, form, fields, context, spam from leads where json_extract(fields, '$.email') = ? order by id").all(email) as Array<{
      id: number;
      site: string;
      form: string;
      fields: string;
      context: string;
      spam: number;
    }>;
    return rows.map((r) => ({ ...r, fields: JSON.parse(r.fields), context: JSON.parse(r.context), spam: r.spam === 1 }));
  } finally {
    db.close();
  }
}

/** A unique address per test, so each test finds its own leads. */
export function uniqueEmail(label: string): string {
  return `${label.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** What a shopper types into each kind of field. */
export function answerFor(name: string, email: string): string | null {
  const answers: Record<string, string> = {
    name: 'Jane',
    last_name: 'Citizen',
    email,
    phone: '0412 345 678',
    postcode: '4000',
    message: 'Please call me about this.',
    Comments: 'Rattle from the rear.',
    Rego: '123ABC',
    'Vehicle Make': 'Mazda',
    'Vehicle Model': 'CX-5',
    'Vehicle Year': '2019',
    'Vehicle Rego': '123ABC',
    'Service Interval': '45,000 km',
    make: 'Mazda',
    model: 'CX-5',
    year: '2019',
    rego: '123ABC',
    kms: '45,000',
    vehiclePriceBudget: '$25,000',
    preferred_date_time: '2026-12-01T10:00',
    'Preferred Service Date': '2026-12-01T08:00',
  };
  return answers[name] ?? null;
}

/**
 * Fills every visible field of the form with id `formId` that is empty: text from {@link answerFor},
 * the first real option of a required select, and the terms checkbox.
 */
export async function fillVisibleFields(page: Page, formId: string, email: string): Promise<void> {
  const form = page.locator(`#${formId} form`);
  // Right after a link is followed the new page may still be arriving: read the fields only once the form
  // is there to its last control (its submit button), or an empty list would leave every field blank.
  await form.locator('button[type="submit"]').waitFor();
  const fields = await form.locator('input:visible, select:visible, textarea:visible').evaluateAll((elements) =>
    elements.map((el) => ({
      name: (el as HTMLInputElement).name,
      tag: el.tagName.toLowerCase(),
      type: (el as HTMLInputElement).type,
      value: (el as HTMLInputElement).value,
      required: (el as HTMLInputElement).required,
    })),
  );
  for (const field of fields) {
    const control = form.locator(`[name="${field.name}"]`).first();
    if (field.type === 'checkbox') {
      // The terms, and the first of a set of ticks (an additional service).
      if (field.name === 'terms_conditions' || (field.name.endsWith('_check') && fields.find((f) => f.name.endsWith('_check'))?.name === field.name)) await control.check();
      continue;
    }
    if (field.tag === 'select') {
      if (!field.value && field.required) {
        const value = await control.locator('option').evaluateAll((options) => (options as HTMLOptionElement[]).map((o) => o.value).find((v) => v !== '') ?? '');
        await control.selectOption(value);
      }
      continue;
    }
    const answer = answerFor(field.name, email);
    if (answer !== null && !field.value) await control.fill(answer);
  }
}

/**
 * Fills and sends the form with id `formId` step by step (at most four steps). With `checkSteps`, each
 * Next must lead to the following step (a hydrated, stepped form); without JavaScript every step shows at once.
 */
export async function sendForm(page: Page, formId: string, email: string, options: { checkSteps?: boolean } = {}): Promise<void> {
  const submit = page.locator(`#${formId} form button[type="submit"]`);
  for (let step = 0; step < 4; step++) {
    await fillVisibleFields(page, formId, email);
    const label = (await submit.textContent())?.trim();
    await submit.click();
    if (label !== 'Next') return;
    if (options.checkSteps) await expect(page.locator(`#${formId} legend`).first()).toContainText(`Step ${step + 2} of`);
  }
}


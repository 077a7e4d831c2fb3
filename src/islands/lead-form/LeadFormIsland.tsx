/**
 * A lead form as a page hands it to the browser: its spec goes in a JSON data block of the page, not in the
 * island's own props. Astro wraps every value of an island's props, escapes them into an attribute and
 * hashes them with the island's markup; a form's fields, its options above all (a trade-in form lists
 * every make and year), were most of that, page after page. The spec is plain data (a test holds it to a
 * JSON round trip).
 */
import { useMemo } from 'react';
import type { FormSpec } from '../../forms/definitions.ts';
import { dataBlockText } from '../../lib/text.ts';
import LeadForm from './LeadForm.tsx';

/** The id of the data block holding the spec of the form `form` (its id) on a page. */
export const leadFormSpecId = (form: string) => `${form}-spec`;

// The specs of the last few forms written, by site, page and form: the server's renders of the island
// (Astro may render a component more than once to learn which renderer it is for) take them from here.
// A browser reads the page's data block.
const written = new Map<string, FormSpec>();
const MOST_WRITTEN = 32;
const keyOf = (site: string, page: string, form: string) => `${site} ${page}#${form}`;

/**
 * The text of the data block (id {@link leadFormSpecId}) holding `spec` on `page`, for the page to write
 * before `<LeadFormIsland client:visible site={spec.site} page={page} form={spec.id} />`.
 */
export function leadFormSpecText(page: string, spec: FormSpec): string {
  const key = keyOf(spec.site, page, spec.id);
  written.delete(key);
  if (written.size >= MOST_WRITTEN) written.delete(written.keys().next().value!);
  written.set(key, spec);
  return dataBlockText(spec);
}

function specOf(site: string, page: string, form: string): FormSpec {
  const kept = written.get(keyOf(site, page, form));
  if (kept) return kept;
  const block = typeof document === 'undefined' ? null : document.getElementById(leadFormSpecId(form));
  if (!block?.textContent) throw new Error(`the form ${form} on ${page} has no spec: the page holds no #${leadFormSpecId(form)} block`);
  return JSON.parse(block.textContent) as FormSpec;
}

export interface LeadFormIslandProps {
  site: string;
  page: string;
  /** The form's id. */
  form: string;
}

export default function LeadFormIsland({ site, page, form }: LeadFormIslandProps) {
  const spec = useMemo(() => specOf(site, page, form), [site, page, form]);
  return <LeadForm spec={spec} />;
}

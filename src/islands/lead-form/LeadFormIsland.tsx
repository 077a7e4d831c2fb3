/**
 * A lead form as a page hands it to the browser: its spec goes in a JSON data block of the page, not in the
 * island's own props (see ../data-block-props.ts). A form's fields, its options above all (a trade-in form
 * lists every make and year), were most of those props, page after page. The spec is plain data (a test
 * holds it to a JSON round trip).
 */
import { useMemo } from 'react';
import type { FormSpec } from '../../forms/definitions.ts';
import { DataBlockProps } from '../data-block-props.ts';
import LeadForm from './LeadForm.tsx';

/** The id of the data block holding the spec of the form `form` (its id) on a page. */
export const leadFormSpecId = (form: string) => `${form}-spec`;

// The specs of the last few forms written, by site, page and form: another page's form may have the same id.
const blocks = new DataBlockProps<FormSpec>(32);
const keyOf = (site: string, page: string, form: string) => `${site} ${page}#${form}`;

/**
 * The text of the data block (id {@link leadFormSpecId}) holding `spec` on `page`, for the page to write
 * before `<LeadFormIsland client:visible site={spec.site} page={page} form={spec.id} />`.
 */
export function leadFormSpecText(page: string, spec: FormSpec): string {
  return blocks.text(keyOf(spec.site, page, spec.id), spec);
}

function specOf(site: string, page: string, form: string): FormSpec {
  const spec = blocks.read(keyOf(site, page, form), leadFormSpecId(form));
  if (!spec) throw new Error(`the form ${form} on ${page} has no spec: the page holds no #${leadFormSpecId(form)} block`);
  return spec;
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

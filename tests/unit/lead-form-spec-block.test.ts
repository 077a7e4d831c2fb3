// A lead form's spec goes to the browser as a JSON data block beside the island
// (src/islands/lead-form/LeadFormIsland.tsx): it must come through that text as it is, the text must not
// end the block early, and the server's render of the island must be the form's own.
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { FormPageKind } from '../../src/forms/definitions.ts';
import { formPageForm, vehicleEnquiryForm } from '../../src/forms/definitions.ts';
import LeadForm from '../../src/islands/lead-form/LeadForm.tsx';
import LeadFormIsland, { leadFormSpecText } from '../../src/islands/lead-form/LeadFormIsland.tsx';
import { formContext } from '../../src/views/forms.ts';
import { vehicleForms } from '../../src/views/vehicle/forms.ts';
import { demoManifest } from '../support/demo-manifest.ts';
import { notJson } from '../support/json.ts';

const FORM_PAGES: FormPageKind[] = ['finance', 'finance-enquiry', 'service', 'trade-in', 'sell-my-car', 'book-test-drive'];

describe.each(['bayside-mg', 'summit-motor-group', 'northside-used'])('the lead form specs of %s', (slug) => {
  it('come through a JSON text as they are: every form page, and the form of every vehicle', () => {
    const { site, data } = demoManifest(slug, 300);
    for (const kind of FORM_PAGES) expect(notJson(formPageForm(kind, formContext(site, data))), kind).toEqual([]);
    for (const vehicle of data.vehicles) {
      expect(notJson(vehicleForms(site, data, vehicle, { available: true, finance: true }).inline), vehicle.slug).toEqual([]);
      expect(notJson(formPageForm('trade-in', formContext(site, data, vehicle))), vehicle.slug).toEqual([]);
    }
  });
});

describe('the data block a form spec goes in', () => {
  it('parses back to the spec, holds no markup that could end it, and serves the server render of that page', () => {
    const { site, data } = demoManifest('summit-motor-group', 50);
    const [first, second] = data.vehicles;
    const spec = vehicleEnquiryForm({ ...formContext(site, data), vehicle: { id: first!.id, name: 'Car', slug: first!.slug, car_type: 'used', tag: null, vin: null } } as never);
    // Text from the dealer's content may hold markup, a closing script tag and a comment opener included.
    const hostile = { ...spec, intro: '</script><script>alert(1)</script><!-- x' };
    const text = leadFormSpecText('/cars/a/', hostile);
    expect(text).not.toMatch(/<\/script|<!--/i);
    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(hostile)));
    // The island rendered on the server for a page takes the spec written for it, not another page's form of the same id.
    const page = vehicleForms(site, data, first!, { available: true, finance: true }).inline;
    const other = vehicleForms(site, data, second!, { available: true, finance: true }).inline;
    expect(other.id).toBe(page.id);
    leadFormSpecText(`/cars/${first!.slug}/`, page);
    leadFormSpecText(`/cars/${second!.slug}/`, other);
    const html = renderToString(createElement(LeadFormIsland, { site: site.slug, page: `/cars/${first!.slug}/`, form: page.id }));
    expect(html).toContain('<form');
    expect(html).toBe(renderToString(createElement(LeadForm, { spec: page })));
    expect(html).not.toBe(renderToString(createElement(LeadForm, { spec: other })));
    expect(() => renderToString(createElement(LeadFormIsland, { site: site.slug, page: '/never-written/', form: page.id }))).toThrow(/the page holds no #enquire-spec block/);
  });
});

// A vehicle page's form dialogs read their forms from one JSON data block of the page
// (src/islands/lead-form/FormDialog.tsx), not from their own props: every spec must come through that
// text as it is, and the text must not end the block early.
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import FormDialog, { formDialogSpecsText } from '../../src/islands/lead-form/FormDialog.tsx';
import { vehicleForms } from '../../src/views/vehicle/forms.ts';
import { demoManifest } from '../support/demo-manifest.ts';
import { notJson } from '../support/json.ts';

describe.each(['bayside-mg', 'summit-motor-group', 'northside-used'])('the form dialogs of %s', (slug) => {
  it('have specs that come through a JSON text as they are, for every vehicle', () => {
    const { site, data } = demoManifest(slug, 300);
    let dialogs = 0;
    for (const vehicle of data.vehicles) {
      for (const dialog of vehicleForms(site, data, vehicle, { available: true, finance: true }).dialogs) {
        expect(notJson(dialog.spec), `${vehicle.slug} ${dialog.id}`).toEqual([]);
        dialogs++;
      }
    }
    expect(dialogs).toBeGreaterThanOrEqual(3 * data.vehicles.length);
  });
});

describe('the data block the specs go in', () => {
  it('parses back to each dialog spec by dialog id, and holds no markup that could end it', () => {
    const { site, data } = demoManifest('summit-motor-group', 50);
    const { dialogs } = vehicleForms(site, data, data.vehicles[0]!, { available: true, finance: true });
    // Text from the dealer's content may hold markup, a closing script tag and a comment opener included.
    const hostile = dialogs.map((d, i) => (i === 0 ? { ...d, spec: { ...d.spec, intro: '</script><script>alert(1)</script><!-- x' } } : d));
    const text = formDialogSpecsText(hostile);
    expect(text).not.toMatch(/<\/script|<!--/i);
    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(Object.fromEntries(hostile.map((d) => [d.id, d.spec])))));
  });

  it('leaves the server render of a dialog without its form: a shut dialog named by its form heading', () => {
    const { site, data } = demoManifest('summit-motor-group', 50);
    const [first] = vehicleForms(site, data, data.vehicles[0]!, { available: true, finance: true }).dialogs;
    const html = renderToString(createElement(FormDialog, { id: first!.id, form: first!.spec.id }));
    expect(html).toMatch(new RegExp(`^<dialog id="${first!.id}" aria-labelledby="${first!.spec.id}-heading"`));
    expect(html).not.toContain('<form');
    expect(html).not.toContain(first!.spec.steps[0]!.fields[0]!.label);
  });
});

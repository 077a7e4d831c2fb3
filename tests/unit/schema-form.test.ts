import { describe, expect, it } from 'vitest';
import { checkContent, contentKind, formSchemaOf, textOfValue, valueOfText } from '../../src/ops/content-kinds.ts';
import { fromLocalInput, readForm, renderFields, toLocalInput } from '../../src/ops/schema-form.ts';
import { attr, findAll, parseHtml, text } from '../support/html.ts';

const offers = contentKind('offers')!;
const schema = formSchemaOf(offers);
const OFFER = { id: 'spring-sale', name: 'Spring sale', description: '<p>Save</p>', manufacturer: 'MG', start: '2026-09-01T00:00:00+10:00', expiry: '2026-09-30T23:59:59+10:00' };

/** The name/value pairs a browser would send for the rendered fields. */
function submit(html: string): Array<[string, string]> {
  const { document } = parseHtml(`<form>${html}</form>`);
  const pairs: Array<[string, string]> = [];
  for (const el of findAll(document, (e) => ['input', 'textarea', 'select'].includes(e.tagName))) {
    const name = attr(el, 'name');
    if (!name) continue;
    if (el.tagName === 'input' && attr(el, 'type') === 'checkbox' && attr(el, 'checked') === undefined) continue;
    if (el.tagName === 'textarea') pairs.push([name, text(el)]);
    else if (el.tagName === 'select') pairs.push([name, attr(findAll(el, (o) => o.tagName === 'option' && attr(o, 'selected') !== undefined)[0] ?? el, 'value') ?? '']);
    else pairs.push([name, attr(el, 'value') ?? '']);
  }
  return pairs;
}

describe('forms from a content schema', () => {
  it('gives every field a label and its schema description as help, dates in the site zone', () => {
    const html = renderFields(schema, [OFFER], { timeZone: 'Australia/Brisbane', rootKey: 'offers' });
    const { document, errors } = parseHtml(`<!doctype html><title>t</title><form>${html}</form>`);
    expect(errors).toEqual([]);
    const name = findAll(document, (e) => attr(e, 'name') === 'v/0/name')[0]!;
    expect(attr(name, 'value')).toBe('Spring sale');
    const label = findAll(document, (e) => e.tagName === 'label' && attr(e, 'for') === attr(name, 'id'))[0]!;
    expect(text(label)).toBe('Name');
    expect(text(findAll(document, (e) => attr(e, 'id') === attr(name, 'aria-describedby'))[0]!)).toBe('Headline.');
    const expiry = findAll(document, (e) => attr(e, 'name') === 'v/0/expiry')[0]!;
    expect([attr(expiry, 'type'), attr(expiry, 'value')]).toEqual(['datetime-local', '2026-09-30T23:59:59']);
  });

  it('reads back what it rendered, and adds and removes list items', () => {
    const html = renderFields(schema, [OFFER], { timeZone: 'Australia/Brisbane', rootKey: 'offers' });
    expect(readForm(schema, submit(html), { timeZone: 'Australia/Brisbane', rootKey: 'offers' }).value).toEqual([{ ...OFFER, excluded_website_ids: undefined }].map(({ excluded_website_ids, ...o }) => o));
    const added = readForm(schema, [...submit(html), ['_op', 'add:']], { timeZone: 'Australia/Brisbane', rootKey: 'offers' });
    expect(added.op).toEqual({ op: 'add', path: [] });
    expect(added.value).toHaveLength(2);
    const removed = readForm(schema, [...submit(html), ['_op', 'remove:/0']], { timeZone: 'Australia/Brisbane', rootKey: 'offers' });
    expect(removed.value).toEqual([]);
  });

  it('turns the wall clock typed in the site zone into an ISO date-time with that zone’s offset', () => {
    expect(fromLocalInput('2026-06-30T23:59', 'Australia/Brisbane')).toBe('2026-06-30T23:59:00+10:00');
    expect(fromLocalInput('2026-01-15T09:30', 'Australia/Sydney')).toBe('2026-01-15T09:30:00+11:00');
    expect(toLocalInput('2026-06-30T13:59:00Z', 'Australia/Brisbane')).toBe('2026-06-30T23:59');
    expect(toLocalInput('2026-07-01', 'Australia/Brisbane')).toBe('2026-07-01T00:00');
  });

  it('checks a value as the build does, with the field and a sentence that says how to fix it', () => {
    const problems = checkContent(offers, [{ ...OFFER, expiry: '2026-08-01T00:00:00+10:00' }]);
    expect(problems).toEqual([{ path: [0, 'expiry'], message: expect.stringMatching(/^0\.expiry.*expiry is before start/) }]);
    const html = renderFields(schema, [{ ...OFFER, expiry: '2026-08-01T00:00:00+10:00' }], { timeZone: 'Australia/Brisbane', rootKey: 'offers', problems });
    const { document } = parseHtml(`<form>${html}</form>`);
    const expiry = findAll(document, (e) => attr(e, 'name') === 'v/0/expiry')[0]!;
    expect(attr(expiry, 'aria-invalid')).toBe('true');
    expect(text(findAll(document, (e) => attr(e, 'id') === `${attr(expiry, 'id')}-errors`)[0]!)).toMatch(/expiry is before start/);
  });

  it('writes YAML back keeping the comment the file opens with, and a page as frontmatter and body', () => {
    const text = textOfValue('offers.yaml', [OFFER], '# Offers: edit, then publish.\n# Dates are Brisbane time.\n\n- id: old\n');
    expect(text.startsWith('# Offers: edit, then publish.\n# Dates are Brisbane time.\n\n- id: spring-sale\n')).toBe(true);
    expect(valueOfText('offers.yaml', text)).toEqual([OFFER]);
    const page = textOfValue('pages/about.md', { title: 'About us', description: 'Who we are', body: '## Hello\n\nText.\n' }, '');
    expect(page).toBe('---\ntitle: About us\ndescription: Who we are\n---\n## Hello\n\nText.\n');
    expect(valueOfText('pages/about.md', page)).toEqual({ title: 'About us', description: 'Who we are', body: '## Hello\n\nText.\n' });
  });

  it('edits what a form cannot show (a value of one shape or another) as YAML, and says which field does not parse', () => {
    const mixed = { type: 'object', properties: { rule: { anyOf: [{ type: 'object', properties: { a: { type: 'string' } } }, { type: 'array', items: { type: 'string' } }] } } };
    const html = renderFields(mixed, { rule: ['x', 'y'] }, { timeZone: 'Australia/Brisbane' });
    expect(html).toContain('name="y/rule"');
    expect(readForm(mixed, [['y/rule', '- x\n- z\n']], { timeZone: 'Australia/Brisbane' }).value).toEqual({ rule: ['x', 'z'] });
    const read = readForm(mixed, [['y/rule', 'a: [unclosed']], { timeZone: 'Australia/Brisbane' });
    expect(read.errors.map((e) => e.path)).toEqual([['rule']]);
    expect(read.errors[0]!.message).toMatch(/not valid YAML/);
  });
});

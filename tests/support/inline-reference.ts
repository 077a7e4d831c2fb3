import { Parser } from 'htmlparser2';
import { isExecutableScript, type InlineTexts } from '../../src/generator/host-files.ts';

/**
 * The plain reference for the generator's inline-content scan: a full HTML tokenizer (htmlparser2), the
 * slow and obvious way. The fast scan must find exactly what this finds.
 */
export function referenceInlineTexts(html: string): InlineTexts {
  const found: InlineTexts = { scripts: [], styles: [], styleAttributes: false, blocked: [] };
  const blocked = new Set<string>();
  let collecting: 'script' | 'style' | null = null;
  let text = '';
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (attribs.style !== undefined) found.styleAttributes = true;
        for (const [attr, value] of Object.entries(attribs)) {
          if (attr.startsWith('on') && attr.length > 2) blocked.add(`<${name} ${attr}>`);
          else if (['href', 'src', 'action', 'formaction', 'data', 'xlink:href'].includes(attr) && /^\s*javascript:/i.test(value)) blocked.add(`<${name} ${attr}="javascript:...">`);
        }
        if (name === 'script') collecting = attribs.src === undefined && isExecutableScript(attribs) ? 'script' : null;
        else if (name === 'style') collecting = 'style';
        else return;
        text = '';
      },
      ontext(chunk) {
        if (collecting) text += chunk;
      },
      onclosetag(name) {
        if (collecting && name === collecting) (collecting === 'script' ? found.scripts : found.styles).push(text.replace(/\0/g, '\uFFFD'));
        if (name === 'script' || name === 'style') collecting = null;
      },
    },
    { decodeEntities: true },
  );
  parser.write(html.replace(/\r\n?/g, '\n'));
  parser.end();
  found.blocked = [...blocked];
  return found;
}

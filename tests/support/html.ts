import { parse, type DefaultTreeAdapterMap } from 'parse5';

type Node = DefaultTreeAdapterMap['node'];
export type Element = DefaultTreeAdapterMap['element'];

/** Parses HTML the way browsers do, collecting every parse error (a valid page has none). */
export function parseHtml(html: string): { document: DefaultTreeAdapterMap['document']; errors: string[] } {
  const errors: string[] = [];
  const document = parse(html, { sourceCodeLocationInfo: false, onParseError: (e) => errors.push(`${e.code} at line ${e.startLine}:${e.startCol}`) });
  return { document, errors };
}

/** Every element below `root` matching the predicate, in document order. */
export function findAll(root: Node, match: (el: Element) => boolean): Element[] {
  const found: Element[] = [];
  const visit = (node: Node) => {
    if ('tagName' in node && match(node)) found.push(node);
    const children = 'childNodes' in node ? node.childNodes : [];
    for (const child of children) visit(child);
    if ('content' in node && node.content) visit(node.content as Node);
  };
  visit(root);
  return found;
}

export function attr(el: Element, name: string): string | undefined {
  return el.attrs.find((a) => a.name === name)?.value;
}

/** Text content of an element. */
export function text(el: Node): string {
  if ('value' in el && el.nodeName === '#text') return el.value;
  return 'childNodes' in el ? el.childNodes.map(text).join('') : '';
}

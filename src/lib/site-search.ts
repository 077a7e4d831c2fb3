/**
 * The header's search box in the browser: a combobox whose first option searches the stock for the words
 * typed and whose others are the content pages the site's Pagefind index finds. The index (`/pagefind/`)
 * loads on first use, so pages pay nothing until a shopper types. Browser-only.
 */
import { ALL_STOCK_PATH } from './urls.ts';

interface PagefindResult {
  data(): Promise<{ url: string; excerpt: string; meta: { title?: string } }>;
}
interface Pagefind {
  search(query: string): Promise<{ results: PagefindResult[] } | null>;
}

/** Content pages offered under the stock option. */
export const SITE_SEARCH_RESULTS = 5;

let loading: Promise<Pagefind | null> | null = null;
function loadPagefind(): Promise<Pagefind | null> {
  // Kept out of the bundle: the index is a file of each site's release, not part of the app.
  const url = '/pagefind/pagefind.js';
  return (loading ??= import(/* @vite-ignore */ url).then(
    (module: Pagefind) => module,
    () => null,
  ));
}

/** The address of a stock search for the words typed. */
export function stockSearchHref(query: string): string {
  return `${ALL_STOCK_PATH}?query=${encodeURIComponent(query)}`;
}

/** An excerpt's text with its <mark> runs as <mark> elements; everything else as plain text. */
function excerptNodes(excerpt: string): Node[] {
  const nodes: Node[] = [];
  const parts = excerpt.split(/(<mark>.*?<\/mark>)/g);
  // Entities decoded, spaces kept (a parsed document would drop the space that starts a run).
  const decoder = document.createElement('textarea');
  const text = (html: string) => {
    decoder.innerHTML = html;
    return decoder.value;
  };
  for (const part of parts) {
    if (!part) continue;
    if (part.startsWith('<mark>')) {
      const mark = document.createElement('mark');
      mark.textContent = text(part.slice(6, -7));
      nodes.push(mark);
    } else {
      nodes.push(document.createTextNode(text(part)));
    }
  }
  return nodes;
}

export function wireSiteSearch(form: HTMLFormElement): void {
  const input = form.querySelector<HTMLInputElement>('input[role="combobox"]')!;
  const list = form.querySelector<HTMLUListElement>('[data-site-search-results]')!;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let active = -1;
  let asked = 0;

  const options = () => [...list.querySelectorAll<HTMLLIElement>('[role="option"]')];
  const close = () => {
    list.classList.add('hidden');
    input.setAttribute('aria-expanded', 'false');
    input.removeAttribute('aria-activedescendant');
    active = -1;
  };
  const highlight = (index: number) => {
    const all = options();
    active = all.length === 0 ? -1 : (index + all.length) % all.length;
    all.forEach((option, i) => {
      option.setAttribute('aria-selected', String(i === active));
      option.classList.toggle('bg-slate-100', i === active);
    });
    if (active >= 0) input.setAttribute('aria-activedescendant', all[active]!.id);
  };
  const option = (id: string, href: string, title: string, excerpt: Node[]) => {
    // An option is not a link (a link inside an option is a control inside a control): choosing it,
    // by click or by Enter, opens its address.
    const item = document.createElement('li');
    item.id = id;
    item.setAttribute('role', 'option');
    item.setAttribute('aria-selected', 'false');
    item.dataset.href = href;
    item.className = 'block cursor-pointer px-3 py-2 hover:bg-slate-100';
    item.addEventListener('mousedown', (event) => event.preventDefault());
    item.addEventListener('click', () => window.location.assign(href));
    const heading = document.createElement('span');
    heading.className = 'block font-semibold';
    heading.textContent = title;
    item.append(heading);
    if (excerpt.length > 0) {
      const detail = document.createElement('span');
      detail.className = 'block text-sm text-slate-700';
      detail.append(...excerpt);
      item.append(detail);
    }
    return item;
  };

  const show = async (query: string) => {
    const ask = ++asked;
    const items = [option(`${list.id}-stock`, stockSearchHref(query), `Search stock for “${query}”`, [])];
    const pagefind = await loadPagefind();
    const found = pagefind ? ((await pagefind.search(query))?.results ?? []) : [];
    const pages = await Promise.all(found.slice(0, SITE_SEARCH_RESULTS).map((r) => r.data()));
    if (ask !== asked) return;
    pages.forEach((page, i) => items.push(option(`${list.id}-page-${i}`, page.url, page.meta.title ?? page.url, excerptNodes(page.excerpt))));
    list.replaceChildren(...items);
    list.classList.remove('hidden');
    input.setAttribute('aria-expanded', 'true');
    active = -1;
    input.removeAttribute('aria-activedescendant');
  };

  input.addEventListener('focus', () => void loadPagefind());
  input.addEventListener('input', () => {
    clearTimeout(timer);
    const query = input.value.trim();
    if (!query) {
      asked++;
      close();
      return;
    }
    timer = setTimeout(() => void show(query), 120);
  });
  input.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (list.classList.contains('hidden')) return;
      event.preventDefault();
      highlight(active + (event.key === 'ArrowDown' ? 1 : -1));
    } else if (event.key === 'Escape') {
      close();
    } else if (event.key === 'Enter' && active >= 0) {
      event.preventDefault();
      window.location.assign(options()[active]!.dataset.href!);
    }
  });
  form.addEventListener('focusout', (event) => {
    if (!form.contains(event.relatedTarget as Node | null)) close();
  });
}

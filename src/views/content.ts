/** Content pages from `content/<slug>/pages/`: the body and FAQ, rendered from Markdown. */
import type { ContentPage } from '../data/site-data.ts';
import { markdownToHtml } from '../render/html.ts';

/** A content page's body and FAQ as shown above a form or on its own page. */
export interface ContentBlockView {
  title: string;
  description: string;
  html: string;
  faq: Array<{ question: string; answerHtml: string }>;
}

export function contentBlockView(page: ContentPage): ContentBlockView {
  return {
    title: page.frontmatter.title,
    description: page.frontmatter.description,
    html: markdownToHtml(page.markdown),
    faq: (page.frontmatter.faq ?? []).map((item) => ({ question: item.question, answerHtml: markdownToHtml(item.answer) })),
  };
}

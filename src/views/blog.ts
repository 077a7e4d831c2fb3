/** The vehicle reviews of sites with a blog (`features.blog`): the list and each review. */
import type { BlogArticle, SiteData } from '../data/site-data.ts';
import { BLOG_REVIEWS_PATH, internalHref, pagePath } from '../lib/urls.ts';
import { markdownToHtml } from '../render/html.ts';

/** The list page's heading. */
export const BLOG_REVIEWS_TITLE = 'Vehicle Reviews';

export interface ArticleCardView {
  title: string;
  description: string;
  href: string;
  /** ISO date, for <time datetime>. */
  date: string;
  /** The date as a shopper reads it: '14 October 2026'. */
  dateText: string;
  author: string | null;
}

export interface ArticleView extends ArticleCardView {
  html: string;
  modelHref: string | null;
}

/** '2026-10-14' as '14 October 2026' (a calendar date: no time zone moves it). */
export function articleDate(iso: string): string {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(year, month - 1, day)));
}

function card(article: BlogArticle): ArticleCardView {
  const { title, description, date, author } = article.frontmatter;
  return { title, description, href: pagePath(BLOG_REVIEWS_PATH, article.slug), date, dateText: articleDate(date), author: author ?? null };
}

/** The reviews, newest first. */
export function blogListView(data: Pick<SiteData, 'content'>): ArticleCardView[] {
  return (data.content.blog ?? []).map(card);
}

export function articleView(data: Pick<SiteData, 'content'>, slug: string): ArticleView {
  const article = (data.content.blog ?? []).find((a) => a.slug === slug);
  if (!article) throw new Error(`review ${slug} is in the manifest but not in content/<site>/blog/vehicle-reviews/`);
  const { modelHref } = article.frontmatter;
  return { ...card(article), html: markdownToHtml(article.markdown), modelHref: modelHref ? internalHref(modelHref) : null };
}

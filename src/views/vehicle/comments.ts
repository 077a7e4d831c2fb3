/** The dealer's comments on a vehicle, as safe HTML cut by the comments rule. */
import { decodeHTML } from 'entities';
import { sanitize } from '../../render/html.ts';
import { commentsView } from '../../rules/comments.ts';
import type { SiteConfig } from '../../schemas/site-config.ts';
import type { NormalisedVehicle } from '../../schemas/snapshot.ts';

export type DealerCommentsView =
  | { kind: 'pending'; text: string }
  | { kind: 'full'; html: string }
  | { kind: 'truncated'; previewHtml: string; fullHtml: string; moreLabel: string; lessLabel: string };

/**
 * Dealer comments as safe HTML. Plain-text comments keep their line breaks; HTML (also HTML escaped
 * once more, as some platforms send it) is sanitised
 * (scripts, handlers and unsafe links removed) before the comments rule measures and cuts it, and
 * the cut preview is sanitised again so its open tags are closed.
 */
export function dealerComments(vehicle: Pick<NormalisedVehicle, 'dealercomments'>, site: SiteConfig): DealerCommentsView {
  let raw = vehicle.dealercomments ?? '';
  // Some platforms send the comments' HTML escaped once more (&lt;p&gt;): shown as it is, a shopper
  // would read the markup, so it is unescaped and then sanitised like any HTML.
  if (!/<[a-z!/]/i.test(raw) && /&lt;\/?[a-z!]/i.test(raw)) raw = decodeHTML(raw);
  const html = sanitize(/<[a-z!/]/i.test(raw) ? raw : raw.replace(/\r?\n/g, '<br>'));
  const collapsed = commentsView(html, site, false);
  if (collapsed.kind === 'pending') return { kind: 'pending', text: collapsed.text };
  if (collapsed.kind === 'full') return { kind: 'full', html: collapsed.text };
  const expanded = commentsView(html, site, true);
  return {
    kind: 'truncated',
    previewHtml: sanitize(collapsed.text),
    fullHtml: expanded.kind === 'truncated' ? expanded.text : html,
    moreLabel: collapsed.toggle,
    lessLabel: expanded.kind === 'truncated' ? expanded.toggle : collapsed.toggle,
  };
}

/**
 * The printable vehicle as a PDF (spec 2: "a generated PDF download named after the slug"), drawn
 * with PDFKit: photo, title, price, key facts, where to see it with the dealer's full number,
 * dealer comments as text, features and specifications. The content comes from the print view
 * (`vehiclePrintView`), so the PDF shows what the printable page shows, by the same rules.
 */
import { decodeHTML } from 'entities';
import PDFDocument from 'pdfkit';
import sanitizeHtml from 'sanitize-html';
import { transliterate } from 'transliteration';
import type { vehiclePrintView } from '../views/vehicle/page.ts';

type VehiclePrintView = ReturnType<typeof vehiclePrintView>;

/** What the PDF shows, as plain text. */
export interface VehiclePdfContent {
  siteName: string;
  /** The site's brand colour (hex), for the band at the top. */
  brandColour: string;
  title: string;
  /** The price by the pricing rule, or SOLD. */
  price: string;
  /** 'Was $32,990', 'Drive Away', 'Reserved'. */
  priceNotes: string[];
  pageUrl: string;
  stockNumber: string | null;
  /** A JPEG or PNG of the vehicle, or null when none is available. */
  photo: Buffer | null;
  facts: Array<{ label: string; value: string }>;
  location: { name: string; address: string | null; phone: string | null };
  /** Paragraphs of the dealer's comments (or the pending text). */
  comments: string[];
  features: string[];
  specs: Array<{ label: string; value: string }>;
}

/** Dealer comments (sanitised HTML) as paragraphs of plain text: line breaks and blocks kept, entities decoded. */
export function commentsText(html: string): string[] {
  const broken = html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/?(p|div|li|h[1-6]|blockquote|tr)\b[^>]*>/gi, (tag) => (tag.startsWith('<li') ? '\n• ' : '\n'));
  const text = decodeHTML(sanitizeHtml(broken, { allowedTags: [], allowedAttributes: {} }));
  return text
    .split('\n')
    .map((line) => line.replace(/[ \t\f\v\u00a0]+/g, ' ').trim())
    .filter((line) => line !== '');
}

/** What the printable page's view becomes in the PDF. */
export function pdfContent(view: VehiclePrintView, site: { name: string; theme: { primary: string } }, photo: Buffer | null): VehiclePdfContent {
  const { vehicle, price } = view;
  const notes: string[] = [];
  if (price.available) {
    if (price.price.wasPrice) notes.push(`Was ${price.price.wasPrice.text}`);
    if (price.priceType) notes.push(price.priceType);
    if (price.reserved) notes.push('Reserved');
  }
  return {
    siteName: site.name,
    brandColour: site.theme.primary,
    title: vehicle.display_name,
    price: price.available ? `${price.price.text}${price.suffix}` : price.message,
    priceNotes: notes,
    pageUrl: view.pageUrl,
    stockNumber: vehicle.stocknum?.trim() || null,
    photo,
    facts: view.keyInfo.map((f) => ({ label: f.label, value: f.value })),
    location: { name: view.location.name, address: view.location.address, phone: view.call?.text ?? null },
    comments: view.commentsHtml ? commentsText(view.commentsHtml) : [view.commentsPending ?? ''].filter(Boolean),
    features: view.features,
    specs: [...view.specs.initial, ...view.specs.rest].map((r) => ({ label: r.label, value: String(r.value) })),
  };
}

// PDF's standard fonts speak Windows-1252 only: its printable ASCII, Latin-1 and these.
const CP1252_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Text the standard fonts can draw: other characters are transliterated ('日産' -> 'Ri Chan'), or '?' when nothing is left. */
export function winAnsi(text: string): string {
  let out = '';
  // Runs of other characters are transliterated together, so words keep their spaces.
  let run = '';
  const flush = () => {
    if (run) out += transliterate(run).trim() || '?';
    run = '';
  };
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (char === '\n' || (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || CP1252_EXTRA.has(char)) {
      flush();
      out += char;
    } else if (code < 0x20 || (code >= 0x7f && code < 0xa0)) {
      flush();
      out += ' ';
    } else {
      run += char;
    }
  }
  flush();
  return out;
}

const PAGE = { size: 'A4', margin: 40 } as const;
const GREY = '#475569';
const INK = '#0f172a';

/** Draws the PDF and resolves with its bytes. */
export function renderVehiclePdf(content: VehiclePdfContent): Promise<Buffer> {
  const doc = new PDFDocument({
    size: PAGE.size,
    margin: PAGE.margin,
    info: { Title: winAnsi(content.title), Author: winAnsi(content.siteName), Subject: winAnsi(content.pageUrl) },
    lang: 'en-AU',
    displayTitle: true,
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = PAGE.margin;
  const width = doc.page.width - PAGE.margin * 2;
  const heading = (text: string) => {
    doc.moveDown(0.8).font('Helvetica-Bold').fontSize(13).fillColor(INK).text(winAnsi(text), left, undefined, { width });
    doc.moveDown(0.3).font('Helvetica').fontSize(10);
  };

  // The dealer's band.
  doc.rect(0, 0, doc.page.width, 34).fill(content.brandColour);
  doc.font('Helvetica-Bold').fontSize(12).fillColor('#ffffff').text(winAnsi(content.siteName), left, 11, { width, lineBreak: false });

  // Title and price.
  doc.font('Helvetica-Bold').fontSize(20).fillColor(INK).text(winAnsi(content.title), left, 52, { width });
  doc.moveDown(0.2).fontSize(18).text(winAnsi(content.price), { width });
  if (content.priceNotes.length > 0) doc.font('Helvetica').fontSize(10).fillColor(GREY).text(winAnsi(content.priceNotes.join(' · ')), { width });
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(GREY)
    .text(winAnsi([content.pageUrl, content.stockNumber ? `Stock #${content.stockNumber}` : null].filter(Boolean).join(' · ')), { width, link: content.pageUrl });

  // Photo beside the key facts and where to see it.
  const top = doc.y + 12;
  const photoWidth = 300;
  const photoHeight = 200;
  let photoBottom = top;
  if (content.photo) {
    try {
      doc.image(content.photo, left, top, { fit: [photoWidth, photoHeight] });
      photoBottom = top + photoHeight;
    } catch {
      // A photo PDFKit cannot read leaves the space to the text.
    }
  }
  const sideLeft = photoBottom > top ? left + photoWidth + 16 : left;
  const sideWidth = left + width - sideLeft;
  doc.y = top;
  for (const fact of content.facts) {
    doc.font('Helvetica').fontSize(9).fillColor(GREY).text(winAnsi(fact.label), sideLeft, doc.y, { width: sideWidth });
    doc.font('Helvetica-Bold').fontSize(11).fillColor(INK).text(winAnsi(fact.value), sideLeft, doc.y, { width: sideWidth }).moveDown(0.3);
  }
  doc.moveDown(0.4).font('Helvetica-Bold').fontSize(11).fillColor(INK).text('Where to see it', sideLeft, doc.y, { width: sideWidth });
  doc.font('Helvetica').fontSize(10).text(winAnsi(content.location.name), sideLeft, doc.y, { width: sideWidth });
  if (content.location.address) doc.fillColor(GREY).text(winAnsi(content.location.address), sideLeft, doc.y, { width: sideWidth });
  if (content.location.phone) doc.font('Helvetica-Bold').fillColor(INK).text(`Phone: ${winAnsi(content.location.phone)}`, sideLeft, doc.y, { width: sideWidth });
  doc.x = left;
  doc.y = Math.max(doc.y, photoBottom);

  heading('Dealer Comments');
  for (const paragraph of content.comments) doc.text(winAnsi(paragraph), left, undefined, { width, paragraphGap: 4 });

  /** Cells in two columns, row by row, starting a new page where a row would not fit. */
  const twoColumns = <T>(items: readonly T[], draw: (item: T, x: number, y: number, cellWidth: number) => number) => {
    const gap = 16;
    const cellWidth = (width - gap) / 2;
    let y = doc.y;
    for (let i = 0; i < items.length; i += 2) {
      const measure = (item: T | undefined) => (item === undefined ? 0 : draw(item, -10_000, 0, cellWidth));
      const height = Math.max(measure(items[i]), measure(items[i + 1]));
      if (y + height > doc.page.height - PAGE.margin) {
        doc.addPage();
        y = PAGE.margin;
      }
      draw(items[i]!, left, y, cellWidth);
      if (items[i + 1] !== undefined) draw(items[i + 1]!, left + cellWidth + gap, y, cellWidth);
      y += height + 3;
    }
    doc.x = left;
    doc.y = y;
  };

  if (content.features.length > 0) {
    heading('Features');
    twoColumns(content.features, (feature, x, y, cellWidth) => {
      const text = `• ${winAnsi(feature)}`;
      doc.font('Helvetica').fontSize(10).fillColor(INK);
      if (x > -10_000) doc.text(text, x, y, { width: cellWidth });
      return doc.heightOfString(text, { width: cellWidth });
    });
  }

  if (content.specs.length > 0) {
    heading('All Specifications');
    twoColumns(content.specs, (spec, x, y, cellWidth) => {
      const labelWidth = cellWidth * 0.5;
      const valueWidth = cellWidth - labelWidth - 8;
      const label = winAnsi(spec.label);
      const value = winAnsi(spec.value);
      doc.fontSize(10);
      if (x > -10_000) {
        doc.font('Helvetica').fillColor(GREY).text(label, x, y, { width: labelWidth });
        doc.font('Helvetica-Bold').fillColor(INK).text(value, x + labelWidth + 8, y, { width: valueWidth });
      }
      return Math.max(doc.font('Helvetica').heightOfString(label, { width: labelWidth }), doc.font('Helvetica-Bold').heightOfString(value, { width: valueWidth }));
    });
  }

  doc.end();
  return done;
}

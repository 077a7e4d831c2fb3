/**
 * `GET /api/cars/{slug}/pdf?site={site slug}`: the printable vehicle as a PDF download (spec 2 and 7,
 * "PDF blob by slug"), for sites configured with `features.print: pdf`. A static site cannot make a
 * PDF when it is asked, and making one per vehicle in every build would slow every build, so the
 * runtime API draws it on request from the site's current snapshot and the photos of its live
 * release. Served beside the leads API by the ops server and the preview server. The site is named
 * by the `site` query parameter, as a lead names it in its `site` field.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { OUT } from '../generator/publish.ts';
import { VEHICLE_PDF_ROUTE } from '../lib/vehicle-pdf.ts';
import { isAvailable } from '../rules/availability.ts';
import type { SiteConfig } from '../schemas/site-config.ts';
import type { ImageIndex } from '../views/images.ts';
import { vehiclePrintView } from '../views/vehicle/page.ts';
import { SiteCatalogue } from './site-catalogue.ts';
import { pdfContent, renderVehiclePdf } from './vehicle-pdf.ts';

/** PDFs one client may ask for per minute before answers become 429 (each costs a few tens of milliseconds). */
export const PDF_RATE_LIMIT = 60;

export type VehiclePdfResult = { ok: true; pdf: Buffer; filename: string } | { ok: false; status: 404; reason: string };

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Draws vehicle PDFs from each site's current snapshot. A site's data is read once and again only
 * when its snapshot or build state changes (webhook updates replace them), so a PDF costs a
 * `stat` and the drawing, not a parse of the catalogue.
 */
export class VehiclePdfs {
  private readonly root: string;
  private readonly catalogue: SiteCatalogue;

  constructor(root: string, catalogue: SiteCatalogue = new SiteCatalogue(root)) {
    this.root = root;
    this.catalogue = catalogue;
  }

  /** The PDF of the vehicle with `slug` on `site`, or why there is none. */
  async pdf(site: SiteConfig, slug: string): Promise<VehiclePdfResult> {
    if (site.features.print !== 'pdf') return { ok: false, status: 404, reason: `${site.name} offers a printable page rather than a PDF: /cars/${slug}/print/` };
    if (!SLUG.test(slug)) return { ok: false, status: 404, reason: `No vehicle "${slug}" on ${site.name}.` };
    const loaded = await this.catalogue.load(site);
    if (!loaded) return { ok: false, status: 404, reason: `${site.name} has no stock data yet.` };
    const vehicle = loaded.bySlug.get(slug);
    if (!vehicle) return { ok: false, status: 404, reason: `No vehicle "${slug}" on ${site.name}.` };
    if (!isAvailable(vehicle)) return { ok: false, status: 404, reason: `The ${vehicle.display_name} has been sold, so it has no printable version.` };

    const view = vehiclePrintView({
      site,
      data: loaded.data,
      images: loaded.images,
      vehicleId: Number(vehicle.id),
      path: `/cars/${slug}/`,
      now: new Date(loaded.data.snapshot.pulledAt),
    });
    const photo = await this.photo(site, loaded.images, view.picture?.src ?? null);
    return { ok: true, pdf: await renderVehiclePdf(pdfContent(view, site, photo)), filename: `${slug}.pdf` };
  }

  /** The JPEG of the print view's picture from the site's live release, or null. */
  private async photo(site: SiteConfig, images: ImageIndex, src: string | null): Promise<Buffer | null> {
    if (!src || !/^\/images\/[\w.-]+\.jpe?g$/i.test(src)) return null;
    // The card size is plenty for a printed page and keeps the PDF small.
    const card = Object.values(images).find((r) => r.gallery?.jpeg === src)?.card?.jpeg ?? src;
    return readFile(path.join(this.root, OUT, site.slug, card)).catch(() => null);
  }
}

/** Registers the PDF route on the public API's scope (its CORS, error handler and rate limiter). */
export function vehiclePdfRoutes(scope: FastifyInstance, ctx: { sites: SiteConfig[]; pdfs: VehiclePdfs; log: (line: string) => void }): void {
  scope.get<{ Params: { slug: string }; Querystring: { site?: string } }>(
    VEHICLE_PDF_ROUTE,
    { config: { rateLimit: { max: PDF_RATE_LIMIT, timeWindow: 60_000 } } },
    async (request, reply) => {
      const slug = typeof request.query.site === 'string' ? request.query.site : '';
      if (!slug) return reply.code(400).send({ error: 'The request names no site (query parameter "site").' });
      const site = ctx.sites.find((s) => s.slug === slug);
      if (!site) return reply.code(404).send({ error: `No site "${slug}" here.` });
      const result = await ctx.pdfs.pdf(site, request.params.slug);
      if (!result.ok) return reply.code(result.status).header('Cache-Control', 'no-store').send({ error: result.reason });
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `attachment; filename="${result.filename}"`)
        .header('Cache-Control', 'no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .send(result.pdf);
    },
  );
}

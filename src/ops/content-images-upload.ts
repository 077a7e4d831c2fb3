/**
 * Pictures staff upload for the content (offer images, slides, banners): checked to be a JPEG, PNG, WebP or
 * AVIF picture of a sensible size, stored under a name made from their content in the folder the build reads
 * content images from (`<feed folder>/content/<slug>/images/uploads/`), and named in the content as
 * `/content/<slug>/images/uploads/<hash>.<ext>`. From there they go through the image pipeline with every
 * other content image: resized to the sizes the pages show, converted to WebP and JPEG, cached by content.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { FEED_ROOT, writeFileAtomic } from '../data/feed-files.ts';

/** The largest picture accepted, in bytes. */
export const UPLOAD_MAX_BYTES = 15 * 1024 * 1024;
/** The longest side accepted, in pixels. */
export const UPLOAD_MAX_SIDE = 8000;
const FORMATS: Record<string, string> = { jpeg: 'jpg', png: 'png', webp: 'webp', avif: 'avif' };

export const uploadsDir = (root: string, slug: string) => path.resolve(root, FEED_ROOT, 'content', slug, 'images', 'uploads');
export const uploadUrl = (slug: string, file: string) => `/content/${slug}/images/uploads/${file}`;

export interface UploadedImage {
  url: string;
  file: string;
  width: number;
  height: number;
  bytes: number;
}

/** Stores an uploaded picture, or says in a sentence why it was refused. The same picture twice is stored once. */
export async function storeUpload(root: string, slug: string, body: Buffer): Promise<UploadedImage> {
  if (body.length === 0) throw new Error('The file is empty. Choose a picture to upload.');
  if (body.length > UPLOAD_MAX_BYTES) throw new Error(`The picture is ${(body.length / 1_048_576).toFixed(1)} MB; the largest accepted is ${UPLOAD_MAX_BYTES / 1_048_576} MB. Save it smaller and try again.`);
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    meta = await sharp(body).metadata();
  } catch {
    throw new Error('That file is not a picture. Upload a JPEG, PNG, WebP or AVIF image.');
  }
  const ext = meta.format ? FORMATS[meta.format] : undefined;
  if (!ext) throw new Error(`Pictures in ${meta.format ?? 'that'} format are not accepted. Upload a JPEG, PNG, WebP or AVIF image.`);
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (width < 16 || height < 16) throw new Error('The picture is too small to show on a page.');
  if (Math.max(width, height) > UPLOAD_MAX_SIDE) throw new Error(`The picture is ${width} x ${height} pixels; the longest side may be ${UPLOAD_MAX_SIDE}. Resize it and try again.`);
  const file = `${createHash('sha256').update(body).digest('hex').slice(0, 20)}.${ext}`;
  const dir = uploadsDir(root, slug);
  await mkdir(dir, { recursive: true });
  if (!existsSync(path.join(dir, file))) await writeFileAtomic(path.join(dir, file), body);
  return { url: uploadUrl(slug, file), file, width, height, bytes: body.length };
}

/** The site's uploaded pictures, newest first. */
export async function listUploads(root: string, slug: string): Promise<Array<{ url: string; file: string; bytes: number; at: Date }>> {
  const dir = uploadsDir(root, slug);
  const names = await readdir(dir).catch(() => [] as string[]);
  const files = await Promise.all(
    names.filter((n) => /^[0-9a-f]{20}\.(jpg|png|webp|avif)$/.test(n)).map(async (file) => {
      const info = await stat(path.join(dir, file));
      return { url: uploadUrl(slug, file), file, bytes: info.size, at: info.mtime };
    }),
  );
  return files.sort((a, b) => b.at.getTime() - a.at.getTime());
}

/**
 * A WebM file from VP8 key frames, for the demo walk-round videos. A lossy WebP image is a VP8 key frame in a
 * RIFF wrapper, so sharp encodes the frames and Mediabunny writes the Matroska container around them.
 * Deterministic: the same frames give the same bytes. (Browsers play WebM VP8: Chromium, Firefox, Safari 14.1+.)
 */
import { BufferTarget, EncodedPacket, EncodedVideoPacketSource, Output, WebMOutputFormat } from 'mediabunny';

/** The VP8 key frame inside a lossy WebP image (the simple format: RIFF, WEBP, one `VP8 ` chunk). */
export function vp8FrameOfWebp(webp: Buffer): Buffer {
  if (webp.toString('ascii', 0, 4) !== 'RIFF' || webp.toString('ascii', 8, 12) !== 'WEBP') throw new Error('not a WebP image');
  let offset = 12;
  while (offset + 8 <= webp.length) {
    const fourcc = webp.toString('ascii', offset, offset + 4);
    const length = webp.readUInt32LE(offset + 4);
    if (fourcc === 'VP8 ') return webp.subarray(offset + 8, offset + 8 + length);
    offset += 8 + length + (length % 2);
  }
  throw new Error('the WebP image holds no lossy VP8 frame (was it lossless, or has it alpha?)');
}

/**
 * A WebM video of VP8 key frames shown one after another at `fps`.
 * @param frames VP8 key frames (see vp8FrameOfWebp), all `width` x `height`
 */
export async function webmOfVp8Frames(frames: readonly Buffer[], options: { width: number; height: number; fps: number }): Promise<Buffer> {
  const { width, height, fps } = options;
  const target = new BufferTarget();
  const output = new Output({ format: new WebMOutputFormat(), target });
  const source = new EncodedVideoPacketSource('vp8');
  output.addVideoTrack(source, { frameRate: fps });
  await output.start();
  for (const [i, frame] of frames.entries()) {
    const packet = new EncodedPacket(new Uint8Array(frame), 'key', i / fps, 1 / fps);
    await source.add(packet, i === 0 ? { decoderConfig: { codec: 'vp8', codedWidth: width, codedHeight: height } } : undefined);
  }
  await output.finalize();
  return Buffer.from(target.buffer!);
}

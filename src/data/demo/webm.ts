/**
 * A WebM file from VP8 key frames, for the demo walk-round videos. A lossy WebP image is a VP8 key frame
 * in a RIFF wrapper, so sharp encodes the frames and this writes the Matroska container around them: the
 * EBML header, segment info, one VP8 video track, cues, and one cluster of simple blocks. Deterministic:
 * the same frames give the same bytes. (Browsers play WebM VP8: Chromium, Firefox, Safari 14.1+.)
 */

/** An element's size as an 8-byte EBML variable-length integer (valid for any size we write). */
function size(n: number): Buffer {
  const out = Buffer.alloc(8);
  out[0] = 0x01;
  out.writeUIntBE(Math.floor(n / 2 ** 32), 1, 3);
  out.writeUInt32BE(n % 2 ** 32, 4);
  return out;
}

function id(value: number): Buffer {
  const bytes = value > 0xffffff ? 4 : value > 0xffff ? 3 : value > 0xff ? 2 : 1;
  const out = Buffer.alloc(bytes);
  out.writeUIntBE(value, 0, bytes);
  return out;
}

function element(elementId: number, ...children: Buffer[]): Buffer {
  const body = Buffer.concat(children);
  return Buffer.concat([id(elementId), size(body.length), body]);
}

function uint(elementId: number, value: number, bytes?: number): Buffer {
  const length = bytes ?? Math.max(1, Math.ceil(Math.log2(value + 1) / 8));
  const out = Buffer.alloc(length);
  out.writeUIntBE(value, 0, length);
  return element(elementId, out);
}

const text = (elementId: number, value: string) => element(elementId, Buffer.from(value, 'utf8'));

function float(elementId: number, value: number): Buffer {
  const out = Buffer.alloc(8);
  out.writeDoubleBE(value);
  return element(elementId, out);
}

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
export function webmOfVp8Frames(frames: readonly Buffer[], options: { width: number; height: number; fps: number }): Buffer {
  const { width, height, fps } = options;
  const frameMs = (i: number) => Math.round((i * 1000) / fps);
  const header = element(
    0x1a45dfa3,
    uint(0x4286, 1), // EBMLVersion
    uint(0x42f7, 1), // EBMLReadVersion
    uint(0x42f2, 4), // EBMLMaxIDLength
    uint(0x42f3, 8), // EBMLMaxSizeLength
    text(0x4282, 'webm'), // DocType
    uint(0x4287, 2), // DocTypeVersion
    uint(0x4285, 2), // DocTypeReadVersion
  );
  const info = element(
    0x1549a966,
    uint(0x2ad7b1, 1_000_000), // TimecodeScale: timestamps in milliseconds
    text(0x4d80, 'dealer-sites demo'), // MuxingApp
    text(0x5741, 'dealer-sites demo'), // WritingApp
    float(0x4489, frameMs(frames.length)), // Duration
  );
  const tracks = element(
    0x1654ae6b,
    element(
      0xae, // TrackEntry
      uint(0xd7, 1), // TrackNumber
      uint(0x73c5, 1), // TrackUID
      uint(0x9c, 0), // FlagLacing
      text(0x86, 'V_VP8'), // CodecID
      uint(0x83, 1), // TrackType: video
      uint(0x23e383, Math.round(1_000_000_000 / fps)), // DefaultDuration (ns)
      element(0xe0, uint(0xb0, width), uint(0xba, height)), // Video: PixelWidth, PixelHeight
    ),
  );
  const blocks = frames.map((frame, i) => {
    const head = Buffer.alloc(4);
    head[0] = 0x81; // track 1
    head.writeInt16BE(frameMs(i), 1); // relative to the cluster's timecode
    head[3] = 0x80; // key frame
    return element(0xa3, head, frame);
  });
  const cluster = element(0x1f43b675, uint(0xe7, 0), ...blocks);
  // One cue: the cluster, which follows info, tracks and the cues themselves (a fixed-width position).
  const cues = (position: number) => element(0x1c53bb6b, element(0xbb, uint(0xb3, 0), element(0xb7, uint(0xf7, 1), uint(0xf1, position, 4))));
  const position = info.length + tracks.length + cues(0).length;
  const segment = element(0x18538067, info, tracks, cues(position), cluster);
  return Buffer.concat([header, segment]);
}

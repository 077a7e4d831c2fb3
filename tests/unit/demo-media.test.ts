import { mkdtemp, mkdir, readFile, readdir, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BufferSource, EncodedPacketSink, Input, WEBM } from 'mediabunny';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SEED, DEFAULT_SIZES, generateSiteFeed } from '../../src/data/demo/generate.ts';
import { VIDEO, writeImagePool } from '../../src/data/demo/images.ts';
import { TURN_FRAMES, frameDegrees, spinHotspotPositions, turntableSvg } from '../../src/data/demo/turntable.ts';
import { vp8FrameOfWebp, webmOfVp8Frames } from '../../src/data/demo/webm.ts';
import { publishVideos, videoSources, withVideos } from '../../src/generator/videos.ts';
import { OUTSIDE_FEED_REASON } from '../../src/generator/images.ts';

const AS_OF = '2026-11-22';

describe('demo spin sets', () => {
  it('turn 10 degrees a frame, 36 frames a full turn', () => {
    expect(TURN_FRAMES).toBe(36);
    expect(frameDegrees(1) - frameDegrees(0)).toBe(10);
    expect(frameDegrees(36) - frameDegrees(0)).toBe(360);
  });

  it('show the vehicle turning: long side-on, short end-on, and a different picture every frame', () => {
    const extent = (frame: number) => {
      const xs = [...turntableSvg('Sedan', 'Red', frame).matchAll(/points="([^"]+)"/g)].flatMap((m) => m[1]!.split(' ').map((p) => Number(p.split(',')[0])));
      return Math.max(...xs) - Math.min(...xs);
    };
    // Frame 4 is 5 degrees off side-on, frame 13 is 5 degrees off end-on.
    expect(extent(4)).toBeGreaterThan(1.8 * extent(13));
    const svgs = new Set(Array.from({ length: 36 }, (_, f) => turntableSvg('SUV', 'White', f)));
    expect(svgs.size).toBe(36);
  });

  it('place the hotspots where the drawing puts the headlight (frame 1) and the front wheel (frame 10)', () => {
    const { headlight, wheel } = spinHotspotPositions('SUV');
    for (const p of [headlight, wheel]) {
      expect(p.posX).toBeGreaterThan(0);
      expect(p.posX).toBeLessThan(100);
      expect(p.posY).toBeGreaterThan(0);
      expect(p.posY).toBeLessThan(100);
    }
    // The front is turned to the left on frame 1: the headlight is in the left half.
    expect(headlight.posX).toBeLessThan(50);
  });

  it('every demo site has several available vehicles with a spin set, with hotspots in percent', () => {
    for (const slug of ['bayside-mg', 'northside-used', 'summit-motor-group']) {
      const { feed } = generateSiteFeed(slug, DEFAULT_SIZES[slug]!, DEFAULT_SEED, AS_OF);
      const spins = feed.vehicles.filter((v) => Array.isArray(v.spin_images) && v.status !== 'sold');
      expect(spins.length, slug).toBeGreaterThanOrEqual(3);
      for (const v of spins) {
        const positions = (v.hotspots as { exteriorHotspotPositions: Array<{ posX: number; posY: number }> }).exteriorHotspotPositions;
        expect(positions.every((p) => p.posX > 1 && p.posX < 100 && p.posY > 1 && p.posY < 100)).toBe(true);
      }
    }
  });

  it('give every video slide a walk-round clip in the feed folder', () => {
    const { feed, pool } = generateSiteFeed('bayside-mg', 300, DEFAULT_SEED, AS_OF);
    const withVideo = feed.vehicles.filter((v) => v.video_url);
    expect(withVideo.length).toBeGreaterThan(0);
    for (const v of withVideo) expect(v.video_url).toMatch(/^videos\/[a-z]+-[a-z]+\.webm$/);
    expect(pool.videos?.length).toBeGreaterThan(0);
  });
});

describe('demo videos', () => {
  it('are WebM files of VP8 key frames: one VP8 track of the right size, one key frame per frame at the frame rate', async () => {
    const frames = await Promise.all(
      ['#ff0000', '#00ff00', '#0000ff'].map(async (background) => vp8FrameOfWebp(await sharp({ create: { width: 64, height: 48, channels: 3, background } }).webp().toBuffer())),
    );
    const webm = await webmOfVp8Frames(frames, { width: 64, height: 48, fps: 12 });
    expect(webm.subarray(0, 4).toString('hex')).toBe('1a45dfa3');
    // Read back by a demuxer: the container says what a browser will read.
    const input = new Input({ source: new BufferSource(webm), formats: [WEBM] });
    const track = (await input.getPrimaryVideoTrack())!;
    expect(await track.getCodec()).toBe('vp8');
    expect([await track.getCodedWidth(), await track.getCodedHeight()]).toEqual([64, 48]);
    const sink = new EncodedPacketSink(track);
    const packets = [];
    for await (const packet of sink.packets()) packets.push(packet);
    expect(packets.map((p) => Math.round(p.timestamp * 1000))).toEqual([0, 83, 167]);
    expect(packets.every((p) => p.type === 'key')).toBe(true);
    expect(Buffer.from(packets[1]!.data)).toEqual(frames[1]);
    expect(await webmOfVp8Frames(frames, { width: 64, height: 48, fps: 12 })).toEqual(webm);
  });

  it('refuses a WebP without a lossy frame', async () => {
    const lossless = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } }).webp({ lossless: true }).toBuffer();
    expect(() => vp8FrameOfWebp(lossless)).toThrow(/no lossy VP8 frame/);
    expect(() => vp8FrameOfWebp(Buffer.from('not an image'))).toThrow(/not a WebP/);
  });

  it('are written once, with the same bytes every time', async () => {
    const [a, b] = [await mkdtemp(path.join(tmpdir(), 'pool-')), await mkdtemp(path.join(tmpdir(), 'pool-'))];
    try {
      const request = { photos: [], spins: [], videos: [['Hatch', 'Blue']] as Array<['Hatch', 'Blue']> };
      expect(await writeImagePool(a, request)).toBe(1);
      expect(await writeImagePool(b, request)).toBe(1);
      expect(await writeImagePool(a, request)).toBe(0);
      const file = path.join('videos', 'hatch-blue.webm');
      const bytes = await readFile(path.join(a, file));
      expect(bytes).toEqual(await readFile(path.join(b, file)));
      const track = (await new Input({ source: new BufferSource(bytes), formats: [WEBM] }).getPrimaryVideoTrack())!;
      let count = 0;
      for await (const packet of new EncodedPacketSink(track).packets()) count += packet.type === 'key' ? 1 : 0;
      expect(count).toBe(VIDEO.frames);
    } finally {
      await Promise.all([rm(a, { recursive: true }), rm(b, { recursive: true })]);
    }
  }, 30_000);
});

describe('publishing feed videos', () => {
  it('lists only feed-folder videos, once each', () => {
    expect(videoSources([{ video_url: 'videos/a.webm' }, { video_url: 'https://cdn.example/v.mp4' }, { video_url: '//cdn.example/v.mp4' }, { video_url: 'videos/a.webm' }, { video_url: null }])).toEqual(['videos/a.webm']);
  });

  it('links each video into videos/ under its content hash and records it in the image index', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'videos-'));
    try {
      const feed = path.join(root, 'feed');
      const out = path.join(root, 'out');
      await mkdir(path.join(feed, 'videos'), { recursive: true });
      await writeFile(path.join(feed, 'videos', 'a.webm'), 'webm bytes');
      await writeFile(path.join(feed, 'videos', 'b.avi'), 'avi bytes');
      await writeFile(path.join(root, 'secret.webm'), 'outside');
      await symlink(path.join(root, 'secret.webm'), path.join(feed, 'videos', 'link.webm'));
      const result = await publishVideos(['videos/a.webm', 'videos/b.avi', 'videos/missing.webm', '../secret.webm', 'videos/link.webm'], { feedRoot: feed, outDir: out });
      expect(Object.keys(result.index)).toEqual(['videos/a.webm']);
      const url = result.index['videos/a.webm']!;
      expect(url).toMatch(/^\/videos\/[0-9a-f]{16}\.webm$/);
      expect(await readFile(path.join(out, url), 'utf8')).toBe('webm bytes');
      expect((await stat(path.join(out, url))).nlink).toBeGreaterThan(1);
      expect(result.skipped).toEqual([
        { source: 'videos/b.avi', reason: expect.stringMatching(/not a video the page can play/) },
        { source: 'videos/missing.webm', reason: 'file not found in the feed folder: videos/missing.webm' },
        { source: '../secret.webm', reason: OUTSIDE_FEED_REASON },
        { source: 'videos/link.webm', reason: OUTSIDE_FEED_REASON },
      ]);
      expect(await readdir(path.join(out, 'videos'))).toHaveLength(1);
      // Published again: the same file, nothing new.
      expect((await publishVideos(['videos/a.webm'], { feedRoot: feed, outDir: out })).index).toEqual(result.index);
      expect(withVideos({ 'images/p.jpg': {} }, result.index)).toEqual({ 'images/p.jpg': {}, 'videos/a.webm': { video: url } });
    } finally {
      await rm(root, { recursive: true });
    }
  });
});

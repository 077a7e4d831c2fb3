import { MultiBar, Presets, type SingleBar } from 'cli-progress';

/** Per-site progress for long phases: a live bar on a terminal, a line every few seconds elsewhere (CI logs). */
export interface Progress {
  start(site: string, phase: string, total: number): void;
  update(site: string, done: number): void;
  stop(site: string): void;
  log(line: string): void;
  close(): void;
}

const LINE_EVERY_MS = 5_000;

export function createProgress(log: (line: string) => void, interactive = Boolean(process.stdout.isTTY)): Progress {
  if (interactive) {
    const multi = new MultiBar(
      { format: '{site} {phase} [{bar}] {value}/{total} pages | {rate} pages/s', hideCursor: true, clearOnComplete: true, fps: 5 },
      Presets.shades_classic,
    );
    const bars = new Map<string, { bar: SingleBar; started: number }>();
    return {
      start(site, phase, total) {
        bars.set(site, { bar: multi.create(total, 0, { site: site.padEnd(20), phase: phase.padEnd(7), rate: '0' }), started: performance.now() });
      },
      update(site, done) {
        const entry = bars.get(site);
        if (!entry) return;
        const seconds = (performance.now() - entry.started) / 1000;
        entry.bar.update(done, { rate: seconds > 0 ? Math.round(done / seconds).toString() : '0' });
      },
      stop(site) {
        const entry = bars.get(site);
        if (entry) multi.remove(entry.bar);
        bars.delete(site);
      },
      log: (line) => multi.log(`${line}\n`),
      close: () => multi.stop(),
    };
  }
  const state = new Map<string, { phase: string; total: number; started: number; lastLine: number }>();
  return {
    start(site, phase, total) {
      state.set(site, { phase, total, started: performance.now(), lastLine: performance.now() });
    },
    update(site, done) {
      const s = state.get(site);
      if (!s || performance.now() - s.lastLine < LINE_EVERY_MS) return;
      s.lastLine = performance.now();
      const rate = done / ((performance.now() - s.started) / 1000);
      log(`${site}: ${s.phase} ${done}/${s.total} pages, ${Math.round(rate)} pages/s`);
    },
    stop: (site) => void state.delete(site),
    log,
    close: () => {},
  };
}

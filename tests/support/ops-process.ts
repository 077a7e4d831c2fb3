import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The real ops server (`npm start`) as a child process on 127.0.0.1, started in `root` with extra
 * environment, restartable and killable with SIGKILL; `output` collects what it printed.
 */
export class OpsProcess {
  readonly output: string[] = [];
  private child: ChildProcess | null = null;
  private readonly root: string;
  private readonly port: number;
  private readonly env: Record<string, string>;

  constructor(options: { root: string; port: number; env: Record<string, string> }) {
    this.root = options.root;
    this.port = options.port;
    this.env = options.env;
  }

  /** The server process is up (started and not killed). */
  get running(): boolean {
    return this.child !== null;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts the server and waits until /healthz answers. */
  async start(): Promise<void> {
    this.child = spawn(process.execPath, [path.resolve('scripts/start.ts')], {
      cwd: this.root,
      env: { ...process.env, ...this.env, OPS_PORT: String(this.port), OPS_HOST: '127.0.0.1' },
    });
    this.child.stdout!.on('data', (d: Buffer) => this.output.push(d.toString()));
    this.child.stderr!.on('data', (d: Buffer) => this.output.push(d.toString()));
    for (let i = 0; i < 300; i++) {
      if (await fetch(`${this.url}/healthz`).then((r) => r.ok, () => false)) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`the ops server did not start:\n${this.output.join('')}`);
  }

  /** Kills the server with SIGKILL, as a crash would, and waits for it to exit. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.child = null;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
}

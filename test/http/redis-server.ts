// Debian's redis-server for the tests of the shared rate limits: started on
// a free loopback port without persistence, stopped, paused (SIGSTOP) and
// restarted on the same port. null when the binary is not installed (the
// tests then skip with a message, or fail in CI; .ci/run installs it).

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { requirePart } from '../parts.js';

export const REDIS_BINARY = ['/usr/bin/redis-server', '/usr/sbin/redis-server'].find((p) => spawnSync(p, ['--version']).status === 0) ?? null;
export const SKIP_WITHOUT_REDIS = requirePart('redis-server', REDIS_BINARY !== null, 'apt-get install redis-server; .ci/run installs it');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export class RedisServer {
  private child: ChildProcess | null = null;
  private constructor(readonly port: number) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  static async start(): Promise<RedisServer> {
    const r = new RedisServer(await freePort());
    await r.restart();
    return r;
  }

  /** Starts (again) on the same port; resolves when it accepts connections. */
  restart(): Promise<void> {
    return new Promise((resolve, reject) => {
      const child = spawn(REDIS_BINARY!, ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--protected-mode', 'yes'], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      this.child = child;
      let out = '';
      const onData = (d: Buffer) => {
        out += d.toString();
        if (out.includes('Ready to accept connections')) {
          child.stdout!.off('data', onData);
          resolve();
        }
      };
      child.stdout!.on('data', onData);
      child.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${out.slice(-500)}`)));
    });
  }

  pause(): void {
    this.child?.kill('SIGSTOP');
  }

  resume(): void {
    this.child?.kill('SIGCONT');
  }

  /** Stops it and waits for the exit. */
  stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      child.removeAllListeners('exit');
      child.once('exit', () => resolve());
      child.kill('SIGCONT');
      child.kill('SIGKILL');
    });
  }
}

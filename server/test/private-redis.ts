import fs from 'node:fs';
import { PrivateService } from './private-service.js';

/** Debian's Redis server, for the tests of what several instances share through Redis (a private one each). */
export const REDIS_SERVER = '/usr/bin/redis-server';
export const available = fs.existsSync(REDIS_SERVER);
if (!available && process.env.CI === 'true') throw new Error(`${REDIS_SERVER} is required in CI`);

/** A private Redis on 127.0.0.1:port without persistence, stopped with SIGKILL: gone at once, as in a crash. */
export class PrivateRedis extends PrivateService {
  constructor(port: number) {
    super(port, 'SIGKILL');
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  protected command(): [string, string[]] {
    return [REDIS_SERVER, ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no']];
  }
}

import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';

/**
 * Secrets at rest (the CK factories' master keys, docs/dynamic-password.md): sealed with AES-256-GCM under the server's
 * key, SECRET_KEY, or DATA_DIR/secret.key when it is unset (made at first use, readable by the server's user only).
 * Instances that share a database must share SECRET_KEY. A sealed value names what it is (`label`, authenticated with
 * it), so one cannot be passed off as another.
 */
export class Sealer {
  private constructor(private readonly key: Buffer) {}

  static fromConfig(config: Pick<Config, 'secretKey' | 'dataDir'>): Sealer {
    if (config.secretKey) return new Sealer(Buffer.from(config.secretKey, 'hex'));
    const file = path.join(config.dataDir, 'secret.key');
    fs.mkdirSync(config.dataDir, { recursive: true });
    try {
      fs.writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const hex = fs.readFileSync(file, 'utf8').trim();
    if (!/^[0-9a-f]{64}$/i.test(hex)) throw new Error(`${file} does not hold a key of 64 hexadecimal digits`);
    return new Sealer(Buffer.from(hex, 'hex'));
  }

  /**
   * HMAC-SHA256 of `data` under a key of its own for `label`, derived from the server's key (never the sealing key
   * itself): values the server can make again and check, but nobody without its key can (claim secrets).
   */
  mac(label: string, data: string): Buffer {
    const key = createHmac('sha256', this.key).update(`dms-mac-v1:${label}`).digest();
    return createHmac('sha256', key).update(data).digest();
  }

  /** `v1.<iv>.<tag>.<ciphertext>`, base64url. */
  seal(label: string, plain: Uint8Array): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(label));
    const body = Buffer.concat([cipher.update(plain), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), body].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
  }

  /** The value sealed under `label`; throws when it was sealed under another key or label, or was changed. */
  open(label: string, sealed: string): Buffer {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== 'v1' || iv === undefined || tag === undefined || body === undefined) throw new Error('not a sealed value');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(label));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]);
  }
}

import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { BOX_ID_MAX, Code, MAX_BOXES_PER_REGISTRATION } from '@dms/contract';
import { ApiError, registerBoxes, signedInUserId, signIn } from './api.js';
import type { BoxCredential } from './fleet.js';

/** The boxes' credentials: kept in a JSON file (`[{boxId, password}, ...]`), registered on the server when missing. */

export interface ProvisionOptions {
  /** The credentials file; created (mode 0600) when boxes are registered. */
  file: string;
  boxIds: readonly number[];
  /** The server to register missing boxes on (http://host:port); without it missing boxes are an error. */
  api?: string;
  user: string;
  password: string;
  /** Who the boxes are registered to; the signed-in user when absent. */
  ownerId?: number;
  log?: (line: string) => void;
}

/** Reads a credentials file; an empty list when there is none. Extra fields (clientId, username) are ignored. */
export async function readCredentials(file: string): Promise<BoxCredential[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`${file}: not JSON`);
  }
  if (!Array.isArray(json)) throw new Error(`${file}: expected an array of {boxId, password}`);
  return json.map((entry: unknown, i) => {
    if (typeof entry === 'object' && entry !== null && 'boxId' in entry && 'password' in entry) {
      const { boxId, password } = entry;
      if (typeof boxId === 'number' && Number.isInteger(boxId) && boxId >= 1 && boxId <= BOX_ID_MAX && typeof password === 'string') {
        return { boxId, password };
      }
    }
    throw new Error(`${file}: entry ${i} is not {boxId, password}`);
  });
}

/** Writes the credentials file readable by its owner only, replacing it in one step. */
export async function writeCredentials(file: string, credentials: readonly BoxCredential[]): Promise<void> {
  await mkdir(path.dirname(path.resolve(file)), { recursive: true, mode: 0o700 });
  const sorted = [...credentials].sort((a, b) => a.boxId - b.boxId).map(({ boxId, password }) => ({ boxId, password }));
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(sorted, null, 2)}\n`, { mode: 0o600 });
  await rename(temporary, file);
}

/** Runs of consecutive ids, each at most `max` long: [[first, last], ...]. */
export function idRanges(ids: readonly number[], max: number): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
    const last = ranges.at(-1);
    if (last && id === last[1] + 1 && id - last[0] < max) last[1] = id;
    else ranges.push([id, id]);
  }
  return ranges;
}

/**
 * The credentials of `boxIds`: those in the file, and for the others a registration on the server (signed in as
 * `user`), saved to the file after each registered range. In the order of `boxIds`.
 */
export async function provisionCredentials(options: ProvisionOptions): Promise<BoxCredential[]> {
  const log = options.log ?? (() => {});
  const known = new Map((await readCredentials(options.file)).map((c) => [c.boxId, c]));
  const missing = options.boxIds.filter((id) => !known.has(id));
  if (missing.length > 0) {
    const ranges = idRanges(missing, MAX_BOXES_PER_REGISTRATION);
    const shown = ranges.map(([a, b]) => (a === b ? `${a}` : `${a}..${b}`)).join(', ');
    if (!options.api) {
      throw new Error(`no credentials for boxes ${shown} in ${options.file}: pass --api to register them`);
    }
    const token = await signIn(options.api, { username: options.user, password: options.password });
    const userId = options.ownerId ?? (await signedInUserId(options.api, token));
    for (const [startBoxId, endBoxId] of ranges) {
      log(`registering boxes ${startBoxId}..${endBoxId} to user ${userId}`);
      const issued = await registerBoxes(options.api, token, {
        startBoxId,
        endBoxId,
        userId,
        boxType: 'DTU-4G',
        contact: '',
        companyName: 'Simulated fleet',
      }).catch((err: unknown) => {
        if (err instanceof ApiError && err.code === Code.BOX_ALREADY_REGISTERED) {
          throw new Error(
            `boxes ${startBoxId}..${endBoxId} are already registered but their passwords are not in ${options.file}: delete those boxes on the server, or pick other ids (--first-box-id)`,
          );
        }
        throw err;
      });
      for (const { boxId, password } of issued) known.set(boxId, { boxId, password });
      await writeCredentials(options.file, [...known.values()]);
    }
  }
  return options.boxIds.map((id) => {
    const credential = known.get(id);
    if (!credential) throw new Error(`the server did not issue credentials for box ${id}`);
    return credential;
  });
}

/**
 * The CK factory's master key (`--master-key-file`, else the environment's SIM_MASTER_KEY): hex, 32 bytes or more
 * (docs/dynamic-password.md). Undefined when neither is given.
 */
export async function readMasterKey(file: string | undefined, fromEnv: string | undefined): Promise<Uint8Array | undefined> {
  const text = file !== undefined ? await readFile(file, 'utf8') : fromEnv;
  if (text === undefined || text.trim() === '') return undefined;
  const hex = text.trim();
  if (!/^(?:[0-9a-fA-F]{2}){32,}$/.test(hex)) {
    throw new Error(`${file ?? 'SIM_MASTER_KEY'}: a master key is hex, 32 bytes (64 digits) or more`);
  }
  return Uint8Array.from(Buffer.from(hex, 'hex'));
}

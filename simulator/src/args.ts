import { parseArgs } from 'node:util';
import { BOX_ID_MAX, MAX_CONTROLLERS_PER_BOX } from '@dms/contract';
import { SCENE_KINDS, type Rates, type Scene } from './box-options.js';
import { FLEET_DEFAULTS } from './fleet.js';
import { SIMULATED_TYPES } from './models/index.js';
import { parseBrokerUrl } from './transport.js';

/** Command-line arguments of `dms-simulate`. */

export interface CliOptions {
  boxes: number;
  controllers: number;
  interval: number;
  url: string;
  types: string[];
  firstBoxId: number;
  rates: Rates;
  seed: string | undefined;
  /** Seconds to run; forever when undefined. */
  duration: number | undefined;
  credentials: string;
  api: string | undefined;
  user: string;
  password: string;
  ownerId: number | undefined;
  connectRate: number;
  quiet: boolean;
  /** Opening scenes (`--scene`): what given boxes do at once, before the random incidents. */
  scenes: Scene[];
  /** `--master-key-file`: read by main.ts (the environment's SIM_MASTER_KEY when absent). */
  masterKeyFile: string | undefined;
}

export type ParsedArgs = { help: true } | { help: false; options: CliOptions };

/** A bad argument; the message is one line for the user. */
export class UsageError extends Error {}

const DEFAULTS = {
  boxes: 10,
  url: 'mqtt://127.0.0.1:1883',
  firstBoxId: 100_001,
  credentials: './data/sim-fleet.json',
  user: 'demo_root',
  password: 'demo123456',
};
const MAX_BOXES = 100_000;
const { rates } = FLEET_DEFAULTS;

export const USAGE = `Usage: dms-simulate [options]   (from the repository: npm run simulate -- [options])

Simulates a fleet of 4G cloud boxes speaking the box protocol (docs/box-protocol.md) over MQTT.

Fleet
  --boxes N              boxes (default ${DEFAULTS.boxes}, at most ${MAX_BOXES})
  --controllers M        controllers per box, 1..${MAX_CONTROLLERS_PER_BOX} (default ${FLEET_DEFAULTS.controllers})
  --types a,b,...        controller types, given to the controllers in turn
                         (default ${SIMULATED_TYPES.join(',')})
  --first-box-id ID      id of the first box; the others follow (default ${DEFAULTS.firstBoxId})
  --interval S           seconds between snapshots, may be fractional (default ${FLEET_DEFAULTS.interval})
  --url URL              broker, mqtt://host:port (default ${DEFAULTS.url})
  --connect-rate R       boxes started per second (default ${FLEET_DEFAULTS.connectRate})
  --scene KIND:BOX[:S]   an opening scene, repeatable: box BOX raises a fault or an alert (for 15 min), goes
                         offline (for 10 min) or locks its first controller, S seconds after it first connects
                         (default 0); KIND: fault, alert, offline, lock
  --master-key-file FILE the CK factory's master key, hex (32 bytes or more; docs/dynamic-password.md): the
                         controllers take the dynamic passwords the server calculates with it. Also taken from
                         the environment as SIM_MASTER_KEY. Without it every unlock password is refused.

Incidents, per box per hour
  --fault-rate F         a fault bit sets for a while; the machine stops (default ${rates.fault})
  --alert-rate F         an alert bit sets for a while (default ${rates.alert})
  --offline-rate F       the box drops off without DISCONNECT and comes back (default ${rates.offline})
  --ip-change-rate F     the box reconnects from another 127.x.x.x address (default ${rates.ipChange})

Credentials
  --credentials FILE     JSON [{boxId, password}, ...] (default ${DEFAULTS.credentials})
  --api URL              server (http://host:port) to register the boxes missing from FILE on;
                         their credentials are then saved to FILE (mode 0600)
  --user NAME            sign-in for --api (default ${DEFAULTS.user})
  --password SECRET      (default ${DEFAULTS.password})
  --owner-id ID          user the boxes are registered to (default: the signed-in user)

Run
  --seed TEXT            same seed, same values (default: random, printed at start)
  --duration S           stop after S seconds (default: until Ctrl-C)
  --quiet                no status lines
  --help                 this text`;

const SPEC = {
  boxes: { type: 'string' },
  controllers: { type: 'string' },
  interval: { type: 'string' },
  url: { type: 'string' },
  types: { type: 'string' },
  'first-box-id': { type: 'string' },
  'connect-rate': { type: 'string' },
  'fault-rate': { type: 'string' },
  'alert-rate': { type: 'string' },
  'offline-rate': { type: 'string' },
  'ip-change-rate': { type: 'string' },
  credentials: { type: 'string' },
  api: { type: 'string' },
  user: { type: 'string' },
  password: { type: 'string' },
  'owner-id': { type: 'string' },
  seed: { type: 'string' },
  duration: { type: 'string' },
  quiet: { type: 'boolean' },
  scene: { type: 'string', multiple: true },
  'master-key-file': { type: 'string' },
  help: { type: 'boolean' },
} as const;

/** `--scene KIND:BOX[:AFTER_S]`: a fault, an alert or an offline spell of box BOX, AFTER_S seconds after it connects. */
function sceneArg(text: string, first: number, last: number): Scene {
  const [kind, box, after] = text.split(':');
  const fail = () =>
    new UsageError(
      `--scene must be KIND:BOX[:AFTER_S] with KIND one of ${SCENE_KINDS.join(', ')} and BOX ${first}..${last}, not '${text}'`,
    );
  if (!SCENE_KINDS.includes(kind as Scene['kind'])) throw fail();
  const boxId = Number(box);
  const afterS = after === undefined ? 0 : Number(after);
  if (!Number.isInteger(boxId) || boxId < first || boxId > last || !Number.isFinite(afterS) || afterS < 0 || afterS > 3600) throw fail();
  return { kind: kind as Scene['kind'], boxId, afterMs: afterS * 1000 };
}

/** A number given as `--name text`, checked against its bounds. */
function numberArg(
  name: string,
  text: string | undefined,
  fallback: number,
  bounds: { min: number; max?: number; integer?: boolean; above?: boolean },
): number {
  if (text === undefined) return fallback;
  const value = text.trim() === '' ? Number.NaN : Number(text);
  const kind = bounds.integer ? 'an integer' : 'a number';
  const range = bounds.max === undefined ? `${bounds.above ? 'above' : 'at least'} ${bounds.min}` : `${bounds.min}..${bounds.max}`;
  const fits =
    Number.isFinite(value) &&
    (!bounds.integer || Number.isInteger(value)) &&
    (bounds.above ? value > bounds.min : value >= bounds.min) &&
    (bounds.max === undefined || value <= bounds.max);
  if (!fits) throw new UsageError(`--${name} must be ${kind} ${range}, not '${text}'`);
  return value;
}

function optionalNumber(name: string, text: string | undefined, bounds: Parameters<typeof numberArg>[3]): number | undefined {
  return text === undefined ? undefined : numberArg(name, text, 0, bounds);
}

function httpUrl(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const protocol = URL.canParse(text) ? new URL(text).protocol : '';
  if (protocol !== 'http:' && protocol !== 'https:') throw new UsageError(`--api must be an http(s):// URL, not '${text}'`);
  return text;
}

function readArgs(argv: readonly string[]) {
  try {
    return parseArgs({ args: [...argv], options: SPEC, strict: true, allowPositionals: false }).values;
  } catch (err) {
    throw new UsageError((err as Error).message.split('\n')[0] ?? 'bad arguments');
  }
}

/** Reads the arguments (without `node` and the script); throws UsageError on anything wrong. */
export function parseCliArgs(argv: readonly string[]): ParsedArgs {
  const values = readArgs(argv);
  if (values.help) return { help: true };

  const boxes = numberArg('boxes', values.boxes, DEFAULTS.boxes, { min: 1, max: MAX_BOXES, integer: true });
  const firstBoxId = numberArg('first-box-id', values['first-box-id'], DEFAULTS.firstBoxId, { min: 1, max: BOX_ID_MAX, integer: true });
  if (firstBoxId + boxes - 1 > BOX_ID_MAX)
    throw new UsageError(`--first-box-id ${firstBoxId} leaves no room for ${boxes} boxes (box ids end at ${BOX_ID_MAX})`);
  const types =
    values.types === undefined
      ? [...SIMULATED_TYPES]
      : values.types
          .split(',')
          .map((t) => t.trim())
          .filter(Boolean);
  const unknown = types.filter((t) => !SIMULATED_TYPES.includes(t));
  if (types.length === 0 || unknown.length > 0) {
    throw new UsageError(`--types: unknown type '${unknown[0] ?? ''}' (known: ${SIMULATED_TYPES.join(', ')})`);
  }
  const url = values.url ?? DEFAULTS.url;
  try {
    parseBrokerUrl(url);
  } catch (err) {
    throw new UsageError(`--url ${(err as Error).message}`);
  }
  const rate = (name: string, text: string | undefined, fallback: number): number => numberArg(name, text, fallback, { min: 0 });

  return {
    help: false,
    options: {
      boxes,
      controllers: numberArg('controllers', values.controllers, FLEET_DEFAULTS.controllers, {
        min: 1,
        max: MAX_CONTROLLERS_PER_BOX,
        integer: true,
      }),
      interval: numberArg('interval', values.interval, FLEET_DEFAULTS.interval, { min: 0.01, max: 3600 }),
      url,
      types,
      firstBoxId,
      rates: {
        fault: rate('fault-rate', values['fault-rate'], rates.fault),
        alert: rate('alert-rate', values['alert-rate'], rates.alert),
        offline: rate('offline-rate', values['offline-rate'], rates.offline),
        ipChange: rate('ip-change-rate', values['ip-change-rate'], rates.ipChange),
      },
      seed: values.seed,
      duration: optionalNumber('duration', values.duration, { min: 0, above: true }),
      credentials: values.credentials ?? DEFAULTS.credentials,
      api: httpUrl(values.api),
      user: values.user ?? DEFAULTS.user,
      password: values.password ?? DEFAULTS.password,
      ownerId: optionalNumber('owner-id', values['owner-id'], { min: 1, integer: true }),
      connectRate: numberArg('connect-rate', values['connect-rate'], FLEET_DEFAULTS.connectRate, { min: 0, above: true }),
      quiet: values.quiet ?? false,
      scenes: (values.scene ?? []).map((text) => sceneArg(text, firstBoxId, firstBoxId + boxes - 1)),
      masterKeyFile: values['master-key-file'],
    },
  };
}

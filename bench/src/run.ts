import fs from 'node:fs';
import path from 'node:path';
import { root } from './server-process.js';
import { benchApiKey } from './api-key.js';
import { benchBatchParams } from './batch-params.js';
import { benchCharts } from './charts.js';
import { benchCluster } from './cluster.js';
import { benchClusterFleet } from './cluster-fleet.js';
import { benchConsoleRoutes } from './console-routes.js';
import { benchDecode } from './decode.js';
import { benchDeviceSearch } from './device-search.js';
import { benchDevicesList } from './devices-list.js';
import { benchHistoryChart } from './history-chart.js';
import { benchHistoryRollups } from './history-rollups.js';
import { benchIngest } from './ingest.js';
import { benchNotify } from './notify.js';
import { benchReach } from './reach.js';
import { benchRollout } from './rollout.js';
import { benchSaturate } from './saturate.js';
import { benchRules } from './rules.js';
import { benchShell } from './shell.js';
import { benchSoak } from './soak.js';
import { benchStarve } from './starve.js';

/** `npm run bench -- <name>`: runs one benchmark and prints its figures as JSON (also saved under bench/results/). */
const BENCHES: Record<string, () => Promise<Record<string, unknown>>> = {
  shell: benchShell,
  ingest: benchIngest,
  'history-chart': benchHistoryChart,
  'history-rollups': benchHistoryRollups,
  'devices-list': benchDevicesList,
  'device-search': benchDeviceSearch,
  reach: benchReach,
  'console-routes': benchConsoleRoutes,
  soak: benchSoak,
  decode: benchDecode,
  charts: benchCharts,
  rules: benchRules,
  notify: benchNotify,
  rollout: benchRollout,
  saturate: benchSaturate,
  starve: benchStarve,
  'batch-params': benchBatchParams,
  cluster: benchCluster,
  'cluster-fleet': benchClusterFleet,
  'api-key': benchApiKey,
};

const name = process.argv[2] ?? 'shell';
const bench = BENCHES[name];
if (!bench) {
  process.stderr.write(`Unknown benchmark "${name}". Known: ${Object.keys(BENCHES).join(', ')}\n`);
  process.exit(2);
}
const result = { bench: name, date: new Date().toISOString(), ...(await bench()) };
const out = path.join(root, 'bench/results');
fs.mkdirSync(out, { recursive: true });
fs.writeFileSync(path.join(out, `${name}-${result.date.replaceAll(':', '-')}.json`), JSON.stringify(result, null, 2));
process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);

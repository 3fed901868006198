// Types of lib.mjs for the TypeScript that imports it (e2e/cluster/).

export declare const root: string;
export declare const PROGRAMS: { haproxy: string; redis: string; mosquitto: string };
export declare function missingPrograms(): string[];
export declare function freePort(): Promise<number>;
export declare function sleep(ms: number): Promise<void>;

/** A process of the cluster, started, stopped by a signal, and started again. */
export interface ClusterMember {
  readonly name: string;
  readonly port: number;
  readonly logFile: string;
  /** Its process id while it runs. */
  readonly pid: number | undefined;
  start(readyMs?: number): Promise<void>;
  stop(signal?: NodeJS.Signals): Promise<void>;
  restart(signal?: NodeJS.Signals): Promise<void>;
}

export interface Cluster {
  dir: string;
  /** HAProxy's address: the console and the API. */
  url: string;
  mqttUrl: string;
  redis: ClusterMember;
  broker: ClusterMember;
  servers: ClusterMember[];
  haproxy: ClusterMember;
  stop(): Promise<void>;
}

export declare function startCluster(options?: {
  instances?: number;
  port?: number;
  databaseUrl?: string;
  schema?: string;
  dir?: string;
  env?: Record<string, string>;
}): Promise<Cluster>;

export declare function dropSchema(databaseUrl: string, schema: string): void;

#!/usr/bin/env node
import { run } from './main.js';

// Exit explicitly: a broker that never answers the last DISCONNECT must not keep the process alive.
process.exit(await run(process.argv.slice(2)));

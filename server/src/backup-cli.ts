// `npm run backup -- <file> [--force]`: an online, consistent copy of the server's database (server/src/backup.ts).
import { runBackupCommand } from './backup.js';

// The copy and anything SQLite creates beside it are their owner's alone.
process.umask(0o077);
process.exitCode = await runBackupCommand(process.argv.slice(2), process.env, {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
});

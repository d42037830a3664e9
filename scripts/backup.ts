// npm run backup: a snapshot of the embedded database in DATA_DIR (running host or not) to
// BACKUP_DIR (default backups/), named with the date and time. PostgreSQL and hosted Supabase:
// pg_dump and the platform's backups (docs/deploy.md "Backups").
import { takeBackup, writeBackup } from '../server/backup.ts';
import { readConfig } from '../server/config.ts';

const config = readConfig();
if (config.databaseUrl) {
  console.error('DATABASE_URL is set: back PostgreSQL up with pg_dump (docs/deploy.md "Backups").');
  process.exit(1);
}
const started = performance.now();
try {
  const { dump, fromRunningHost } = await takeBackup(config.dataDir);
  const path = writeBackup(process.env.BACKUP_DIR?.trim() || 'backups', dump);
  const how = fromRunningHost ? 'from the running host' : 'with no host running';
  console.log(
    `Backed up ${config.dataDir} (${how}) to ${path}: ${(dump.length / 1024 / 1024).toFixed(1)} MB in ${Math.round(performance.now() - started)} ms.`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

// npm run restore FILE: a backup from `npm run backup` into DATA_DIR, which must not hold a
// database yet. Start the host on it afterwards; it applies any newer migration.
import { readFileSync } from 'node:fs';

import { restoreBackup } from '../server/backup.ts';
import { readConfig } from '../server/config.ts';

const file = process.argv[2];
if (!file) {
  console.error('Usage: DATA_DIR=<a new folder> npm run restore <backup file>');
  process.exit(1);
}
const config = readConfig();
try {
  const { migration } = await restoreBackup(readFileSync(file), config.dataDir);
  console.log(
    `Restored ${file} into ${config.dataDir} (newest migration ${migration ?? 'none'}). Start the host with DATA_DIR=${config.dataDir}.`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

// Regenerates the bus timetable images from the same data the /bus-guide tables use, so the two
// never disagree. Run after changing src/features/guides/bus-schedule.ts, then keep the output:
//   node --import tsx scripts/make-bus-schedules.ts
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { BUS_SCHEDULES } from '../src/features/guides/bus-schedule';
import { renderScheduleSvg } from '../src/features/guides/schedule-svg';

const publicDir = fileURLToPath(new URL('../public', import.meta.url));

for (const schedule of BUS_SCHEDULES) {
  // imageSrc is the URL the page loads, which is the path under public/.
  const target = join(publicDir, schedule.imageSrc);
  await mkdir(dirname(target), { recursive: true });
  const svg = renderScheduleSvg(schedule);
  await writeFile(target, svg, 'utf8');
  console.log(`${schedule.imageSrc}: ${Buffer.byteLength(svg)} bytes`);
}

import {
  BUS_FARE_RM,
  type BusSchedule,
  INDICATIVE_NOTE,
  SCHEDULE_LAYOUT,
  scheduleImageSize,
  scheduleSummary,
  scheduleTitle,
} from './bus-schedule';

// Draws a schedule as a standalone SVG. Only the generator script and the tests import this,
// so none of it ships in the page's chunk.

// Fixed colours, not the theme's: the file is a picture viewed on its own (opened full screen,
// saved to the phone), so it carries its own light palette with AA contrast on every text.
const COLOURS = {
  card: '#ffffff',
  border: '#cbd5e1',
  header: '#0f766e',
  headerText: '#ffffff',
  cell: '#f1f5f9',
  text: '#0f172a',
  noteBackground: '#fef3c7',
  noteText: '#78350f',
} as const;

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export function renderScheduleSvg(schedule: BusSchedule): string {
  const { width, margin, columns, cellHeight, gap, headerHeight, footerHeight } = SCHEDULE_LAYOUT;
  const { height } = scheduleImageSize(schedule);
  const cellWidth = (width - 2 * margin - (columns - 1) * gap) / columns;
  const title = `Bus timetable: ${scheduleTitle(schedule)}`;

  // Boxes and labels in two groups so the shared styling is written once: keeps the file small.
  const positions = schedule.departures.map((time, index) => ({
    time,
    x: margin + (index % columns) * (cellWidth + gap),
    y: headerHeight + margin + Math.floor(index / columns) * (cellHeight + gap),
  }));
  const boxes = positions
    .map(({ x, y }) => `<rect x="${x}" y="${y}" width="${cellWidth}" height="${cellHeight}" rx="6"/>`)
    .join('\n');
  const labels = positions
    .map(({ time, x, y }) => `<text x="${x + cellWidth / 2}" y="${y + 24}">${escapeXml(time)}</text>`)
    .join('\n');

  const footerTop = height - footerHeight;
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-labelledby="title desc" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif">
<title id="title">${escapeXml(title)} (${escapeXml(INDICATIVE_NOTE.toLowerCase())})</title>
<desc id="desc">${escapeXml(`${scheduleSummary(schedule)}. Fare about RM ${BUS_FARE_RM}.`)}</desc>
<rect x="0.5" y="0.5" width="${width - 1}" height="${height - 1}" rx="10" fill="${COLOURS.card}" stroke="${COLOURS.border}"/>
<path d="M10 0.5H${width - 10}A9.5 9.5 0 0 1 ${width - 0.5} 10V${headerHeight}H0.5V10A9.5 9.5 0 0 1 10 0.5Z" fill="${COLOURS.header}"/>
<text x="${margin}" y="30" font-size="20" font-weight="700" fill="${COLOURS.headerText}">${escapeXml(scheduleTitle(schedule))}</text>
<text x="${margin}" y="54" font-size="14" fill="${COLOURS.headerText}">Public bus · departs hourly · about RM ${BUS_FARE_RM}</text>
<g fill="${COLOURS.cell}" stroke="${COLOURS.border}">
${boxes}
</g>
<g font-size="18" font-weight="600" text-anchor="middle" fill="${COLOURS.text}">
${labels}
</g>
<path d="M0.5 ${footerTop}H${width - 0.5}V${height - 10}A9.5 9.5 0 0 1 ${width - 10} ${height - 0.5}H10A9.5 9.5 0 0 1 0.5 ${height - 10}Z" fill="${COLOURS.noteBackground}"/>
<text x="${width / 2}" y="${footerTop + 27}" font-size="13" font-weight="700" text-anchor="middle" fill="${COLOURS.noteText}">${escapeXml(INDICATIVE_NOTE)}</text>
</svg>
`;
}

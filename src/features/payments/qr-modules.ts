import qrcode from 'qrcode-generator';

// The QR code for a text as a matrix of dark (true) and light modules, row by row, from a
// maintained encoder (no QR encoding by hand). Imported lazily by the PayNow QR, so the library
// arrives with the QR, not with the ride screen. Level M: still scans from a phone screen with
// glare or a crack, at a size that stays readable at 375 px.
export function qrModules(text: string): boolean[][] {
  const code = qrcode(0, 'M');
  code.addData(text, 'Byte');
  code.make();
  const size = code.getModuleCount();
  return Array.from({ length: size }, (_, row) => Array.from({ length: size }, (_, col) => code.isDark(row, col)));
}

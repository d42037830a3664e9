// Money is written one way everywhere (issue 37): the dollar sign, the amount and the code,
// "$82.00 SGD" (SPEC §9's '+$X SGD'), on every screen, in the share summary, the calendar file,
// the link preview and the notifications alike. A driver's quote in whole dollars reads
// "$75 SGD". Shared by the PWA (in the reader's language) and both api runtimes (in English).
const formats = new Map<string, Intl.NumberFormat>();

// en-SG, ms-SG and zh-Hans-SG all write the Singapore dollar as "$"; the code after it says
// which dollar it is.
export function formatSgdIn(locale: string, amount: number, fractionDigits = 2): string {
  const id = `${locale} ${fractionDigits}`;
  let format = formats.get(id);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'SGD',
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
    formats.set(id, format);
  }
  return `${format.format(amount)} SGD`;
}

// What the server writes: in English, whatever the reader's language (the amount reads the same
// in all three).
export function formatSgdText(amount: number, fractionDigits = 2): string {
  return formatSgdIn('en-SG', amount, fractionDigits);
}

// A quote as a driver gives it: whole dollars ("$75 SGD"), cents only when there are some
// ("$12.50 SGD").
export function quoteFractionDigits(amount: number): 0 | 2 {
  return Number.isInteger(amount) ? 0 : 2;
}

// What counts as translated on a 中文 or Melayu page: English words left over (brand and place
// names allowed), message ids or ICU syntax on screen, and what a catalogue of the repository
// translates. e2e/languages.test.ts reads the pages; this decides what they show.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { REPO_ROOT } from '../../tests/support/host-process.ts';

export type Language = 'en' | 'zh' | 'ms';

// ---------------------------------------------------------------------------------------------
// What may stay in Latin letters on a 中文 or Melayu page.

// Names written the same in every language, removed before the text is cut into words.
const ALLOWED_PHRASES = [
  'FC RideShare',
  'SG->FC',
  'FC->SG',
  'SG → FC',
  'FC → SG',
  'Forest City',
  'Causeway Link',
  'Second Link',
  'Johor Bahru',
  'Bahasa Melayu',
  'Sultan Abu Bakar',
  'Tampines Mall',
  // Official names of cards and services, kept as their issuers write them.
  "Touch 'n Go",
  'Touch ’n Go',
  'SG Arrival Card',
  'Malaysia Digital Arrival Card',
];

// Brands, places, currencies and codes (spelt exactly so: a lowercase "link" is English).
const ALLOWED_WORDS = new Set([
  'FC',
  'RideShare',
  'Revolut',
  'PayNow',
  'WhatsApp',
  'Discord',
  'SGD',
  'SG',
  'RM',
  'MYR',
  'Forest',
  'City',
  'Tuas',
  'Woodlands',
  'Johor',
  'Bahru',
  'JB',
  'CIQ',
  'BSI',
  'KSL',
  'Causeway',
  'Link',
  'Second',
  'CW',
  'MRT',
  'LRT',
  'ICA',
  'MDAC',
  'SSM',
  'MY',
  'Pasir',
  'Ris',
  'Tampines',
  'Toyota',
  'Alphard',
  'HiAce',
  'USDT',
  'USDC',
  'Leaflet',
  'OpenStreetMap',
  // Push services the privacy notice names.
  'Google',
  'Apple',
  'IP',
  // The prefix of a payment reference (FCRS-12).
  'FCRS',
  'QR',
  'OK',
  'am',
  'pm',
  'AM',
  'PM',
]);

// Frequent English words of the interface that are not Malay words. Words Malay shares with
// English (bus, data, status, menu, hotel, van, admin, vendor, …) are left out, and so are the
// allowed names above, so a correct Malay page is not flagged for them.
const ENGLISH_WORDS = new Set(
  `
  a aboard about above accept accepted accessible account across action actions active actual add
  added adding additional address after afternoon again against age ago agree all allow allowed
  almost alone along already also always an and another answer any anyone anything anyway
  app application applications applied applies apply applying approval approve approved are area around
  arrival arrive arrived arrives arrows as ask asked assign assigned assignment at aug august
  authority available away back bag be because becomes been before beforehand being bell belongings
  below between bike blocked board book booked booking books border both bottom box breakdown
  bridge bring buses but button by calendar call called can can't cancel cancelled cannot
  car card cards carry cars cash chain chains change changed changes characters charge chartered
  chat cheapest check checked checking checklist checkpoint checkpoints checks choose chosen citizens clear clearing
  click close closed code collect collected collects come coming communication community commuter company complete
  confirm confirmed contact contactless contacts content continue contributors copied copy cost costs could count
  country create created creates cross crossing current customs daily dashboard date dates day days
  dec december delete deleted depart departs departure departures destination detail details device devices did
  digits direction directions directly do documents does doesn't don't done down drag drive driver
  drivers driving drop drop-off dropoff each earliest early edit either email empty enable end
  english enter entered entry error evening every everyone everything example exist exit expiry extra
  fare fares february fee few field fill filled filter filters find first follow for
  foreign forgot found free frequency fri friday from full gave get give go going
  got graphic group guide guides had happens has have haven't he help her here
  hide his home hour hours how i i'll i'm i've if immigration in inbox
  including indicative information inside interactive into is issue it its january join joined joining
  joins july june just keep kept know landmark language last later latest leave leaves
  left leg less let library licence like limit lines list load loaded loading location
  locked logged login logout long look looking lost made mail make many maps mar
  march mark marked may maybe me means member members message messages mine minute minutes
  missing mon monday month months more morning most move moved multiple must my name
  near need needed needs never new next night nobody none not note notes nothing
  notification notifications notify now number oct october of off offer official offline often
  on once one online only open opened opens optional options or order organise organised
  organiser organize organized organizer organizers other our out over own page paid party passenger
  passengers passport password past pay paying payment payments pending people permanent person phone pick
  pick-up pickup pickups place places plan plate please point pops possible preferred price prices
  profile public push put queue quick rate reach read ready reason receive received recent
  recipient recommended reference refuse register registered registering release released remind reminder reminders remove removed
  reply request requested requests required requirements reset residents resources responsibilities rest return returns review
  revoke ride rider riders rides right route routes rules runs said same sat saturday
  save saved says schedule search seat seats second see seen sees select send sending
  sent sequence sets settings share shared shares should show shown shows side sign
  signed since singapore site six skip someone soon sort split splits spot spots start
  starts station stay step steps still stop stops straight submit such suggested suggestions sun
  sunday supports sure switch take taken takes tap taxi tell templates than thank thanks
  that the their them themselves then there these they thing things this those through
  thu thursday ticket ticks time times timetable to today together told tomorrow too took
  tools touch transfer transfers transport travel travelled travelling try tue tuesday turn two type
  under unpaid unread untested until up upcoming update updated us use used user username
  users using valid validity vehicle view visitor visitors wait waiting waitlist want was way
  ways we wed wednesday week weekly welcome well were what when where which while
  who whole why will with within without won't word work works would wrong yes
  yesterday yet you you're you've your yours yourself zoom
  `
    .split(/\s+/)
    .filter(Boolean),
);

// The words of a text in Latin letters (with an inner apostrophe: "don't"), after the allowed
// names, web addresses and e-mail addresses are taken out.
function latinWords(text: string): string[] {
  let rest = text;
  for (const phrase of ALLOWED_PHRASES) rest = rest.split(phrase).join(' ');
  rest = rest
    .replace(/(?:https?:\/\/|www\.)\S+/gi, ' ')
    .replace(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, ' ')
    .replace(/\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|sg|my|org|net|gov|io|me)\b(?:\/\S*)?/gi, ' ');
  return rest.match(/[A-Za-z]+(?:['’][A-Za-z]+)?/g) ?? [];
}

// 中文 is written without Latin letters: any word of three letters or more that is not an allowed
// name is English left over. Melayu is written in Latin letters: only known English words are.
export function leftoverWords(text: string, language: Language): string[] {
  return latinWords(text).filter((word) => {
    if (ALLOWED_WORDS.has(word)) return false;
    if (language === 'zh') return word.length >= 3;
    const lower = word.toLowerCase().replace('’', "'");
    return word.length >= 2 && (ENGLISH_WORDS.has(lower) || ENGLISH_WORDS.has(lower.replace(/'s$/, '')));
  });
}

// Lingui's compiled ids are six characters of base64url; ICU placeholders are {name} or
// {count, plural, …}. Either on screen means a message was not compiled or not looked up.
export function leakedSyntax(text: string): string[] {
  const leaks: string[] = [];
  for (const match of text.matchAll(
    /\{[A-Za-z0-9_]+(?:\s*,\s*(?:plural|select|selectordinal|number|date|time)\b[^}]*)?\}?/g,
  )) {
    if (match[0].startsWith('{') && /^\{[A-Za-z0-9_]+(\}|\s*,)/.test(match[0])) leaks.push(match[0]);
  }
  for (const token of text.split(/\s+/)) {
    if (!/^[A-Za-z0-9_-]{6}$/.test(token) || ALLOWED_WORDS.has(token)) continue;
    // Ordinary words, capital codes (FCRS-1) and numbers (12-000) are not ids.
    if (/^[A-Z]?[a-z]+$/.test(token) || !/[a-z]/.test(token)) continue;
    leaks.push(token);
  }
  return leaks;
}

// msgid → msgstr and the files that use it (the "#:" references), of a catalogue of the
// repository (src/locales/<language>/messages.po).
export function catalogue(language: Exclude<Language, 'en'>): Map<string, { translation: string; files: string[] }> {
  const entries = new Map<string, { translation: string; files: string[] }>();
  const lines = readFileSync(join(REPO_ROOT, `src/locales/${language}/messages.po`), 'utf8').split('\n');
  let field: 'msgid' | 'msgstr' | null = null;
  let files: string[] = [];
  let id = '';
  let text = '';
  const flush = () => {
    if (field === 'msgstr' && id) entries.set(id, { translation: text, files });
    field = null;
    files = [];
  };
  for (const line of lines) {
    const reference = /^#:\s*(.*)$/.exec(line);
    const start = /^(msgid|msgstr)\s+"(.*)"\s*$/.exec(line);
    const more = /^"(.*)"\s*$/.exec(line);
    if (reference) {
      if (field === 'msgstr') flush();
      files.push(...reference[1].split(/\s+/).map((file) => file.replace(/:\d+$/, '')));
    } else if (start?.[1] === 'msgid') {
      if (field === 'msgstr') flush();
      field = 'msgid';
      id = JSON.parse(`"${start[2]}"`);
    } else if (start?.[1] === 'msgstr') {
      field = 'msgstr';
      text = JSON.parse(`"${start[2]}"`);
    } else if (more && field === 'msgid') {
      id += JSON.parse(`"${more[1]}"`);
    } else if (more && field === 'msgstr') {
      text += JSON.parse(`"${more[1]}"`);
    }
  }
  flush();
  return entries;
}

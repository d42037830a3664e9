import { Trans } from '@lingui/react';
import { type NotificationReader, type NotificationValue, readNotification } from '@shared/notification-text.ts';
import type { ReactNode } from 'react';

import { formatList, formatShortDateTime, formatShortTime } from '../../lib/format';
import { i18n } from '../../lib/i18n/i18n';

// The words of a list ("date and time, pickup and stops"), joined the current language's way.
const WORDS: NotificationReader<string> = {
  data: (value) => String(value),
  message: (message, values) => i18n._(message.id, values, { message: message.message }),
  date: (instant, timeOnly) => (timeOnly ? formatShortTime(instant) : formatShortDateTime(instant)),
  list: (items) => formatList(items.map((item) => readNotification(item, WORDS))),
};

// The inbox reads the shared messages (the ones Web Push sends in English) in the member's
// language: each message through Lingui, dates the current language's way, and the member's
// own words (names, the direction) kept as they are, out of the browser's translator.
const READER: NotificationReader<ReactNode> = {
  data: (value) => (typeof value === 'number' ? value : <span translate="no">{value}</span>),
  message: (message, values) => <Trans id={message.id} message={message.message} values={values} />,
  date: WORDS.date,
  list: (items) => WORDS.list(items),
};

export function NotificationMessage({ value }: { value: NotificationValue }) {
  return <>{readNotification(value, READER)}</>;
}

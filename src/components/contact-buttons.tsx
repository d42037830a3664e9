import { t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { dialableNumber } from '@shared/phone.ts';

import { copyText } from '../lib/clipboard';
import { formatPhoneNumber } from '../lib/format';
import { toastError } from '../lib/toast';
import { ChatIcon, MoneyIcon, PhoneIcon } from './icons';

export interface ContactDetails {
  whatsappNumber?: string | null;
  malaysianNumber?: string | null;
  discordUsername?: string | null;
  revolutUsername?: string | null;
}

type Channel = 'whatsapp' | 'malaysian' | 'discord' | 'revolut';

// Read when shown, in the current language (the brands stay as they are).
function channelName(channel: Channel): string {
  switch (channel) {
    case 'whatsapp':
      return 'WhatsApp';
    case 'malaysian':
      return t`Malaysian number`;
    case 'discord':
      return 'Discord';
    case 'revolut':
      return 'Revolut';
  }
}

function digitsOnly(phone: string): string {
  return phone.replace(/[^0-9]/g, '');
}

// Numbers are stored in E.164; one stored before that in a local form ('9123 4567',
// '012-345 6789') is read the same way, so the link dials the right country either way.
export function whatsappLink(phone: string, text?: string): string {
  return `https://wa.me/${digitsOnly(dialableNumber(phone))}${text ? `?text=${encodeURIComponent(text)}` : ''}`;
}

export function telLink(phone: string): string {
  return `tel:${dialableNumber(phone)}`;
}

// SPEC §8: a contact that is missing says so instead of opening nothing.
function reportMissing(channel: Channel) {
  const name = channelName(channel);
  toastError(t`Contact not available`, t`No ${name} contact information provided.`);
}

function copyDiscord(username: string) {
  return copyText(username, {
    copied: {
      title: t`Discord username copied`,
      description: t`${username}: paste it into Discord to send a message.`,
    },
    failed: { title: t`Failed to copy`, description: t`Discord username: ${username}` },
  });
}

export function ContactButtons({
  contact,
  channels = ['whatsapp', 'malaysian', 'discord', 'revolut'],
  personName,
  message,
}: {
  contact: ContactDetails;
  channels?: Channel[];
  personName: string;
  message?: string;
}) {
  const { t } = useLingui();
  const buttonClass = 'btn btn-sm btn-outline min-h-11';
  return (
    <div className="flex flex-wrap gap-2">
      {channels.map((channel) => {
        const name = channelName(channel);
        if (channel === 'whatsapp' && contact.whatsappNumber) {
          return (
            <a
              key={channel}
              className={buttonClass}
              href={whatsappLink(contact.whatsappNumber, message)}
              target="_blank"
              rel="noreferrer"
              aria-label={t`WhatsApp ${personName}`}
            >
              <ChatIcon /> WhatsApp
            </a>
          );
        }
        if (channel === 'malaysian' && contact.malaysianNumber) {
          const number = formatPhoneNumber(contact.malaysianNumber);
          return (
            <a
              key={channel}
              className={buttonClass}
              href={telLink(contact.malaysianNumber)}
              aria-label={t`${number}: call ${personName}`}
            >
              <PhoneIcon /> <span translate="no">{number}</span>
            </a>
          );
        }
        if (channel === 'discord' && contact.discordUsername) {
          const username = contact.discordUsername;
          return (
            <button
              key={channel}
              type="button"
              className={buttonClass}
              onClick={() => void copyDiscord(username)}
              aria-label={t`Discord: copy the username of ${personName}`}
            >
              <ChatIcon /> Discord
            </button>
          );
        }
        if (channel === 'revolut' && contact.revolutUsername) {
          return (
            <a
              key={channel}
              className={buttonClass}
              href={`https://revolut.me/${encodeURIComponent(contact.revolutUsername)}`}
              target="_blank"
              rel="noreferrer"
              aria-label={t`Revolut: pay ${personName}`}
            >
              <MoneyIcon /> Revolut
            </a>
          );
        }
        // Most members have no Malaysian number: a dashed '+60' on their every card only said
        // so (issue 21). The channels a member is expected to have still say when missing.
        if (channel === 'malaysian') return null;
        return (
          <button
            key={channel}
            type="button"
            className={`${buttonClass} btn-disabled-look`}
            onClick={() => reportMissing(channel)}
            aria-label={t`${name}: ${personName} gave no ${name}`}
          >
            {channel === 'revolut' ? <MoneyIcon /> : <ChatIcon />}
            {name}
          </button>
        );
      })}
    </div>
  );
}

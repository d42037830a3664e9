import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { MALAYSIAN_NUMBER_FORMAT, WHATSAPP_NUMBER_FORMAT } from '../../_shared/schemas/fields.ts';

// A refusal meant for the person using the app: its message is shown as-is.
export class HttpError extends Error {
  readonly status: ContentfulStatusCode;
  readonly headers: Record<string, string>;

  constructor(status: ContentfulStatusCode, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.headers = headers;
  }
}

// Both drivers' errors; Postgres always sends a message with a code.
interface PostgresErrorLike {
  code?: string;
  message: string;
  hint?: string;
  constraint?: string;
  constraint_name?: string;
}

const constraintMessages: Record<string, [ContentfulStatusCode, string]> = {
  rides_not_overbooked: [409, 'Maximum passengers cannot be lower than the passengers already in this ride'],
  rides_organizer_fits: [400, 'Passengers at your location cannot exceed the maximum passengers'],
  rides_driver_contact_id_fkey: [400, 'That recommended driver does not exist'],
  users_discord_username_key: [409, 'Discord username already exists'],
  // The id reserved for the admin (20261124000210) belongs to someone else on an old install.
  users_pkey: [409, 'Discord username already exists'],
  ride_passengers_one_entry_per_user: [409, 'You have already joined this ride'],
  // A number stored before numbers were normalised, that the migration could not read, must be
  // corrected before the member's row can be saved again.
  users_whatsapp_number_e164: [400, WHATSAPP_NUMBER_FORMAT],
  users_malaysian_number_e164: [400, MALAYSIAN_NUMBER_FORMAT],
};

// Postgres refusals become answers a member can read; anything else stays a 500 for us to fix.
export function fromDatabaseError(error: unknown): HttpError | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, message, hint, constraint, constraint_name } = error as PostgresErrorLike;
  if (!code) return null;
  const known = constraintMessages[constraint ?? constraint_name ?? ''];
  if (known) return new HttpError(known[0], known[1]);
  if (/^PT[1-5][0-9]{2}$/.test(code)) {
    // A throttle (migration 20261124000200) puts the seconds to wait in the error's HINT.
    const retryAfter = code === 'PT429' ? /^[0-9]{1,9}$/.exec(hint ?? '')?.[0] : undefined;
    return new HttpError(
      Number(code.slice(2)) as ContentfulStatusCode,
      message,
      retryAfter ? { 'Retry-After': retryAfter } : {},
    );
  }
  if (code === '42501') return new HttpError(403, 'You are not allowed to do that');
  if (code === '23505') return new HttpError(409, 'That already exists');
  if (code === '23503') return new HttpError(400, 'A referenced record does not exist');
  if (code.startsWith('23') || code.startsWith('22')) return new HttpError(400, 'Invalid value');
  if (code === '40001' || code === '40P01') {
    return new HttpError(409, 'Someone else changed this at the same moment. Please try again.');
  }
  return null;
}

import type { ContentfulStatusCode } from 'hono/utils/http-status';

import {
  genericRefusalCode,
  isKnownRefusalCode,
  type KnownRefusalCode,
  type Refusal,
  refusal,
  type RefusalCode,
  type RefusalParams,
} from '../../_shared/refusals.ts';
import { MALAYSIAN_NUMBER_FORMAT, WHATSAPP_NUMBER_FORMAT } from '../../_shared/schemas/fields.ts';
import { validationParamsOf } from '../../_shared/validation.ts';

// A refusal meant for the person using the app: its stable code (../../_shared/refusals.ts),
// the values its text names (params) and SPEC §8's English message, which the answer says in
// the member's language (refusal-language.ts). Give the refusal from the registry,
// refusal('ride_not_found'), refusal('party_too_big', { count: 2 }), or a database refusal's
// text with the code and values it names (fromDatabaseError).
export class HttpError extends Error {
  readonly status: ContentfulStatusCode;
  readonly headers: Record<string, string>;
  readonly code: RefusalCode;
  readonly params: RefusalParams;

  constructor(status: ContentfulStatusCode, refused: Refusal, headers: Record<string, string> = {}) {
    super(refused.message);
    this.status = status;
    this.headers = headers;
    this.code = refused.code;
    this.params = refused.params;
  }

  // What the answer's JSON says before refusal-language.ts adds the language and the request.
  get body(): { code: RefusalCode; params: RefusalParams; message: string } {
    return { code: this.code, params: this.params, message: this.message };
  }
}

// The code a database refusal names in its HINT (a key of REFUSALS, or 'invalid_input' for a
// field check the database makes too): read, never worked out from the English. A refusal
// naming none (or one this api does not know) gets the generic code of its status.
export function refusalCodeOf(status: number, hint: string | undefined): RefusalCode {
  if (isKnownRefusalCode(hint) || hint === 'invalid_input') return hint;
  return genericRefusalCode(status);
}

// A validation failure (zod): SPEC §8's message, the one code 'invalid_input', and as params
// the rule of validation.ts that made the message, its values and the field (its path in the
// body, or the query parameter), so a client says it without reading the English. A message
// zod wrote itself names only the field.
export function invalidRefusal(message: string, field?: string): Refusal {
  return {
    code: 'invalid_input',
    message,
    params: { ...validationParamsOf(message), ...(field ? { field } : {}) },
  };
}

export function invalidInput(message: string, path: readonly PropertyKey[] = []): HttpError {
  return new HttpError(400, invalidRefusal(message, path.map(String).join('.') || undefined));
}

// A database refusal's values: the JSON object in its DETAIL, its strings and numbers. A DETAIL
// that is not one (Postgres's own errors write prose there) gives none.
export function paramsOfDetail(detail: string | undefined): RefusalParams {
  if (!detail?.startsWith('{')) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(detail);
  } catch {
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
  return Object.fromEntries(
    Object.entries(parsed).filter(
      (entry): entry is [string, string | number] => typeof entry[1] === 'string' || typeof entry[1] === 'number',
    ),
  );
}

// Both drivers' errors (postgres.js's PostgresError, PGlite's DatabaseError); Postgres always
// sends a message with a code.
interface PostgresErrorLike {
  code?: string;
  message: string;
  detail?: string;
  hint?: string;
  constraint?: string;
  constraint_name?: string;
}

const constraintRefusals: Record<string, [ContentfulStatusCode, Refusal]> = {
  rides_not_overbooked: [409, refusal('max_below_joined')],
  rides_organiser_fits: [400, refusal('organizer_exceeds_max')],
  rides_driver_contact_id_fkey: [400, refusal('driver_contact_missing')],
  users_discord_username_key: [409, refusal('username_taken')],
  // Two lookalikes registered at once: the second one's insert meets the first one's skeleton.
  users_username_skeleton_key: [409, refusal('username_lookalike')],
  // The id reserved for the admin (20261124000210) belongs to someone else on an old install.
  users_pkey: [409, refusal('username_taken')],
  ride_passengers_one_entry_per_user: [409, refusal('already_joined')],
  // Two reports of one target by one member at once: the second meets the first's open row.
  reports_one_open_idx: [409, refusal('already_reported')],
  // A number stored before numbers were normalised, that the migration could not read, must be
  // corrected before the member's row can be saved again.
  users_whatsapp_number_e164: [400, invalidRefusal(WHATSAPP_NUMBER_FORMAT, 'whatsappNumber')],
  users_malaysian_number_e164: [400, invalidRefusal(MALAYSIAN_NUMBER_FORMAT, 'malaysianNumber')],
};

function known(status: ContentfulStatusCode, code: KnownRefusalCode): HttpError {
  return new HttpError(status, refusal(code));
}

// Postgres refusals become answers a member can read; anything else stays a 500 for us to fix.
export function fromDatabaseError(error: unknown): HttpError | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, message, detail, hint, constraint, constraint_name } = error as PostgresErrorLike;
  if (!code) return null;
  const byConstraint = constraintRefusals[constraint ?? constraint_name ?? ''];
  if (byConstraint) return new HttpError(byConstraint[0], byConstraint[1]);
  if (/^PT[1-5][0-9]{2}$/.test(code)) {
    // `raise exception using errcode = 'PT409', message = '...', detail = '{"count": 3}',
    // hint = '<code>'`: the status, the English text, the values, the code. A throttle
    // (private.refuse_throttled) sends the seconds to wait as {"wait": seconds}.
    const status = Number(code.slice(2)) as ContentfulStatusCode;
    const params = paramsOfDetail(detail);
    const wait = params.wait;
    const retryAfter =
      code === 'PT429' && typeof wait === 'number' && wait > 0 && wait < 1e9 ? String(Math.ceil(wait)) : undefined;
    return new HttpError(
      status,
      { code: refusalCodeOf(status, hint), message, params },
      retryAfter ? { 'Retry-After': retryAfter } : {},
    );
  }
  if (code === '42501') return known(403, 'not_allowed');
  if (code === '23505') return known(409, 'already_exists');
  if (code === '23503') return known(400, 'reference_missing');
  if (code.startsWith('23') || code.startsWith('22')) return known(400, 'invalid_value');
  if (code === '40001' || code === '40P01') return known(409, 'concurrent_change');
  return null;
}

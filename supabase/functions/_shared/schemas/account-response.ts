import { z } from 'zod';

// The member's own account (api/routes/account.ts): "Download my data" and "Delete my account".

// One row of a table as the database holds it, column names included (to_jsonb of the row).
const row = z.record(z.string(), z.unknown());
const rows = z.array(row);
const at = z.string();
const atOrNull = z.string().nullable();

// GET /api/account/data: everything the database holds about the caller (app.my_data,
// supabase/schemas/95_own_data.sql), one key per kind of row. Never a secret: where a secret sits
// beside what is exported (a password, sessions, devices, reset codes, push subscriptions), the
// fields are named one by one, so one more field fails the api suites' contract check.
export const myDataSchema = z
  .object({
    format: z.literal('fc-rideshare-member-data/1'),
    exportedAt: at,
    // The member's public.users row (its lookalike key left out).
    profile: z.object({
      id: z.number().int(),
      discord_username: z.string().nullable(),
      name: z.string().nullable(),
      whatsapp_number: z.string().nullable(),
      malaysian_number: z.string().nullable(),
      revolut_username: z.string().nullable(),
      is_vendor: z.boolean(),
      company_name: z.string().nullable(),
      driver_details: z.record(z.string(), z.unknown()).nullable(),
      created_at: at,
      updated_at: at,
      language: z.string().nullable(),
      erased_at: atOrNull,
      phone_visibility: z.string(),
    }),
    policiesAccepted: rows,
    // When the password last changed; never the password or its hash.
    password: z.union([z.object({ updated_at: at }), z.null()]),
    sessions: z.array(z.object({ created_at: at, expires_at: at })),
    knownDevices: z.array(z.object({ created_at: at, expires_at: at })),
    failedLogins: z.array(z.object({ failed_at: at })),
    passwordResetCodes: z.array(z.object({ created_at: at, expires_at: at, used_at: atOrNull })),
    passwordResetRequests: rows,
    vendorApplication: row.nullable(),
    vendorDecisions: z.array(z.object({ user_id: z.number().int(), status: z.string(), decided_at: atOrNull })),
    ridesOrganised: rows,
    rideSeries: rows,
    rideSeriesJoined: rows,
    ridesAsVendor: rows,
    // Each seat with the ride it was on.
    ridesJoined: rows,
    payments: z.array(
      z.object({
        ride_id: z.number().int(),
        ride_date: at,
        payment_status: z.string(),
        claimed_at: atOrNull,
        paid_at: atOrNull,
        sums: rows,
      }),
    ),
    paymentsReceived: rows,
    waitlist: rows,
    notifications: rows,
    rideMessages: rows,
    chatLinesAboutMe: rows,
    chatReads: rows,
    tripSteps: rows,
    tripStepsSet: rows,
    stillComing: rows,
    carStepsSet: rows,
    carPositionsShared: rows,
    rideAlerts: rows,
    rideAlertsTold: rows,
    following: rows,
    // How many follow them and since when, not who.
    followedBy: z.array(z.object({ created_at: at })),
    rideRequests: rows,
    rideRequestMeToos: rows,
    membersBlocked: rows,
    rideHandoversOffered: rows,
    rideHandoversReceived: rows,
    noShows: rows,
    // Which devices get pushes: the push service's address, never the endpoint or its keys.
    pushDevices: z.array(
      z.object({
        id: z.number().int(),
        service: z.string().nullable(),
        kinds: z.array(z.string()),
        created_at: at,
        saved_at: at,
      }),
    ),
    reportsMade: rows,
    // Reports about them and what they posted, without who made them.
    reportsAboutMe: z.array(
      z.object({
        id: z.number().int(),
        target_kind: z.string(),
        ride_id: z.number().int().nullable(),
        request_id: z.number().int().nullable(),
        message_id: z.number().int().nullable(),
        reason: z.string(),
        status: z.string(),
        created_at: at,
      }),
    ),
    reportsResolved: z.array(z.object({ id: z.number().int(), status: z.string(), resolved_at: atOrNull })),
    suspension: row.nullable(),
    suspensionsDecided: z.array(z.object({ user_id: z.number().int(), suspended_until: atOrNull, created_at: at })),
    moderationActions: rows,
    // The actions of theirs the abuse limits counted, while kept.
    countedActions: z.array(z.object({ limit_name: z.string(), happened_at: at })),
  })
  .meta({ id: 'MyData' });
export type MyData = z.infer<typeof myDataSchema>;

// POST /api/account/delete: what deleting the account did to the rides ahead.
export const accountDeletedSchema = z.object({
  message: z.string(),
  // Their own rides ahead, cancelled (the passengers are told).
  ridesCancelled: z.number().int().nonnegative(),
  // The rides ahead they drove as a vendor, open again.
  ridesReleased: z.number().int().nonnegative(),
  // The rides ahead they were a passenger on.
  ridesLeft: z.number().int().nonnegative(),
});
export type AccountDeleted = z.infer<typeof accountDeletedSchema>;

import { createRoute } from '@hono/zod-openapi';

import { POLICY_DOCUMENTS } from '../../_shared/policies.ts';
import { ownUserSchema } from '../../_shared/schemas/auth-response.ts';
import { acceptPoliciesSchema } from '../../_shared/schemas/policies.ts';
import { contractRoutes, json, jsonBody, mount, refused } from '../lib/contract.ts';
import type { RequestDb } from '../lib/database.ts';
import { requireCaller } from '../lib/env.ts';
import { readOwnUser } from '../lib/respond-user.ts';
import { readBody } from '../lib/validate.ts';

// The privacy notice and community rules a member accepts (issue 26 §2; the table is
// public.policy_acceptances, migration 20261201002733).
export const policyRoutes = contractRoutes();

// One row per document at the accepted version; accepting a version again keeps its first time.
// `asOwner` at registration (the new member is not yet the caller), as the member otherwise.
export async function recordAcceptance(
  db: RequestDb,
  userId: number,
  accepted: Record<(typeof POLICY_DOCUMENTS)[number], string>,
  { asOwner = false } = {},
): Promise<void> {
  const sql = `insert into public.policy_acceptances (user_id, document, version)
               select $1::integer, d.document, d.version
                 from unnest($2::text[], $3::text[]) as d (document, version)
               on conflict do nothing`;
  const params = [userId, [...POLICY_DOCUMENTS], POLICY_DOCUMENTS.map((document) => accepted[document])];
  if (asOwner) await db.asOwner(sql, params);
  else await db.query(sql, params);
}

// A member registered under older versions (or before there were any) accepting the current
// ones; answers with the member, whose acceptedPolicies then name them.
const acceptPolicies = createRoute({
  method: 'post',
  path: '/policies/accept',
  tags: ['Members'],
  summary: 'Accept the current privacy notice and community rules',
  request: { body: jsonBody(acceptPoliciesSchema) },
  responses: {
    200: json('The member, whose acceptedPolicies name the current versions', ownUserSchema),
    ...refused({
      400: ['invalid_json', 'body_not_object', 'invalid_input'],
      401: ['login_required'],
      404: ['user_not_found'],
    }),
  },
});
mount(policyRoutes, acceptPolicies, async (c) => {
  const caller = requireCaller(c);
  const input = await readBody(c, acceptPoliciesSchema);
  await recordAcceptance(c.get('db'), caller.userId, input.acceptedPolicies);
  return c.json(await readOwnUser(c, caller.userId), 200);
});

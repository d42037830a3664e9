// Default answers for blocks and records (src/features/member-blocks/api, issue 26 §1): nobody
// blocked, a fresh member's record, and every block, unblock and no-show mark accepted.
import type { BlockedMember, MemberRecord } from '@shared/schemas/member-blocks.ts';
import { noShowSchema } from '@shared/schemas/member-blocks.ts';
import { http, HttpResponse } from 'msw';

import { parsedBody } from './respond';

export const memberBlockHandlers = [
  http.get('*/api/blocks', () => HttpResponse.json<BlockedMember[]>([])),
  http.post('*/api/blocks/:userId', ({ params }) =>
    HttpResponse.json({ userId: Number(params.userId), blocked: true }),
  ),
  http.delete('*/api/blocks/:userId', ({ params }) =>
    HttpResponse.json({ userId: Number(params.userId), blocked: false }),
  ),
  http.get('*/api/users/:userId/record', () => HttpResponse.json<MemberRecord>({ trips: 0, noShows: 0 })),
  http.post('*/api/rides/:rideId/passengers/:passengerId/no-show', async ({ request, params }) => {
    const body = await parsedBody(request, noShowSchema);
    if ('refused' in body) return body.refused;
    return HttpResponse.json({ passengerId: Number(params.passengerId), noShow: body.data.noShow });
  }),
];

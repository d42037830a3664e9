// Default answers for the profile calls (src/features/profile/api): the saved member as the api
// answers it, from the api's own profile schema.
import { profileSchema } from '@shared/schemas/auth.ts';
import type { FollowerCount } from '@shared/types/follows.ts';
import { http, HttpResponse } from 'msw';

import type { User } from '../../lib/auth';
import { testUser } from '../render';
import { parsedBody } from './respond';

export const profileHandlers = [
  http.patch('*/api/users/:id', async ({ request, params }) => {
    const body = await parsedBody(request, profileSchema.partial());
    if ('refused' in body) return body.refused;
    return HttpResponse.json<User>(testUser({ id: Number(params.id), ...body.data }));
  }),
  http.get('*/api/followers', () => HttpResponse.json<FollowerCount>({ count: 0 })),
];

import { type Context, Hono } from 'hono';

import type { FollowerCount, FollowState } from '../../_shared/types/follows.ts';
import { type AppEnv, requireCaller } from '../lib/env.ts';
import { readId } from '../lib/validate.ts';

// Follow an organiser (issue 27, supabase/schemas/57_organiser_follows.sql): who may follow is
// the database's rule (app.follow_organiser); RLS lets a member unfollow only for themselves.
export const followRoutes = new Hono<AppEnv>();

async function followState(c: Context<AppEnv>, organiserId: number): Promise<FollowState> {
  const row = await c.get('db').one<FollowState>(
    `select exists (select 1 from public.organiser_follows
                       where follower_id = app.current_user_id() and organiser_id = $1::integer) as following`,
    [organiserId],
  );
  return row!;
}

followRoutes.get('/organisers/:id/follow', async (c) => {
  requireCaller(c);
  return c.json(await followState(c, readId(c, 'id', 'organiser')));
});

// Following again is not an error: the answer is the same.
followRoutes.post('/organisers/:id/follow', async (c) => {
  requireCaller(c);
  const organiserId = readId(c, 'id', 'organiser');
  await c.get('db').query('select app.follow_organiser($1::integer)', [organiserId]);
  return c.json({ following: true } satisfies FollowState);
});

// Nor is unfollowing someone one does not follow.
followRoutes.delete('/organisers/:id/follow', async (c) => {
  requireCaller(c);
  const organiserId = readId(c, 'id', 'organiser');
  await c
    .get('db')
    .query('delete from public.organiser_follows where follower_id = app.current_user_id() and organiser_id = $1', [
      organiserId,
    ]);
  return c.json({ following: false } satisfies FollowState);
});

// How many follow the caller; never who.
followRoutes.get('/followers', async (c) => {
  requireCaller(c);
  const row = await c
    .get('db')
    .one<FollowerCount>(
      'select count(*)::int as count from public.organiser_follows where organiser_id = app.current_user_id()',
    );
  return c.json(row!);
});

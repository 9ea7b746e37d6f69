// GoTrue's POST /logout (internal/api/logout.go): `scope` global (every session of the user), local (this one) or
// others.
import type { Handler } from '../service';
import { userOf } from './request-user';

export const logout: Handler = async (request, reply, { db }) => {
  const { user, sessionId } = userOf(request);
  const scope = (request.query as { scope?: string }).scope ?? 'global';
  if (scope === 'local') await db.query('delete from auth.sessions where id = $1', [sessionId]);
  else if (scope === 'others')
    await db.query('delete from auth.sessions where user_id = $1 and id <> $2', [user.id, sessionId]);
  else await db.query('delete from auth.sessions where user_id = $1', [user.id]);
  return reply.status(204).send();
};

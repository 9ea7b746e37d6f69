// GoTrue's admin factor API for the service role (internal/api/admin.go): supabase.auth.admin.mfa.listFactors
// and deleteFactor, which is how the agency removes the factor of a customer who lost their device.
import { AuthError } from '../errors';
import type { Handler } from '../service';
import { UUID } from './request-user';
import { factorOf, removeFactor } from './totp';
import { factorJson, findUserById } from './users';

export const listFactors: Handler = async (request, reply, { db }) => {
  const { userId } = request.params as { userId: string };
  const user = UUID.test(userId) ? await findUserById(db, userId) : undefined;
  if (!user) throw new AuthError(404, 'user_not_found', 'User not found');
  return reply.send(user.factors.map(factorJson));
};

export const deleteFactor: Handler = async (request, reply, { db }) => {
  const { userId, factorId } = request.params as { userId: string; factorId: string };
  if (!UUID.test(userId) || !(await findUserById(db, userId)))
    throw new AuthError(404, 'user_not_found', 'User not found');
  const factor = await db.transaction(async (tx) => {
    const found = await factorOf(tx, userId, factorId, true);
    await removeFactor(tx, found);
    return found;
  });
  return reply.send(factorJson(factor));
};

import { isApiError } from 'shared-lib';
import { requestReauthentication } from './request-reauthentication';
import { setNewPassword } from './set-new-password';

/**
 * Changes the signed-in customer's password, or, when the session is too old for that alone (the auth server's
 * reauthentication_needed), has the code that confirms it e-mailed and says so.
 */
export async function changePasswordOrAskForCode(password: string): Promise<'changed' | 'code-sent'> {
  try {
    await setNewPassword(password);
    return 'changed';
  } catch (error) {
    if (!isApiError(error, 'reauthentication_needed')) throw error;
    await requestReauthentication();
    return 'code-sent';
  }
}

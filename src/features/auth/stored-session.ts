// What a login answer leaves on this device: shared by the app's login and the login page's
// own script (src/ssr/login-island.ts), so both store the session the same way.
import type { LoginAnswer } from '../../../contract/auth';
import type { StoredSession } from '../../api/session-store';

export function storedFrom(answer: LoginAnswer): StoredSession {
  return {
    accessToken: answer.accessToken,
    memberId: answer.memberId,
    userName: answer.userName,
    name: answer.name,
    urlMinify: answer.urlMinify,
    brandGroup: answer.brandGroup,
    agency: answer.agency,
  };
}

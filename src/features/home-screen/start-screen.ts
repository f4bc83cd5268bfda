// The installed app's start screen depends on the role (issue 30): staff open on "create
// point" (the booth's job), members on their home.
import { appDb } from '../../db/app-db';

export const staffStartPath = '/action/createPoint';
export const memberStartPath = '/action';

/** Staff of at least one group (as the menu decides it) start on "create point". */
export async function startPathForRole(): Promise<string> {
  try {
    const staffGroups = await appDb.staffGroups.filter((g) => g.deletedAt === null).count();
    return staffGroups > 0 ? staffStartPath : memberStartPath;
  } catch {
    return memberStartPath;
  }
}

// Check-in logs (spec §7 Check-in): a staffer records a member's visit at their group.
import * as v from 'valibot';
import { optionalText } from './common';
import { idSchema } from './points';

/** A second check-in of the same member at the same group within this window is flagged. */
export const duplicateWindowMinutes = 10;

/** Payload of `checkin.create` and POST /logsCheckIn. The id is made by the client. */
export const checkInCreateSchema = v.object({
  id: idSchema,
  groupId: idSchema,
  memberId: idSchema,
  note: optionalText(500),
  /** When the staffer tapped (ISO time); the server's time when absent. */
  checkedInAt: v.optional(v.pipe(v.string('invalid_date'), v.isoTimestamp('invalid_date'))),
});
export type CheckInCreateInput = v.InferInput<typeof checkInCreateSchema>;
export type CheckInCreate = v.InferOutput<typeof checkInCreateSchema>;

/** A check-in as the server answers it and the client mirrors it (Dexie checkIns). */
export interface CheckIn {
  id: string;
  groupId: string;
  groupName: string;
  memberId: string;
  memberName: string;
  staffMemberId: string;
  staffName: string;
  checkedInAt: string;
  /** The earlier check-in this one repeats within the window; null for a first visit. */
  duplicateOf: string | null;
  note: string | null;
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
}

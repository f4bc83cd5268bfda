// How the ledger screens show a moment: DD/MM/YYYY HH:mm in Vietnam time.
import { formatDate } from '../../../contract/format';
import { vietnamDay, vietnamTime } from '../../../contract/vietnam-time';

/** An ISO time as the day and time in Vietnam. */
export const dateTime = (iso: string) => `${formatDate(vietnamDay(iso))} ${vietnamTime(iso)}`;

// Fair use per member (decision 1023): the one table of numbers. Each is far above what a busy
// member does by hand, so only a runaway script or an abusive account ever meets one; they are
// counted in the database, so every server process shares them.

export interface FairUseLimits {
  /** Pictures uploaded per hour (a whole product catalogue is ~100). */
  uploadsPerHour: number;
  /** Upload bytes per hour, in MiB (pictures arrive resized: ~0.3–1 MB each). */
  uploadMibPerHour: number;
  /** Messages per day to members who are not friends (replies to strangers included). */
  strangerMessagesPerDay: number;
  /** Different non-friends written to per day: the spam signature is many strangers. */
  strangerRecipientsPerDay: number;
  /** Friend requests sent per day (a trade fair's worth of new people). */
  friendRequestsPerDay: number;
  /** Live streams open at once (one per open tab or device). */
  openLiveStreams: number;
  /** Contacts kept in the phonebook (ten times a large real phonebook). */
  contacts: number;
}

export const fairUseLimits: FairUseLimits = {
  uploadsPerHour: 300,
  uploadMibPerHour: 600,
  strangerMessagesPerDay: 300,
  strangerRecipientsPerDay: 60,
  friendRequestsPerDay: 200,
  openLiveStreams: 20,
  contacts: 100_000,
};

/** Env names that override a number, for tests that need a small limit (FAIR_USE_CONTACTS…). */
export const fairUseEnvNames: Record<keyof FairUseLimits, string> = {
  uploadsPerHour: 'FAIR_USE_UPLOADS_PER_HOUR',
  uploadMibPerHour: 'FAIR_USE_UPLOAD_MIB_PER_HOUR',
  strangerMessagesPerDay: 'FAIR_USE_STRANGER_MESSAGES_PER_DAY',
  strangerRecipientsPerDay: 'FAIR_USE_STRANGER_RECIPIENTS_PER_DAY',
  friendRequestsPerDay: 'FAIR_USE_FRIEND_REQUESTS_PER_DAY',
  openLiveStreams: 'FAIR_USE_OPEN_LIVE_STREAMS',
  contacts: 'FAIR_USE_CONTACTS',
};

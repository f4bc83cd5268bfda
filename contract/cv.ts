// A member's CV (spec §3 CV, §5 required fields, routes /action/createCv, /cv/{memberId},
// /action/dowloadcv): one per member, saved offline through `cv.save` and mirrored (Dexie
// `cvs`, decision 0711). Name, job title and picture come from the profile; experience and
// education from the member's activities of those types.
import * as v from 'valibot';
import { policies, type Policy } from './common';
import { fieldBaseSchema } from './field-merge';

export const cvGenders = ['male', 'female', 'other'] as const;
export type CvGender = (typeof cvGenders)[number];

/** Skills or hobbies: short texts, blanks dropped. */
export const cvListSchema = v.pipe(
  v.array(v.pipe(v.string('invalid_value'), v.trim(), v.maxLength(80, 'too_long'))),
  v.maxLength(40, 'too_long'),
  v.transform((items) => items.filter((item) => item !== '')),
);

const listOfShortTexts = v.optional(cvListSchema, []);

/** Spec §5: email, phone, gender, date of birth, address and about me are required. */
export const cvFieldsSchema = v.object({
  email: v.pipe(
    v.string('invalid_email'),
    v.trim(),
    v.nonEmpty('invalid_email'),
    v.maxLength(254, 'too_long'),
    v.email('invalid_email'),
  ),
  phone: v.pipe(
    v.string('phone_required'),
    v.trim(),
    v.nonEmpty('phone_required'),
    v.maxLength(20, 'too_long'),
    v.regex(/^\+?[\d\s().-]{6,20}$/, 'invalid_phone'),
  ),
  gender: v.picklist(cvGenders, 'gender_required'),
  dateOfBirth: v.pipe(
    v.string('birth_date_required'),
    v.trim(),
    v.nonEmpty('birth_date_required'),
    v.isoDate('invalid_date'),
    v.check((value) => value >= '1900-01-01' && value <= today(), 'invalid_date'),
  ),
  address: v.pipe(
    v.string('address_required'),
    v.trim(),
    v.nonEmpty('address_required'),
    v.maxLength(300, 'too_long'),
  ),
  aboutMe: v.pipe(
    v.string('about_me_required'),
    v.trim(),
    v.nonEmpty('about_me_required'),
    v.maxLength(5000, 'too_long'),
  ),
  skills: listOfShortTexts,
  hobbies: listOfShortTexts,
  /** Who sees /cv/{memberId}: everyone, friends, or only the owner (decision 0711). */
  visibility: v.optional(v.picklist(policies, 'invalid_value'), 'public'),
});
export type CvFieldsInput = v.InferInput<typeof cvFieldsSchema>;
export type CvFields = v.InferOutput<typeof cvFieldsSchema>;

/** The CV fields an edit may change, each merged on its own (decision 1062). */
export const cvMergedFields = Object.keys(cvFieldsSchema.entries) as (keyof CvFields)[];

/**
 * cv.save: the whole CV of the member who sends it. With `base` (decision 1062) only the fields
 * it names are written, each merged on its own; without it (the first save, an entry queued by
 * an older app) every field is written, the later write wins.
 */
export const cvSaveSchema = v.object({
  ...cvFieldsSchema.entries,
  base: fieldBaseSchema(cvMergedFields),
});
export type CvSaveInput = v.InferInput<typeof cvSaveSchema>;

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/** The CV as the server answers `cv.save` and the client mirrors it; `id` is the member id. */
export interface MemberCv {
  id: string;
  memberId: string;
  email: string;
  phone: string;
  gender: CvGender;
  dateOfBirth: string;
  address: string;
  aboutMe: string;
  skills: string[];
  hobbies: string[];
  visibility: Policy;
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
  changeSeq?: number;
}

/** An experience or education line, from an activity of that type. */
export interface CvEntry {
  title: string;
  details: string | null;
}

/** Everything a CV shows: the public page, the PDF and the preview render this. */
export interface CvDocument {
  memberId: string;
  name: string;
  jobTitle: string | null;
  avatarUrl: string | null;
  email: string;
  phone: string;
  gender: CvGender;
  dateOfBirth: string;
  address: string;
  aboutMe: string;
  skills: string[];
  hobbies: string[];
  experience: CvEntry[];
  education: CvEntry[];
}

/** Activity types a CV takes its sections from. */
export const cvActivityTypes = { experience: 'experiences', education: 'education' } as const;

type CvSourceActivity = {
  type: string;
  displayName: string;
  content: string | null;
  ordinal: number;
};

/** The CV entries of one activity type (experience or education), in card order. */
export function cvEntries(activities: readonly CvSourceActivity[], type: string): CvEntry[] {
  return activities
    .filter((activity) => activity.type === type && activity.displayName.trim() !== '')
    .sort((a, b) => a.ordinal - b.ordinal)
    .map((activity) => ({
      title: activity.displayName.trim(),
      details: activity.content?.trim() || null,
    }));
}

/** A CV document from the CV, the profile and the member's activities (in card order). */
export function buildCvDocument(
  cv: Omit<MemberCv, 'createdAt' | 'updatedAt' | 'deletedAt' | 'changeSeq' | 'id' | 'visibility'>,
  profile: { name: string; jobTitle: string | null; avatarUrl: string | null },
  activities: readonly CvSourceActivity[],
): CvDocument {
  const entries = (type: string): CvEntry[] => cvEntries(activities, type);
  return {
    memberId: cv.memberId,
    name: profile.name,
    jobTitle: profile.jobTitle,
    avatarUrl: profile.avatarUrl,
    email: cv.email,
    phone: cv.phone,
    gender: cv.gender,
    dateOfBirth: cv.dateOfBirth,
    address: cv.address,
    aboutMe: cv.aboutMe,
    skills: cv.skills,
    hobbies: cv.hobbies,
    experience: entries(cvActivityTypes.experience),
    education: entries(cvActivityTypes.education),
  };
}

/** dd/mm/yyyy of a YYYY-MM-DD day (how Vietnam writes dates). */
export function cvDate(day: string): string {
  const [y, m, d] = day.split('-');
  return y && m && d ? `${d}/${m}/${y}` : day;
}

export const cvGenderLabels: Record<'vi' | 'en', Record<CvGender, string>> = {
  vi: { male: 'Nam', female: 'Nữ', other: 'Khác' },
  en: { male: 'Male', female: 'Female', other: 'Other' },
};

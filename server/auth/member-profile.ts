// A member row as the API shows it: the profile fields of the member's public card and the
// member's own profile (GET /api/auth/profile) both come from here.
import type { Member, ProfileFields } from '../../contract/member';
import type { MemberRow } from './session-facts';

/** The card's profile fields of a member; the card shows the contact phone, not the login phone. */
export function memberProfileFields(row: MemberRow): ProfileFields {
  return {
    id: row.id,
    name: row.name,
    shortName: row.shortName,
    urlMinify: row.urlMinify,
    language: row.language,
    intro: row.intro,
    jobTitle: row.jobTitle,
    workplace: row.workplace,
    address: row.address,
    aboutMe: row.aboutMe,
    avatarUrl: row.avatarUrl,
    bannerUrl: row.bannerUrl,
    backgroundUrl: row.backgroundUrl,
    phone: row.contactPhone,
    otherPhone: row.otherPhone,
    website: row.website,
    zalo: row.zalo,
    interests: row.interests,
    businessSectors: row.businessSectors,
    companyInfo: row.companyInfo,
    agencyId: row.agencyId,
    updatedAt: row.updatedAt,
  };
}

export function ownProfile(row: MemberRow): Member {
  return {
    ...memberProfileFields(row),
    type: row.type,
    theme: row.theme,
    themeType: row.themeType,
    contactEmail: row.contactEmail,
    isMe: true,
  };
}

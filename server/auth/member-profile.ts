// The logged-in member's own profile as GET /api/auth/profile returns it.
import type { Member } from '../../contract/member';
import type { MemberRow } from './session-facts';

export function ownProfile(row: MemberRow): Member {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    shortName: row.shortName,
    urlMinify: row.urlMinify,
    theme: row.theme,
    themeType: row.themeType,
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
    contactEmail: row.contactEmail,
    website: row.website,
    zalo: row.zalo,
    interests: row.interests,
    businessSectors: row.businessSectors,
    companyInfo: row.companyInfo,
    banks: row.banks,
    links: row.links,
    videos: row.videos,
    agencyId: row.agencyId,
    isMe: true,
    updatedAt: row.updatedAt,
  };
}

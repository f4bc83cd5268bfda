// The answer schema of every REST call in contract/rest-routes.ts, by route name. Loaded only
// where answers are checked (development and tests, decision 1140): production bundles import
// this module for its types alone, so valibot and these schemas never ship to a visitor.
//
// Each answer is checked whole. An answer whose type is an interface elsewhere in contract/
// keeps that interface as its type, and `whole<T>()` makes tsc refuse a schema that does not
// produce exactly T: the two cannot drift apart. Answers that had no contract type get their
// type from the schema here.
import * as v from 'valibot';
import {
  authProvidersSchema,
  checkOtpForgotPasswordAnswerSchema,
  registerAnswerSchema,
  type LoginAnswer,
  type RegisterCardInfo,
  type SessionFacts,
} from './auth';
import type { BankInfo } from './account-link';
import { provinceUnits, wardUnits, type Province, type Ward } from './address';
import type {
  BrandFormData,
  BrandSettings,
  MemberFormData,
  StyleList,
  ThemeAuth,
  UrlMinifyChange,
} from './card-settings';
import { formFieldSchema, themeTypes, urlMinifyCheckSchema } from './card-settings';
import type { GoogleWalletLink, WalletAvailability } from './wallet';
import { statsGranularities, type BrandStatsReport, type MemberStatsReport } from './statistics';
import type {
  AgencyAdmin,
  AgencyGroup,
  AgencyPage,
  AgencySummary,
  ExploreCompany,
  ExploreDirectory,
  OrganizeAdmin,
} from './agency';
import type { AssociationReport, AssociationReportAnswer } from './association-report';
import {
  registrationActions,
  registrationInfoItems,
  registrationStatuses,
  registrationTypes,
  type RegistrationDetail,
  type RegistrationPage,
} from './registration';
import {
  postTypes,
  productTypes,
  type CardActivity,
  type CardPost,
  type CardProduct,
  type CardRelic,
  type CardView,
} from './card';
import { policies } from './common';
import { posterViewTypes } from './content';
import { themeModes } from './theme';
import type { MessageCode } from './messages';
import {
  groupRoles,
  type Customer,
  type CustomerPage,
  type JoinStatus,
  type MemberListPage,
} from './member-management';
import type { DiscountGroup, DiscountPage, DiscountUse } from './discount';
import type { MemberPointAnswer } from './points';
import { supportStatuses, supportTopics, type SupportInboxItem } from './support';
import { cvGenders, type CvDocument } from './cv';
import { memberLanguages, memberTypes, type Member } from './member';
import type { PullResponse, PushResponse } from './sync';

/** Whether a schema's output and the contract's type accept each other (fields, nullability). */
type Agrees<Output, T> = [Output] extends [T] ? ([T] extends [Output] ? true : false) : false;

/**
 * A whole schema of the contract's interface T: every field checked. tsc refuses a schema whose
 * output is not T (a field missing, misspelt or of another type), so the interface and its
 * schema cannot drift apart.
 */
function whole<T>() {
  return <S extends v.GenericSchema>(
    schema: S,
    ..._agrees: Agrees<v.InferOutput<S>, T> extends true ? [] : [never]
  ) => schema as unknown as v.GenericSchema<unknown, T>;
}

const nullableString = v.nullable(v.string());
const themeStyleSchema = v.object({
  code: v.string(),
  name: v.string(),
  nameVi: v.string(),
  color: v.string(),
  colorName: v.string(),
  value: v.object({
    menu: v.string(),
    menuText: v.string(),
    button: v.string(),
    buttonText: v.string(),
    card: v.string(),
    text: v.string(),
    aboutMe: v.string(),
    block: v.string(),
    price: v.string(),
    saleOff: v.string(),
    background: v.string(),
  }),
});
const cvEntrySchema = v.object({ title: v.string(), details: v.nullable(v.string()) });

/** A map of counts by id (click counters: BioLinkClicks, ShortLinkClicks). */
const countsSchema = v.record(v.string(), v.number());

/** A call whose answer the app does not read (an acknowledgement, 204 or `{ ok: true }`). */
export const unreadAnswerSchema = v.unknown();

const sessionFactsEntries = {
  memberId: v.string(),
  userName: v.string(),
  name: v.string(),
  urlMinify: v.string(),
  brandGroup: v.nullable(
    v.object({
      id: v.string(),
      name: v.string(),
      urlMinify: v.string(),
      kind: v.picklist(['brand', 'group']),
      role: v.picklist(['owner', 'admin', 'seller', 'member']),
      layoutPermission: v.picklist(['FULL', 'LIMIT']),
    }),
  ),
  agency: nullableString,
  memberType: v.picklist(memberTypes),
  language: v.picklist(memberLanguages),
};
const sessionFactsSchema = whole<SessionFacts>()(v.object(sessionFactsEntries));
const loginAnswerSchema = whole<LoginAnswer>()(
  v.object({ ...sessionFactsEntries, accessToken: v.string(), expiresIn: v.number() }),
);

/** The fields of a profile as stored (the editor's rules are the input schemas' own). */
const profileFieldsEntries = {
  id: v.string(),
  name: v.string(),
  shortName: nullableString,
  urlMinify: v.string(),
  language: v.picklist(memberLanguages),
  intro: nullableString,
  jobTitle: nullableString,
  workplace: nullableString,
  address: nullableString,
  aboutMe: nullableString,
  avatarUrl: nullableString,
  bannerUrl: nullableString,
  backgroundUrl: nullableString,
  phone: nullableString,
  otherPhone: nullableString,
  website: nullableString,
  zalo: nullableString,
  interests: v.array(v.string()),
  businessSectors: v.array(v.string()),
  companyInfo: nullableString,
  agencyId: nullableString,
  updatedAt: v.string(),
};
const memberSchema = whole<Member>()(
  v.object({
    ...profileFieldsEntries,
    type: v.picklist(memberTypes),
    theme: nullableString,
    themeType: v.picklist(themeTypes),
    contactEmail: nullableString,
    isMe: v.optional(v.boolean()),
  }),
);

/** GET /auth/profile: the session facts and the member's own row. */
export const profileAnswerSchema = v.intersect([
  sessionFactsSchema,
  v.object({ member: memberSchema }),
]);
export type ProfileAnswer = v.InferOutput<typeof profileAnswerSchema>;

/** GET /push/config: the keys a device needs to subscribe to pushes. */
export const pushClientConfigSchema = v.object({
  webPushPublicKey: v.nullable(v.string()),
  firebase: v.nullable(
    v.object({
      apiKey: v.string(),
      projectId: v.string(),
      messagingSenderId: v.string(),
      appId: v.string(),
      vapidKey: v.string(),
    }),
  ),
});
export type PushClientConfig = v.InferOutput<typeof pushClientConfigSchema>;

/** A product as an agency admin picks recommended ones. */
export const productItemSchema = v.object({
  id: v.string(),
  title: v.string(),
  type: v.string(),
  price: v.nullable(v.number()),
  groupId: v.nullable(v.string()),
});
export type ProductItem = v.InferOutput<typeof productItemSchema>;
const productItemsSchema = v.object({ items: v.array(productItemSchema), total: v.number() });

/** POST /contacts/importContacts/{ownerId}. */
export const contactsImportAnswerSchema = v.object({ created: v.number(), updated: v.number() });
export type ContactsImportAnswer = v.InferOutput<typeof contactsImportAnswerSchema>;

/** GET /rg/form/{brand}: the brand a public registration form belongs to. */
export const registrationFormAnswerSchema = v.object({ groupId: v.string(), name: v.string() });
const registrationSentSchema = v.object({ id: v.string() });
const recommendedProductsSchema = v.object({ productIds: v.array(v.string()) });
const agencySummarySchema = whole<AgencySummary>()(
  v.object({ id: v.string(), name: v.string(), urlMinify: v.string() }),
);
const myAgenciesSchema = v.object({
  agencies: v.array(agencySummarySchema),
});
const certificatesSchema = v.array(v.object({ name: v.string() }));
const stringListSchema = v.array(v.string());

const registerCardInfoSchema = whole<RegisterCardInfo>()(
  v.object({
    id: v.string(),
    status: v.picklist(['unassigned', 'active']),
    member: v.nullable(v.object({ id: v.string(), name: v.string(), urlMinify: v.string() })),
    activatedAt: nullableString,
  }),
);

const ownedEntries = {
  id: v.string(),
  memberId: nullableString,
  groupId: nullableString,
  policy: v.picklist(policies),
  createdAt: v.string(),
  updatedAt: v.string(),
};
const cardPostSchema = whole<CardPost>()(
  v.object({
    ...ownedEntries,
    type: v.picklist(postTypes),
    title: v.string(),
    content: v.string(),
    imageUrl: nullableString,
    ordinal: v.number(),
    startDate: nullableString,
    outstanding: v.boolean(),
  }),
);
const nullableNumber = v.nullable(v.number());
const cardProductSchema = whole<CardProduct>()(
  v.object({
    ...ownedEntries,
    type: v.picklist(productTypes),
    childType: v.string(),
    childCareer: nullableString,
    title: v.string(),
    content: v.string(),
    listedPrice: nullableNumber,
    price: nullableNumber,
    quantity: nullableNumber,
    contactUrl: nullableString,
    origin: nullableString,
    customsCode: nullableString,
    certificate: nullableString,
    shopType: nullableString,
    shopLink: nullableString,
    images: v.array(v.string()),
    outstanding: v.boolean(),
  }),
);
const cardActivitySchema = whole<CardActivity>()(
  v.object({
    ...ownedEntries,
    type: v.string(),
    displayName: v.string(),
    link: nullableString,
    content: nullableString,
    ordinal: v.number(),
  }),
);
const cardRelicSchema = whole<CardRelic>()(
  v.object({
    ...ownedEntries,
    title: v.string(),
    content: v.string(),
    images: v.array(v.string()),
  }),
);
const cardViewSchema = whole<CardView>()(
  v.object({
    owner: v.object({
      ...profileFieldsEntries,
      banks: v.array(
        v.object({
          bankName: v.string(),
          ownerName: v.string(),
          accountNumber: v.string(),
          qrUrl: v.optional(v.string()),
          bin: v.optional(v.string()),
        }),
      ),
      links: v.array(v.object({ title: v.optional(v.string()), url: v.string() })),
      videos: v.array(v.string()),
      kind: v.picklist(['member', 'group']),
      type: v.picklist([...memberTypes, 'brand', 'group']),
      email: nullableString,
      videoTitles: v.optional(v.record(v.string(), v.string())),
    }),
    theme: themeStyleSchema,
    themeMode: v.picklist(themeModes),
    lightGreyMenu: v.boolean(),
    isMe: v.boolean(),
    posts: v.array(cardPostSchema),
    products: v.array(cardProductSchema),
    activities: v.array(cardActivitySchema),
    relics: v.array(cardRelicSchema),
    posters: v.array(
      v.object({
        id: v.string(),
        viewType: v.picklist(posterViewTypes),
        startDate: v.string(),
        endDate: v.string(),
        images: v.array(v.string()),
      }),
    ),
  }),
);
const layoutPermissionSchema = v.picklist(['FULL', 'LIMIT']);
const brandSettingsSchema = whole<BrandSettings>()(
  v.object({
    id: v.string(),
    name: v.string(),
    note: nullableString,
    aboutMe: nullableString,
    phone: nullableString,
    address: nullableString,
    website: nullableString,
    email: nullableString,
    imagesUrl: nullableString,
    bannerUrl: nullableString,
    language: v.picklist(['VN', 'EN']),
    urlMinify: v.string(),
    theme: nullableString,
    themeType: v.picklist(themeTypes),
    layoutPermission: layoutPermissionSchema,
    updatedAt: v.string(),
  }),
);
const formFieldsEntries = { fields: v.array(formFieldSchema), updatedAt: v.string() };
const brandFormDataSchema = whole<BrandFormData>()(
  v.object({ groupId: v.string(), ...formFieldsEntries }),
);
const memberFormDataSchema = whole<MemberFormData>()(
  v.object({ memberId: v.string(), ...formFieldsEntries }),
);
const urlMinifyChangeSchema = whole<UrlMinifyChange>()(
  v.object({ id: v.string(), urlMinify: v.string(), previous: v.string() }),
);
const agencyGroupSchema = whole<AgencyGroup>()(
  v.object({
    id: v.string(),
    name: v.string(),
    note: nullableString,
    urlMinify: v.string(),
    kind: v.picklist(['brand', 'group']),
    language: v.picklist(['VN', 'EN']),
    layoutPermission: v.picklist(['FULL', 'LIMIT']),
    members: v.number(),
  }),
);
const agencyAdminEntries = {
  memberId: v.string(),
  name: v.string(),
  urlMinify: v.string(),
  avatarUrl: nullableString,
};
const organizeAdminSchema = whole<OrganizeAdmin>()(
  v.object({
    ...agencyAdminEntries,
    groupId: v.string(),
    groupName: v.string(),
    role: v.picklist(['admin', 'seller']),
  }),
);
const associationReportSchema = whole<AssociationReport>()(
  v.object({
    id: v.string(),
    groupId: v.string(),
    groupName: v.string(),
    month: v.string(),
    turnover: v.number(),
    domesticRevenue: v.number(),
    exportRevenue: v.number(),
    exportMarkets: v.array(v.string()),
    updatedAt: v.string(),
  }),
);
const associationReportAnswerSchema = whole<AssociationReportAnswer>()(
  v.object({
    reports: v.array(associationReportSchema),
    totals: v.array(
      v.object({
        month: v.string(),
        groups: v.number(),
        turnover: v.number(),
        domesticRevenue: v.number(),
        exportRevenue: v.number(),
      }),
    ),
  }),
);
const pageEntries = { page: v.number(), pageSize: v.number(), total: v.number() };
const memberListPageSchema = whole<MemberListPage>()(
  v.object({
    items: v.array(
      v.object({
        id: v.string(),
        memberId: v.string(),
        name: v.string(),
        urlMinify: v.string(),
        avatarUrl: nullableString,
        phone: nullableString,
        email: nullableString,
        role: v.picklist(groupRoles),
        status: v.picklist(['active', 'requested']),
        accountStatus: v.picklist(['active', 'pending', 'locked']),
        joinedAt: v.string(),
      }),
    ),
    ...pageEntries,
  }),
);
const customerSchema = whole<Customer>()(
  v.object({
    id: v.string(),
    groupId: v.string(),
    name: v.string(),
    phone: nullableString,
    email: nullableString,
    note: nullableString,
    memberId: nullableString,
    memberName: nullableString,
    memberUrlMinify: nullableString,
    createdAt: v.string(),
  }),
);
const customerPageSchema = whole<CustomerPage>()(
  v.object({ items: v.array(customerSchema), ...pageEntries }),
);
const joinStatusSchema = whole<JoinStatus>()(
  v.object({
    groupId: v.string(),
    status: v.picklist(['none', 'requested', 'active']),
    role: v.nullable(v.picklist(groupRoles)),
  }),
);
const registrationEntries = {
  id: v.string(),
  groupId: v.string(),
  groupName: v.string(),
  type: v.picklist(registrationTypes),
  status: v.picklist(registrationStatuses),
  name: v.string(),
  phone: v.string(),
  email: nullableString,
  citizenIdentificationCode: nullableString,
  address: nullableString,
  birthday: nullableString,
  note: nullableString,
  missingInfo: v.array(v.picklist(registrationInfoItems)),
  createdAt: v.string(),
  updatedAt: v.string(),
};
const registrationDetailSchema = whole<RegistrationDetail>()(
  v.object({
    ...registrationEntries,
    steps: v.array(
      v.object({
        id: v.string(),
        action: v.picklist([...registrationActions, 'create']),
        fromStatus: v.nullable(v.picklist(registrationStatuses)),
        toStatus: v.picklist(registrationStatuses),
        actorMemberId: nullableString,
        actorName: nullableString,
        note: nullableString,
        at: v.string(),
      }),
    ),
    role: v.picklist(['admin', 'seller']),
  }),
);
const statsTotalsEntries = {
  views: v.number(),
  visitors: v.number(),
  saves: v.number(),
  clicks: v.number(),
};
const statsCountsSchema = v.array(v.object({ name: v.string(), count: v.number() }));
const statsReportObject = v.object({
  from: v.string(),
  to: v.string(),
  granularity: v.picklist(statsGranularities),
  totals: v.object(statsTotalsEntries),
  previous: v.object({ ...statsTotalsEntries, from: v.string(), to: v.string() }),
  series: v.array(v.object({ ...statsTotalsEntries, start: v.string() })),
  links: v.array(v.object({ action: v.string(), value: v.string(), clicks: v.number() })),
  referrers: statsCountsSchema,
  utmSources: statsCountsSchema,
  devices: statsCountsSchema,
});
const memberStatsReportSchema = whole<MemberStatsReport>()(
  v.object({
    ...statsReportObject.entries,
    member: v.object({ id: v.string(), name: v.string(), urlMinify: nullableString }),
  }),
);
const brandStatsReportSchema = whole<BrandStatsReport>()(
  v.object({
    ...statsReportObject.entries,
    brand: v.object({ id: v.string(), name: v.string() }),
    membersTotals: v.object(statsTotalsEntries),
    members: v.array(
      v.object({
        ...statsTotalsEntries,
        memberId: v.string(),
        name: v.string(),
        urlMinify: nullableString,
      }),
    ),
    points: v.array(
      v.object({
        day: v.string(),
        issued: v.number(),
        redeemed: v.number(),
        checkIns: v.number(),
      }),
    ),
  }),
);
const discountGroupSchema = whole<DiscountGroup>()(
  v.object({
    id: v.string(),
    groupId: v.string(),
    groupName: v.string(),
    title: v.string(),
    description: v.string(),
    percent: v.number(),
    validFrom: v.string(),
    validTo: v.string(),
    active: v.boolean(),
    createdAt: v.string(),
    updatedAt: v.string(),
    deletedAt: nullableString,
  }),
);
const exploreCompanySchema = whole<ExploreCompany>()(
  v.object({
    id: v.string(),
    agencyId: v.string(),
    name: v.string(),
    sector: v.string(),
    province: v.string(),
    address: v.string(),
    phone: v.string(),
    website: v.string(),
    description: v.string(),
    cardUrl: v.string(),
    ordinal: v.number(),
  }),
);
const exploreDirectorySchema = whole<ExploreDirectory>()(
  v.object({
    agency: agencySummarySchema,
    companies: v.array(exploreCompanySchema),
    updatedAt: nullableString,
  }),
);

/** Every route's answer schema; the keys are the route names of contract/rest-routes.ts. */
export const restAnswerSchemas = {
  authLogin: loginAnswerSchema,
  authRefresh: loginAnswerSchema,
  authLogout: unreadAnswerSchema,
  authProviders: authProvidersSchema,
  authProfile: profileAnswerSchema,
  authAuthenticating: sessionFactsSchema,
  authRegisterOtpByEmail: unreadAnswerSchema,
  authRegisterOtpByPhone: unreadAnswerSchema,
  authRegister: registerAnswerSchema,
  authChangePassword: loginAnswerSchema,
  authForgotPassword: unreadAnswerSchema,
  authResetOtp: unreadAnswerSchema,
  authCheckOtpForgotPassword: checkOtpForgotPasswordAnswerSchema,
  authPasswordReset: unreadAnswerSchema,
  registerCardInfo: registerCardInfoSchema,
  signup: registerCardInfoSchema,

  pushConfig: pushClientConfigSchema,
  pushTokenSave: unreadAnswerSchema,
  pushTokenDelete: unreadAnswerSchema,

  banks: v.array(
    whole<BankInfo>()(
      v.object({ bin: v.string(), code: v.string(), shortName: v.string(), name: v.string() }),
    ),
  ),
  careers: stringListSchema,
  childCareers: stringListSchema,
  interests: stringListSchema,
  provinces: v.array(
    whole<Province>()(
      v.object({
        id: v.string(),
        code: v.string(),
        name: v.string(),
        fullName: v.string(),
        unit: v.picklist(provinceUnits),
      }),
    ),
  ),
  wards: v.array(
    whole<Ward>()(
      v.object({
        id: v.string(),
        name: v.string(),
        fullName: v.string(),
        unit: v.picklist(wardUnits),
        provinceId: v.string(),
        districtId: v.string(),
      }),
    ),
  ),
  certificates: certificatesSchema,

  stylesList: whole<StyleList>()(
    v.object({
      layoutPermission: layoutPermissionSchema,
      styles: v.array(themeStyleSchema),
    }),
  ),
  themeCheckAuth: whole<ThemeAuth>()(
    v.object({
      theme: nullableString,
      themeType: v.picklist(themeTypes),
      layoutPermission: v.picklist(['FULL', 'LIMIT']),
      brandId: nullableString,
      allowedCodes: v.array(v.string()),
    }),
  ),
  urlMinifyCheck: urlMinifyCheckSchema,
  memberUrlMinifyUpdate: urlMinifyChangeSchema,
  memberFormData: memberFormDataSchema,
  memberFormDataUpdate: memberFormDataSchema,
  brandSettings: brandSettingsSchema,
  brandFormData: brandFormDataSchema,
  brandUpdate: brandSettingsSchema,
  brandThemeUpdate: brandSettingsSchema,
  brandUrlMinifyUpdate: urlMinifyChangeSchema,
  brandFormDataUpdate: brandFormDataSchema,

  walletConfig: whole<WalletAvailability>()(v.object({ apple: v.boolean(), google: v.boolean() })),
  walletGoogle: whole<GoogleWalletLink>()(v.object({ url: v.string() })),
  walletApple: unreadAnswerSchema,

  dashboardMember: memberStatsReportSchema,
  dashboardBrand: brandStatsReportSchema,

  myAgencies: myAgenciesSchema,
  associationReport: associationReportAnswerSchema,
  associationReportCsv: v.string(),
  associationReportSave: associationReportSchema,

  registrationList: whole<RegistrationPage>()(
    v.object({ items: v.array(v.object(registrationEntries)), ...pageEntries }),
  ),
  registrationDetail: registrationDetailSchema,
  registrationAction: registrationDetailSchema,
  registrationForm: registrationFormAnswerSchema,
  registrationSend: registrationSentSchema,

  groupCardView: cardViewSchema,
  memberCardView: cardViewSchema,
  cardViewByLink: cardViewSchema,
  productById: cardProductSchema,
  activityById: cardActivitySchema,
  relicById: cardRelicSchema,
  postById: cardPostSchema,

  joinStatus: joinStatusSchema,
  joinRequest: joinStatusSchema,
  joinRequestCancel: joinStatusSchema,
  groupMembers: memberListPageSchema,
  groupMemberRequests: memberListPageSchema,
  memberRequestAccept: unreadAnswerSchema,
  memberRequestReject: unreadAnswerSchema,
  memberRoleUpdate: unreadAnswerSchema,
  memberRemove: unreadAnswerSchema,
  memberStatusUpdate: unreadAnswerSchema,
  customers: customerPageSchema,
  customerCreate: customerSchema,
  customerDelete: unreadAnswerSchema,

  bioLinkClicks: countsSchema,
  shortLinkClicks: countsSchema,

  discountGroupCreate: discountGroupSchema,
  discountGroupUpdate: discountGroupSchema,
  discountUses: whole<DiscountPage<DiscountUse>>()(
    v.object({
      items: v.array(
        v.object({
          id: v.string(),
          discountGroupId: v.string(),
          title: v.string(),
          groupId: v.string(),
          groupName: v.string(),
          memberId: v.string(),
          memberName: v.string(),
          staffMemberId: v.string(),
          percent: v.number(),
          invoiceValue: v.number(),
          discountAmount: v.number(),
          createdAt: v.string(),
        }),
      ),
      page: v.number(),
      total: v.number(),
    }),
  ),

  memberPoint: whole<MemberPointAnswer>()(
    v.object({
      memberId: v.string(),
      name: v.string(),
      urlMinify: v.string(),
      avatarUrl: nullableString,
      groups: v.array(
        v.object({
          groupId: v.string(),
          groupName: v.string(),
          accumulatedPoints: v.number(),
          deductedPoints: v.number(),
          balance: v.number(),
        }),
      ),
    }),
  ),

  supportInbox: v.array(
    whole<SupportInboxItem>()(
      v.object({
        id: v.string(),
        memberId: v.string(),
        topic: v.picklist(supportTopics),
        message: v.string(),
        contact: nullableString,
        status: v.picklist(supportStatuses),
        createdAt: v.string(),
        updatedAt: v.string(),
        deletedAt: nullableString,
        changeSeq: v.optional(v.number()),
        memberName: v.string(),
        memberEmail: nullableString,
        memberPhone: nullableString,
      }),
    ),
  ),
  supportClose: unreadAnswerSchema,
  supportReopen: unreadAnswerSchema,

  cvByMember: whole<CvDocument>()(
    v.object({
      memberId: v.string(),
      name: v.string(),
      jobTitle: nullableString,
      avatarUrl: nullableString,
      email: v.string(),
      phone: v.string(),
      gender: v.picklist(cvGenders),
      dateOfBirth: v.string(),
      address: v.string(),
      aboutMe: v.string(),
      skills: v.array(v.string()),
      hobbies: v.array(v.string()),
      experience: v.array(cvEntrySchema),
      education: v.array(cvEntrySchema),
    }),
  ),

  exploreDirectory: exploreDirectorySchema,
  exploreDirectoryUpdate: exploreDirectorySchema,
  exploreCompany: exploreCompanySchema,

  agencyGroups: whole<AgencyPage<AgencyGroup>>()(
    v.object({ items: v.array(agencyGroupSchema), page: v.number(), total: v.number() }),
  ),
  agencyAdmins: v.object({
    items: v.array(whole<AgencyAdmin>()(v.object(agencyAdminEntries))),
  }),
  organizeAdmins: v.object({ items: v.array(organizeAdminSchema) }),
  agencyGroupUpdate: agencyGroupSchema,
  agencyGroupCreate: agencyGroupSchema,
  agencyGroupArchive: unreadAnswerSchema,
  agencyGroupAdminSet: organizeAdminSchema,
  agencyProducts: productItemsSchema,
  agencyProductsSearch: productItemsSchema,
  recommendedProducts: recommendedProductsSchema,
  recommendedProductsSave: recommendedProductsSchema,

  contactsImport: contactsImportAnswerSchema,
  imageUpload: unreadAnswerSchema,

  syncPush: whole<PushResponse>()(
    v.object({
      results: v.array(
        v.object({
          id: v.string(),
          status: v.picklist(['applied', 'rejected', 'retry']),
          code: v.optional(v.string()),
          message: v.optional(v.string()),
          fields: v.optional(v.record(v.string(), v.string())),
          fieldCodes: v.optional(
            v.record(
              v.string(),
              v.object({
                code: v.custom<MessageCode>((code) => typeof code === 'string'),
                params: v.optional(v.record(v.string(), v.union([v.string(), v.number()]))),
              }),
            ),
          ),
          httpStatus: v.optional(v.number()),
          result: v.optional(v.unknown()),
          retryAfter: v.optional(v.number()),
          params: v.optional(v.record(v.string(), v.union([v.string(), v.number()]))),
        }),
      ),
    }),
  ),
  // Each row's own shape is its entity's (contract/entities.ts); the envelope is checked whole.
  syncPull: whole<PullResponse>()(
    v.object({
      changes: v.array(v.object({ entity: v.string(), row: v.record(v.string(), v.unknown()) })),
      cursor: v.number(),
      hasMore: v.boolean(),
      serverTime: v.string(),
    }),
  ),
};

export type RestAnswerSchemas = typeof restAnswerSchemas;

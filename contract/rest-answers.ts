// The answer schema of every REST call in contract/rest-routes.ts, by route name. Loaded only
// where answers are checked (development and tests, decision 1140): production bundles import
// this module for its types alone, so valibot and these schemas never ship to a visitor.
//
// An answer whose type is still a TypeScript interface elsewhere in contract/ is checked by
// its leading fields (`shaped`): the type stays the interface, written once. Answers that had
// no contract type get a whole schema here, and their type is derived from it.
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
import type { Province, Ward } from './address';
import type {
  BrandFormData,
  BrandSettings,
  MemberFormData,
  StyleList,
  ThemeAuth,
  UrlMinifyChange,
} from './card-settings';
import { urlMinifyCheckSchema } from './card-settings';
import type { GoogleWalletLink, WalletAvailability } from './wallet';
import type { StatsReport } from './statistics';
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
import type { RegistrationDetail, RegistrationPage } from './registration';
import type { CardActivity, CardPost, CardProduct, CardRelic, CardView } from './card';
import type { Customer, CustomerPage, JoinStatus, MemberListPage } from './member-management';
import type { DiscountGroup, DiscountPage, DiscountUse } from './discount';
import type { MemberPointAnswer } from './points';
import type { SupportInboxItem } from './support';
import type { CvDocument } from './cv';
import type { Member } from './member';
import type { PullResponse, PushResponse } from './sync';

/** An object whose leading fields are checked; typed as the contract's interface T. */
function shaped<T>() {
  return <E extends v.ObjectEntries>(entries: E) =>
    v.pipe(
      v.looseObject(entries),
      v.transform((answer) => answer as unknown as T),
    );
}

/** A map of counts by id (click counters: BioLinkClicks, ShortLinkClicks). */
const countsSchema = v.record(v.string(), v.number());

/** A call whose answer the app does not read (an acknowledgement, 204 or `{ ok: true }`). */
export const unreadAnswerSchema = v.unknown();

const sessionFactsEntries = {
  memberId: v.string(),
  userName: v.string(),
  urlMinify: v.nullish(v.string()),
};
const loginAnswerSchema = shaped<LoginAnswer>()({
  ...sessionFactsEntries,
  accessToken: v.string(),
});

const memberSchema = shaped<Member>()({ id: v.string() });

/** GET /auth/profile: the session facts and the member's own row. */
export const profileAnswerSchema = v.intersect([
  shaped<SessionFacts>()(sessionFactsEntries),
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
const myAgenciesSchema = v.object({
  agencies: v.array(shaped<AgencySummary>()({ id: v.string(), name: v.string() })),
});
const certificatesSchema = v.array(v.object({ name: v.string() }));
const stringListSchema = v.array(v.string());

const registerCardInfoSchema = shaped<RegisterCardInfo>()({
  id: v.string(),
  status: v.picklist(['unassigned', 'active']),
});

const cardViewSchema = shaped<CardView>()({
  owner: v.looseObject({ kind: v.string() }),
  posts: v.array(v.unknown()),
  products: v.array(v.unknown()),
});
const ownedEntries = { id: v.string(), memberId: v.nullish(v.string()) };
const brandSettingsSchema = shaped<BrandSettings>()({ id: v.string() });
const formFieldsEntries = { fields: v.array(v.unknown()), updatedAt: v.string() };
const brandFormDataSchema = shaped<BrandFormData>()({ groupId: v.string(), ...formFieldsEntries });
const memberFormDataSchema = shaped<MemberFormData>()({
  memberId: v.string(),
  ...formFieldsEntries,
});
const urlMinifyChangeSchema = shaped<UrlMinifyChange>()({ urlMinify: v.string() });
const agencyGroupSchema = shaped<AgencyGroup>()({ id: v.string(), name: v.string() });
const agencyAdminEntries = { memberId: v.string() };
const organizeAdminSchema = shaped<OrganizeAdmin>()(agencyAdminEntries);
const associationReportAnswerSchema = shaped<AssociationReportAnswer>()({
  reports: v.array(v.unknown()),
  totals: v.array(v.unknown()),
});
const memberListPageSchema = shaped<MemberListPage>()({ items: v.array(v.unknown()) });
const customerPageSchema = shaped<CustomerPage>()({ items: v.array(v.unknown()) });
const joinStatusSchema = shaped<JoinStatus>()({
  groupId: v.string(),
  status: v.picklist(['none', 'requested', 'active']),
});
const registrationDetailSchema = shaped<RegistrationDetail>()({ id: v.string() });
const statsReportSchema = shaped<StatsReport>()({
  from: v.string(),
  to: v.string(),
  series: v.array(v.unknown()),
});
const discountGroupSchema = shaped<DiscountGroup>()({ id: v.string(), groupId: v.string() });
const exploreDirectorySchema = shaped<ExploreDirectory>()({
  agency: v.looseObject({ id: v.string() }),
  companies: v.array(v.unknown()),
});

/** Every route's answer schema; the keys are the route names of contract/rest-routes.ts. */
export const restAnswerSchemas = {
  authLogin: loginAnswerSchema,
  authLogout: unreadAnswerSchema,
  authProviders: authProvidersSchema,
  authProfile: profileAnswerSchema,
  authAuthenticating: shaped<SessionFacts>()(sessionFactsEntries),
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

  banks: v.array(shaped<BankInfo>()({ bin: v.string() })),
  careers: stringListSchema,
  childCareers: stringListSchema,
  interests: stringListSchema,
  provinces: v.array(shaped<Province>()({ id: v.string(), name: v.string() })),
  wards: v.array(shaped<Ward>()({ id: v.string(), name: v.string(), provinceId: v.string() })),
  certificates: certificatesSchema,

  stylesList: shaped<StyleList>()({
    layoutPermission: v.picklist(['FULL', 'LIMIT']),
    styles: v.array(v.unknown()),
  }),
  themeCheckAuth: shaped<ThemeAuth>()({
    theme: v.nullable(v.string()),
    allowedCodes: v.array(v.string()),
  }),
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

  walletConfig: shaped<WalletAvailability>()({ apple: v.boolean(), google: v.boolean() }),
  walletGoogle: shaped<GoogleWalletLink>()({ url: v.string() }),
  walletApple: unreadAnswerSchema,

  dashboardMember: statsReportSchema,
  dashboardBrand: statsReportSchema,

  myAgencies: myAgenciesSchema,
  associationReport: associationReportAnswerSchema,
  associationReportCsv: v.string(),
  associationReportSave: shaped<AssociationReport>()({ id: v.string() }),

  registrationList: shaped<RegistrationPage>()({ items: v.array(v.unknown()) }),
  registrationDetail: registrationDetailSchema,
  registrationAction: registrationDetailSchema,
  registrationForm: registrationFormAnswerSchema,
  registrationSend: registrationSentSchema,

  groupCardView: cardViewSchema,
  memberCardView: cardViewSchema,
  cardViewByLink: cardViewSchema,
  productById: shaped<CardProduct>()(ownedEntries),
  activityById: shaped<CardActivity>()(ownedEntries),
  relicById: shaped<CardRelic>()(ownedEntries),
  postById: shaped<CardPost>()(ownedEntries),

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
  customerCreate: shaped<Customer>()({ id: v.string() }),
  customerDelete: unreadAnswerSchema,

  bioLinkClicks: countsSchema,
  shortLinkClicks: countsSchema,

  discountGroupCreate: discountGroupSchema,
  discountGroupUpdate: discountGroupSchema,
  discountUses: shaped<DiscountPage<DiscountUse>>()({ items: v.array(v.unknown()) }),

  memberPoint: shaped<MemberPointAnswer>()({ groups: v.array(v.unknown()) }),

  supportInbox: v.array(shaped<SupportInboxItem>()({ id: v.string() })),
  supportClose: unreadAnswerSchema,
  supportReopen: unreadAnswerSchema,

  cvByMember: shaped<CvDocument>()({ memberId: v.string(), name: v.string() }),

  exploreDirectory: exploreDirectorySchema,
  exploreDirectoryUpdate: exploreDirectorySchema,
  exploreCompany: shaped<ExploreCompany>()({ id: v.string() }),

  agencyGroups: shaped<AgencyPage<AgencyGroup>>()({ items: v.array(agencyGroupSchema) }),
  agencyAdmins: v.object({
    items: v.array(shaped<AgencyAdmin>()(agencyAdminEntries)),
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

  syncPush: shaped<PushResponse>()({
    results: v.array(v.looseObject({ id: v.string(), status: v.string() })),
  }),
  syncPull: shaped<PullResponse>()({
    changes: v.array(v.looseObject({ entity: v.string(), row: v.record(v.string(), v.unknown()) })),
    cursor: v.number(),
    hasMore: v.boolean(),
    serverTime: v.string(),
  }),
};

export type RestAnswerSchemas = typeof restAnswerSchemas;

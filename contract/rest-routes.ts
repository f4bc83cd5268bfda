// Every REST call the app makes, declared once: its name, method, path (`:name` marks a
// path parameter) and the query keys it may send. The answer's type comes from the route's
// schema in rest-answers.ts, imported here for its type only, so these few bytes are all a
// production bundle carries of the table (decision 1140). src/api/http-client.ts `apiCall`
// sends them; tests/server/rest-routes.test.ts keeps the table in step with the server.
import type * as v from 'valibot';
import type { RestAnswerSchemas } from './rest-answers';

export type RestMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type RestRouteName = keyof RestAnswerSchemas;

export interface RestRoute {
  readonly name: RestRouteName;
  readonly method: RestMethod;
  readonly path: string;
  readonly query?: readonly string[];
}

/** What the server answers on the route (as its schema checks it). */
export type RestAnswer<R extends RestRoute> = v.InferOutput<RestAnswerSchemas[R['name']]>;

/** The names of a path's `:name` parameters. */
export type RestPathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | RestPathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The query keys a route may send. */
export type RestQueryKeys<R extends RestRoute> = R extends { query: readonly (infer K)[] }
  ? K & string
  : never;

export const authLogin = {
  name: 'authLogin',
  method: 'POST',
  path: '/auth/login',
} as const satisfies RestRoute;

/** Trades the refresh cookie for a new access token (sent by the API client itself). */
export const authRefresh = {
  name: 'authRefresh',
  method: 'POST',
  path: '/auth/refresh',
} as const satisfies RestRoute;

export const authLogout = {
  name: 'authLogout',
  method: 'POST',
  path: '/auth/logout',
} as const satisfies RestRoute;

export const authProviders = {
  name: 'authProviders',
  method: 'GET',
  path: '/auth/providers',
} as const satisfies RestRoute;

export const authProfile = {
  name: 'authProfile',
  method: 'GET',
  path: '/auth/profile',
} as const satisfies RestRoute;

export const authAuthenticating = {
  name: 'authAuthenticating',
  method: 'GET',
  path: '/auth/authenticating',
} as const satisfies RestRoute;

export const authRegisterOtpByEmail = {
  name: 'authRegisterOtpByEmail',
  method: 'POST',
  path: '/auth/registerOTPEmail',
} as const satisfies RestRoute;

export const authRegisterOtpByPhone = {
  name: 'authRegisterOtpByPhone',
  method: 'POST',
  path: '/auth/registerOTP',
} as const satisfies RestRoute;

export const authRegister = {
  name: 'authRegister',
  method: 'POST',
  path: '/auth/register',
} as const satisfies RestRoute;

export const authChangePassword = {
  name: 'authChangePassword',
  method: 'POST',
  path: '/auth/changePassword',
} as const satisfies RestRoute;

export const authForgotPassword = {
  name: 'authForgotPassword',
  method: 'POST',
  path: '/auth/forgotPassword',
} as const satisfies RestRoute;

export const authResetOtp = {
  name: 'authResetOtp',
  method: 'POST',
  path: '/auth/getOTPResetPassword',
} as const satisfies RestRoute;

export const authCheckOtpForgotPassword = {
  name: 'authCheckOtpForgotPassword',
  method: 'POST',
  path: '/auth/checkOTPForgotPassword',
} as const satisfies RestRoute;

export const authPasswordReset = {
  name: 'authPasswordReset',
  method: 'POST',
  path: '/auth/passwordReset/:token',
} as const satisfies RestRoute;

export const registerCardInfo = {
  name: 'registerCardInfo',
  method: 'GET',
  path: '/getRegisterCardInfo/:cardId',
} as const satisfies RestRoute;

export const signup = {
  name: 'signup',
  method: 'POST',
  path: '/signup',
} as const satisfies RestRoute;

export const pushConfig = {
  name: 'pushConfig',
  method: 'GET',
  path: '/push/config',
} as const satisfies RestRoute;

export const pushTokenSave = {
  name: 'pushTokenSave',
  method: 'PUT',
  path: '/fcmToken',
} as const satisfies RestRoute;

export const pushTokenDelete = {
  name: 'pushTokenDelete',
  method: 'POST',
  path: '/fcmToken/delete',
} as const satisfies RestRoute;

export const banks = {
  name: 'banks',
  method: 'GET',
  path: '/members/banks',
} as const satisfies RestRoute;

export const careers = {
  name: 'careers',
  method: 'GET',
  path: '/members/careers',
} as const satisfies RestRoute;

export const childCareers = {
  name: 'childCareers',
  method: 'GET',
  path: '/members/childCareers',
  query: ['name'],
} as const satisfies RestRoute;

export const interests = {
  name: 'interests',
  method: 'GET',
  path: '/members/interest',
} as const satisfies RestRoute;

export const provinces = {
  name: 'provinces',
  method: 'GET',
  path: '/getProvincial',
} as const satisfies RestRoute;

export const wards = {
  name: 'wards',
  method: 'GET',
  path: '/getWards',
  query: ['idProvincial'],
} as const satisfies RestRoute;

export const certificates = {
  name: 'certificates',
  method: 'GET',
  path: '/certificate',
  query: ['name'],
} as const satisfies RestRoute;

export const stylesList = {
  name: 'stylesList',
  method: 'GET',
  path: '/members/getStylesListByActive',
  query: ['groupId'],
} as const satisfies RestRoute;

export const themeCheckAuth = {
  name: 'themeCheckAuth',
  method: 'GET',
  path: '/members/getThemeCheckAuth',
  query: ['groupId'],
} as const satisfies RestRoute;

export const urlMinifyCheck = {
  name: 'urlMinifyCheck',
  method: 'GET',
  path: '/members/checkUrlMinify/:link',
  query: ['groupId'],
} as const satisfies RestRoute;

export const memberUrlMinifyUpdate = {
  name: 'memberUrlMinifyUpdate',
  method: 'PUT',
  path: '/members/updateUrlMinify/:memberId',
} as const satisfies RestRoute;

export const memberFormData = {
  name: 'memberFormData',
  method: 'GET',
  path: '/members/getFormDataByMemberId/:memberId',
} as const satisfies RestRoute;

export const memberFormDataUpdate = {
  name: 'memberFormDataUpdate',
  method: 'PUT',
  path: '/members/updateFormDataByMemberId/:memberId',
} as const satisfies RestRoute;

export const brandSettings = {
  name: 'brandSettings',
  method: 'GET',
  path: '/groupAndBrand/getSettingsById/:groupId',
} as const satisfies RestRoute;

export const brandFormData = {
  name: 'brandFormData',
  method: 'GET',
  path: '/groupAndBrand/getFormDataByBrandAndGroupId/:groupId',
} as const satisfies RestRoute;

export const brandUpdate = {
  name: 'brandUpdate',
  method: 'PUT',
  path: '/groupAndBrand/updateUById/:groupId',
} as const satisfies RestRoute;

export const brandThemeUpdate = {
  name: 'brandThemeUpdate',
  method: 'PUT',
  path: '/groupAndBrand/updateTheme/:groupId',
} as const satisfies RestRoute;

export const brandUrlMinifyUpdate = {
  name: 'brandUrlMinifyUpdate',
  method: 'PUT',
  path: '/groupAndBrand/updateUrlMinify/:groupId',
} as const satisfies RestRoute;

export const brandFormDataUpdate = {
  name: 'brandFormDataUpdate',
  method: 'PUT',
  path: '/groupAndBrand/updateFormDataBaDbyBaDId/:groupId',
} as const satisfies RestRoute;

export const walletConfig = {
  name: 'walletConfig',
  method: 'GET',
  path: '/wallet/config',
} as const satisfies RestRoute;

export const walletGoogle = {
  name: 'walletGoogle',
  method: 'GET',
  path: '/wallet/google',
} as const satisfies RestRoute;

export const walletApple = {
  name: 'walletApple',
  method: 'GET',
  path: '/wallet/apple',
} as const satisfies RestRoute;

export const dashboardMember = {
  name: 'dashboardMember',
  method: 'POST',
  path: '/dashboard/member/:id',
} as const satisfies RestRoute;

export const dashboardBrand = {
  name: 'dashboardBrand',
  method: 'POST',
  path: '/dashboard/brand/:id',
} as const satisfies RestRoute;

export const myAgencies = {
  name: 'myAgencies',
  method: 'GET',
  path: '/agency/mine',
} as const satisfies RestRoute;

export const associationReport = {
  name: 'associationReport',
  method: 'GET',
  path: '/associationReport',
  query: ['groupId', 'agencyId'],
} as const satisfies RestRoute;

export const associationReportCsv = {
  name: 'associationReportCsv',
  method: 'GET',
  path: '/associationReport',
  query: ['agencyId', 'format'],
} as const satisfies RestRoute;

export const associationReportSave = {
  name: 'associationReportSave',
  method: 'POST',
  path: '/associationReport',
} as const satisfies RestRoute;

export const registrationList = {
  name: 'registrationList',
  method: 'GET',
  path: '/rg/getListRegisterInformation',
  query: [
    'status',
    'type',
    'page',
    'phone',
    'email',
    'missingInfo',
    'citizenIdentificationCode',
    'from',
    'to',
  ],
} as const satisfies RestRoute;

export const registrationDetail = {
  name: 'registrationDetail',
  method: 'GET',
  path: '/rg/getRegisterInformation/:id',
} as const satisfies RestRoute;

export const registrationAction = {
  name: 'registrationAction',
  method: 'PUT',
  path: '/rg/:action/:id',
} as const satisfies RestRoute;

export const registrationForm = {
  name: 'registrationForm',
  method: 'GET',
  path: '/rg/form/:brand',
} as const satisfies RestRoute;

export const registrationSend = {
  name: 'registrationSend',
  method: 'POST',
  path: '/rg/registerInformation',
} as const satisfies RestRoute;

export const groupCardView = {
  name: 'groupCardView',
  method: 'GET',
  path: '/groupAndBrand/getGDUById/:groupId',
} as const satisfies RestRoute;

export const memberCardView = {
  name: 'memberCardView',
  method: 'GET',
  path: '/members/getMemberIdView/:memberId',
} as const satisfies RestRoute;

export const cardViewByLink = {
  name: 'cardViewByLink',
  method: 'GET',
  path: '/members/getInfoMemberAndGroupByLink/:link',
  query: ['path'],
} as const satisfies RestRoute;

export const productById = {
  name: 'productById',
  method: 'GET',
  path: '/productMember/getProductById/:id',
} as const satisfies RestRoute;

export const activityById = {
  name: 'activityById',
  method: 'GET',
  path: '/brandActivity/getBrandActivityById/:id',
} as const satisfies RestRoute;

export const relicById = {
  name: 'relicById',
  method: 'GET',
  path: '/relics/:id',
} as const satisfies RestRoute;

export const postById = {
  name: 'postById',
  method: 'GET',
  path: '/members/blog/:id',
} as const satisfies RestRoute;

export const joinStatus = {
  name: 'joinStatus',
  method: 'GET',
  path: '/members/getJoinStatus/:groupId',
} as const satisfies RestRoute;

export const joinRequest = {
  name: 'joinRequest',
  method: 'POST',
  path: '/members/requestJoinGroup/:groupId',
} as const satisfies RestRoute;

export const joinRequestCancel = {
  name: 'joinRequestCancel',
  method: 'PUT',
  path: '/members/cancelJoinRequest/:groupId',
} as const satisfies RestRoute;

export const groupMembers = {
  name: 'groupMembers',
  method: 'GET',
  path: '/members/getListMemberByGroupId/:groupId',
  query: ['page', 'filter'],
} as const satisfies RestRoute;

export const groupMemberRequests = {
  name: 'groupMemberRequests',
  method: 'GET',
  path: '/members/getListMemberRequestByGroupId/:groupId',
  query: ['page', 'filter'],
} as const satisfies RestRoute;

export const memberRequestAccept = {
  name: 'memberRequestAccept',
  method: 'PUT',
  path: '/members/acceptMemberRequestById/:id',
} as const satisfies RestRoute;

export const memberRequestReject = {
  name: 'memberRequestReject',
  method: 'PUT',
  path: '/members/rejectMemberRequestById/:id',
} as const satisfies RestRoute;

export const memberRoleUpdate = {
  name: 'memberRoleUpdate',
  method: 'PUT',
  path: '/members/updateMemberRoleById/:id',
} as const satisfies RestRoute;

export const memberRemove = {
  name: 'memberRemove',
  method: 'PUT',
  path: '/members/removeMemberById/:id',
} as const satisfies RestRoute;

export const memberStatusUpdate = {
  name: 'memberStatusUpdate',
  method: 'PUT',
  path: '/members/updateMemberStatusById/:memberId',
} as const satisfies RestRoute;

export const customers = {
  name: 'customers',
  method: 'GET',
  path: '/members/getCustomer/:groupId',
  query: ['page', 'query'],
} as const satisfies RestRoute;

export const customerCreate = {
  name: 'customerCreate',
  method: 'POST',
  path: '/members/createCustomer',
} as const satisfies RestRoute;

export const customerDelete = {
  name: 'customerDelete',
  method: 'PUT',
  path: '/members/deleteCustomerById/:id',
} as const satisfies RestRoute;

export const bioLinkClicks = {
  name: 'bioLinkClicks',
  method: 'GET',
  path: '/bioLink/clicks',
} as const satisfies RestRoute;

export const shortLinkClicks = {
  name: 'shortLinkClicks',
  method: 'GET',
  path: '/shortenedLink/clicks',
} as const satisfies RestRoute;

export const discountGroupCreate = {
  name: 'discountGroupCreate',
  method: 'POST',
  path: '/discountGroup',
} as const satisfies RestRoute;

export const discountGroupUpdate = {
  name: 'discountGroupUpdate',
  method: 'PUT',
  path: '/discountGroup/:id',
} as const satisfies RestRoute;

export const discountUses = {
  name: 'discountUses',
  method: 'GET',
  path: '/discount',
  query: ['page'],
} as const satisfies RestRoute;

export const memberPoint = {
  name: 'memberPoint',
  method: 'GET',
  path: '/members/getMemberPoint/:memberKey',
  query: ['groupId'],
} as const satisfies RestRoute;

export const supportInbox = {
  name: 'supportInbox',
  method: 'GET',
  path: '/support/inbox',
} as const satisfies RestRoute;

export const supportClose = {
  name: 'supportClose',
  method: 'PUT',
  path: '/support/close/:id',
} as const satisfies RestRoute;

export const supportReopen = {
  name: 'supportReopen',
  method: 'PUT',
  path: '/support/reopen/:id',
} as const satisfies RestRoute;

export const cvByMember = {
  name: 'cvByMember',
  method: 'GET',
  path: '/cv/getCvByMemberId/:memberId',
} as const satisfies RestRoute;

export const exploreDirectory = {
  name: 'exploreDirectory',
  method: 'GET',
  path: '/exploreAgency',
  query: ['agencyId'],
} as const satisfies RestRoute;

export const exploreDirectoryUpdate = {
  name: 'exploreDirectoryUpdate',
  method: 'POST',
  path: '/exploreAgency/update',
} as const satisfies RestRoute;

export const exploreCompany = {
  name: 'exploreCompany',
  method: 'GET',
  path: '/exploreAgency/company/:companyId',
} as const satisfies RestRoute;

export const agencyGroups = {
  name: 'agencyGroups',
  method: 'GET',
  path: '/members/getListGroupByAgency',
  query: ['agencyId', 'page', 'filter'],
} as const satisfies RestRoute;

export const agencyAdmins = {
  name: 'agencyAdmins',
  method: 'GET',
  path: '/members/getListAdminByAgency/:agencyId',
} as const satisfies RestRoute;

export const organizeAdmins = {
  name: 'organizeAdmins',
  method: 'GET',
  path: '/groupAndBrand/getOrganizeAdmins',
  query: ['agencyId'],
} as const satisfies RestRoute;

export const agencyGroupUpdate = {
  name: 'agencyGroupUpdate',
  method: 'PUT',
  path: '/groupAndBrand/updateUByIdByAdminAgency/:groupId',
} as const satisfies RestRoute;

export const agencyGroupCreate = {
  name: 'agencyGroupCreate',
  method: 'POST',
  path: '/groupAndBrand/createByAdminAgency',
} as const satisfies RestRoute;

export const agencyGroupArchive = {
  name: 'agencyGroupArchive',
  method: 'PUT',
  path: '/groupAndBrand/archiveByAdminAgency/:groupId',
} as const satisfies RestRoute;

export const agencyGroupAdminSet = {
  name: 'agencyGroupAdminSet',
  method: 'PUT',
  path: '/groupAndBrand/setAdminByAdminAgency/:groupId',
} as const satisfies RestRoute;

export const agencyProducts = {
  name: 'agencyProducts',
  method: 'GET',
  path: '/productMember/loadProductByAgency',
  query: ['agencyId', 'filter'],
} as const satisfies RestRoute;

export const agencyProductsSearch = {
  name: 'agencyProductsSearch',
  method: 'GET',
  path: '/productMember/searchProductByBrands',
  query: ['agencyId', 'filter'],
} as const satisfies RestRoute;

export const recommendedProducts = {
  name: 'recommendedProducts',
  method: 'GET',
  path: '/productMember/recommendProducts',
  query: ['agencyId'],
} as const satisfies RestRoute;

export const recommendedProductsSave = {
  name: 'recommendedProductsSave',
  method: 'PUT',
  path: '/productMember/recommendProducts',
} as const satisfies RestRoute;

export const contactsImport = {
  name: 'contactsImport',
  method: 'POST',
  path: '/contacts/importContacts/:ownerId',
} as const satisfies RestRoute;

export const imageUpload = {
  name: 'imageUpload',
  method: 'PUT',
  path: '/uploads/:id',
  query: ['purpose'],
} as const satisfies RestRoute;

export const syncPush = {
  name: 'syncPush',
  method: 'POST',
  path: '/sync/push',
} as const satisfies RestRoute;

export const syncPull = {
  name: 'syncPull',
  method: 'GET',
  path: '/sync/pull',
  query: ['cursor', 'limit', 'clientId'],
} as const satisfies RestRoute;

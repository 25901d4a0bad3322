import { z } from 'zod';
import { paginationQuerySchema } from './envelope.js';
import { languageSchema, siteSchema } from './site.js';
import {
  brnSchema,
  countryCodeSchema,
  emailSchema,
  latitudeSchema,
  longitudeSchema,
  mobileSchema,
  nameArSchema,
  nameSchema,
  nationalIdSchema,
  ornSchema,
  otpSchema,
  passwordSchema,
  termsSchema,
  withConfirmedPassword,
} from './validation.js';
import { lazySchema } from './lazy-schema.js';

/** Spec §1/§6 roles of an account (a visitor has none). `user` is a customer. */
export const ACCOUNT_ROLES = ['user', 'agent', 'company', 'admin'] as const;
export const roleSchema = lazySchema(() => z.enum(ACCOUNT_ROLES));
export type AccountRole = z.infer<typeof roleSchema>;

/** `/login?type=Customer|Agent|Company` and the account kind behind it. */
export const LOGIN_TYPES = { Customer: 'user', Agent: 'agent', Company: 'company' } as const satisfies Record<
  string,
  AccountRole
>;
export type LoginType = keyof typeof LOGIN_TYPES;
export function loginTypeOf(role: AccountRole): LoginType {
  return role === 'agent' ? 'Agent' : role === 'company' ? 'Company' : 'Customer';
}

/** Time limits of the sign-in flows (seconds). */
export const IDENTITY_LIMITS = {
  accessTokenSeconds: 15 * 60,
  /** Sliding: a session unused this long ends. */
  refreshTokenSeconds: 14 * 24 * 60 * 60,
  /** Absolute: a session ends this long after sign-in, however often it refreshed. */
  sessionMaxSeconds: 30 * 24 * 60 * 60,
  otpSeconds: 120,
  otpResendCooldownSeconds: 60,
  otpMaxAttempts: 5,
  /**
   * Wrong codes allowed per mobile (or e-mail) and purpose over a rolling day, whatever the
   * number of fresh codes asked for; the next one blocks codes for that pair for a day.
   */
  otpDailyMaxFailures: 10,
  otpDailyLockSeconds: 24 * 60 * 60,
  /** A Google sign-in waiting for the owner of an existing account to prove it. */
  googleLinkSeconds: 10 * 60,
  /** Account deletion: personal data anonymised after this grace period. */
  deletionGraceDays: 30,
  /** Nafath: a request lives about three minutes; resend only after it. */
  nafathRequestSeconds: 180,
  /** Spec §4: token, refresh token and the lang cookie live 10 years on the client. */
  clientCookieDays: 3650,
} as const;

const loose = lazySchema(() => z.string().trim());

/** Spec §3 login payload: countryCode, mobile, password, nothing else. */
export const loginRequestSchema = lazySchema(() =>
  z.object({
    countryCode: countryCodeSchema,
    mobile: mobileSchema,
    password: z.string({ message: 'password.required' }).min(1, 'password.required'),
  }),
);
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** Spec §3 login response results. */
export const loginResultsSchema = lazySchema(() =>
  z.object({
    token: z.string(),
    refresh_token: z.string(),
    is_nafath_verified: z.boolean(),
    verified: z.boolean(),
  }),
);
export type LoginResults = z.infer<typeof loginResultsSchema>;

/** The results of a failed login of an account whose mobile is not verified yet (→ /otpVerify). */
export const unverifiedResultsSchema = lazySchema(() =>
  z.object({
    verified: z.literal(false),
    countryCode: countryCodeSchema,
    mobile: z.string(),
    purpose: z.literal('signup'),
  }),
);

export const registerCustomerSchema = withConfirmedPassword(
  z.object({
    firstName: nameSchema,
    lastName: nameSchema,
    email: emailSchema,
    countryCode: countryCodeSchema,
    mobile: mobileSchema,
    password: passwordSchema,
    confirmPassword: z.string(),
    termsAccepted: termsSchema,
  }),
);

/** What every agent form asks, whether the agent registers or a company adds them (spec §3). */
const agentFields = {
  firstName: nameSchema,
  lastName: nameSchema,
  email: emailSchema,
  countryCode: countryCodeSchema,
  mobile: mobileSchema,
  whatsapp: z.boolean().default(false),
  nationality: loose.max(50).optional(),
  languages: z.array(z.string().max(30)).max(10).default([]),
  designation: loose.max(50).optional(),
  brn: brnSchema,
  bio: loose.max(1000).optional(),
};

export const registerAgentSchema = withConfirmedPassword(
  z.object({
    ...agentFields,
    /** A freelancer has no company. */
    companyId: z.uuid({ message: 'company.required' }).optional(),
    freelancer: z.boolean().default(false),
    pictureId: z.string({ message: 'picture.required' }).min(1, 'picture.required'),
    password: passwordSchema,
    confirmPassword: z.string(),
    termsAccepted: termsSchema,
  }),
).refine((agent) => agent.freelancer || agent.companyId, {
  message: 'company.required',
  path: ['companyId'],
});

export const registerCompanySchema = withConfirmedPassword(
  z.object({
    name: nameSchema,
    orn: ornSchema,
    authorizedPerson: nameSchema,
    headOffice: loose.min(1, 'text.required').max(200),
    email: emailSchema,
    countryCode: countryCodeSchema,
    mobile: mobileSchema,
    logoId: z.string({ message: 'logo.required' }).min(1, 'logo.required'),
    latitude: latitudeSchema,
    longitude: longitudeSchema,
    password: passwordSchema,
    confirmPassword: z.string(),
    termsAccepted: termsSchema,
  }),
);

export const OTP_PURPOSES = ['signup', 'login', 'reset', 'delete'] as const;
export const otpPurposeSchema = lazySchema(() => z.enum(OTP_PURPOSES));

export const verifyOtpSchema = lazySchema(() =>
  z.object({
    countryCode: countryCodeSchema,
    mobile: mobileSchema,
    otp: otpSchema,
    purpose: otpPurposeSchema,
  }),
);
export const resendOtpSchema = lazySchema(() =>
  z.object({
    countryCode: countryCodeSchema,
    mobile: mobileSchema,
    purpose: otpPurposeSchema,
  }),
);
export const forgotPasswordSchema = lazySchema(() =>
  z.object({ countryCode: countryCodeSchema, mobile: mobileSchema }),
);
export const resetPasswordSchema = withConfirmedPassword(
  z.object({ resetToken: z.string().min(1), password: passwordSchema, confirmPassword: z.string() }),
);
export const changePasswordSchema = withConfirmedPassword(
  z.object({ oldPassword: passwordSchema, password: passwordSchema, confirmPassword: z.string() }),
).refine((value) => value.oldPassword !== value.password, { message: 'password.same', path: ['password'] });
export const refreshTokenSchema = lazySchema(() => z.object({ refresh_token: z.string().min(1) }));
export const changeLanguageSchema = lazySchema(() => z.object({ language: languageSchema }));

/** What /profile shows; the token carries the session fields of spec §3. */
export const accountProfileSchema = lazySchema(() =>
  z.object({
    id: z.uuid(),
    role: roleSchema,
    site: siteSchema,
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    name: z.string(),
    email: z.string().nullable(),
    countryCode: countryCodeSchema,
    mobile: z.string(),
    /** Customer's profile_pic, agent's profilePic, company's logo: one URL or null. */
    picture: z.string().nullable(),
    language: languageSchema,
    verified: z.boolean(),
    isNafathVerified: z.boolean(),
    companyId: z.uuid().nullable(),
    /** The Arabic form of an agent's or company's name (Arabic pages show it), or null. */
    nameAr: z.string().nullable().optional(),
  }),
);
export type AccountProfile = z.infer<typeof accountProfileSchema>;

export const updateProfileSchema = lazySchema(() =>
  z.object({
    firstName: nameSchema.optional(),
    lastName: nameSchema.optional(),
    name: nameSchema.optional(),
    email: emailSchema.optional(),
    /** Agents and companies only (others: ignored); '' clears it. */
    nameAr: nameArSchema.optional(),
  }),
);

/** A company's agent, as /myAgents lists it. */
export const agentSummarySchema = lazySchema(() =>
  z.object({
    id: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    countryCode: countryCodeSchema,
    mobile: z.string(),
    brn: z.string(),
    designation: z.string().nullable(),
    status: z.enum(['active', 'inactive']),
    picture: z.string().nullable(),
  }),
);
export const createAgentSchema = withConfirmedPassword(
  z.object({
    ...agentFields,
    pictureId: z.string({ message: 'picture.required' }).min(1, 'picture.required'),
    password: passwordSchema,
    confirmPassword: z.string(),
  }),
);

/**
 * PUT IDENTITY_API.agent(id): the fields of createAgentSchema; the password changes only when
 * one is given (with its confirmation).
 */
export const updateAgentSchema = lazySchema(() =>
  z
    .object({
      ...agentFields,
      pictureId: z.string().min(1).optional(),
      password: passwordSchema.optional(),
      confirmPassword: z.string().optional(),
    })
    .refine((agent) => (agent.password ?? '') === (agent.confirmPassword ?? ''), {
      message: 'password.mismatch',
      path: ['confirmPassword'],
    }),
);
/** PATCH IDENTITY_API.agentStatus(id). */
export const agentStatusUpdateSchema = lazySchema(() => z.object({ status: z.enum(['active', 'inactive']) }));
/** GET IDENTITY_API.agent(id): what the edit form needs. */
export const agentDetailSchema = lazySchema(() =>
  agentSummarySchema.extend({
    whatsapp: z.boolean(),
    nationality: z.string().nullable(),
    languages: z.array(z.string()),
    bio: z.string().nullable(),
    pictureId: z.string().nullable(),
  }),
);
/** GET IDENTITY_API.companies item. */
export const companySummarySchema = lazySchema(() =>
  z.object({ id: z.uuid(), name: z.string(), logo: z.string().nullable() }),
);
/** POST IDENTITY_API.uploads results. */
export const uploadResultsSchema = lazySchema(() => z.object({ id: z.uuid(), url: z.string() }));
/** What resend-OTP, forgot-password and the deletion OTP answer. */
export const otpTimingSchema = lazySchema(() =>
  z.object({
    expiresInSeconds: z.number().int(),
    resendInSeconds: z.number().int(),
  }),
);

export const nafathRequestSchema = lazySchema(() => z.object({ nationalId: nationalIdSchema }));
export const nafathRequestResultsSchema = lazySchema(() =>
  z.object({
    transId: z.string(),
    random: z.string(),
    expiresAt: z.iso.datetime(),
  }),
);
export const NAFATH_STATUSES = ['WAITING', 'COMPLETED', 'REJECTED', 'EXPIRED'] as const;
export const nafathStatusSchema = lazySchema(() => z.enum(NAFATH_STATUSES));

export const googleSignInSchema = lazySchema(() =>
  z.object({
    idToken: z.string().min(1),
    role: z.enum(['user', 'agent', 'company']).default('user'),
    /** The nonce the browser sent to the authorization endpoint; when given, the token's `nonce` must equal it. */
    nonce: z.string().min(1).max(200).optional(),
  }),
);
/** The proofs the owner of an existing account can give before Google is linked to it. */
export const GOOGLE_LINK_PROOFS = ['password', 'otp'] as const;
export type GoogleLinkProof = (typeof GOOGLE_LINK_PROOFS)[number];

/**
 * POST IDENTITY_API.google answers 202 with this when an account of the site already holds
 * the Google e-mail but never proved it: Google is linked only after its owner proves the
 * account (its password, or a code sent to its verified mobile) with the ticket, within
 * `expiresInSeconds`. When `separate` is true the person may instead start a separate
 * customer account with the e-mail Google proved; the other account then loses that e-mail.
 */
export const googleLinkRequiredSchema = lazySchema(() =>
  z.object({
    linkRequired: z.literal(true),
    ticket: z.string().min(1),
    expiresInSeconds: z.number().int().positive(),
    email: z.string(),
    proofs: z.array(z.enum(GOOGLE_LINK_PROOFS)),
    /** The account's mobile with most digits hidden ("+971 ••••••567"), where the code goes; null without one. */
    mobile: z.string().nullable(),
    separate: z.boolean(),
  }),
);
export type GoogleLinkRequired = z.infer<typeof googleLinkRequiredSchema>;
/** What POST IDENTITY_API.google answers: a session (200) or the step above (202). */
export const googleSignInResultsSchema = lazySchema(() =>
  z.union([loginResultsSchema, googleLinkRequiredSchema]),
);
export type GoogleSignInResults = z.infer<typeof googleSignInResultsSchema>;

const linkTicketSchema = lazySchema(() =>
  z.string({ message: 'required' }).min(1, 'required').max(200, 'invalid'),
);
/** POST IDENTITY_API.googleLinkOtp and IDENTITY_API.googleSeparate. */
export const googleTicketSchema = lazySchema(() => z.object({ ticket: linkTicketSchema }));
/** POST IDENTITY_API.googleLink: the ticket and one proof, the account's password or the code sent to its mobile. */
export const googleLinkSchema = lazySchema(() =>
  z
    .object({
      ticket: linkTicketSchema,
      password: z.string().min(1, 'password.required').max(200, 'invalid').optional(),
      otp: otpSchema.optional(),
    })
    .refine((body) => (body.password === undefined) !== (body.otp === undefined), {
      message: 'required',
      path: ['password'],
    }),
);

/** The message of the 202 above, in the request's language. */
export const GOOGLE_LINK_REQUIRED_MESSAGE = {
  en: 'An account on Manzil already uses this e-mail, but it was never confirmed. Prove it is yours (its password or a code sent to its mobile) to link Google to it.',
  ar: 'يوجد حساب في منزل يستخدم هذا البريد الإلكتروني لكنه لم يُؤكَّد بعد. أثبت أنه حسابك (بكلمة مروره أو برمز يُرسل إلى جواله) لربط Google به.',
} as const;

/** GET IDENTITY_API.googleConfig: where the browser starts Google sign-in (implicit flow, `response_type=id_token`). */
export const googleConfigSchema = lazySchema(() =>
  z.object({ authorizationEndpoint: z.url(), clientId: z.string().min(1) }),
);
export type GoogleConfig = z.infer<typeof googleConfigSchema>;
export const accountDeletionSchema = lazySchema(() =>
  z.object({ otp: otpSchema, reason: loose.max(500).optional() }),
);

/** A deletion request waits out its grace period (`pending`), then the account is `anonymised`. */
export const DELETION_REQUEST_STATES = ['pending', 'anonymised'] as const;
export const deletionRequestsQuerySchema = lazySchema(() =>
  paginationQuerySchema.extend({
    state: z.enum(DELETION_REQUEST_STATES).optional(),
  }),
);
/** What the admin console shows of a request: the name only until the account is anonymised. */
export const deletionRequestSchema = lazySchema(() =>
  z.object({
    id: z.uuid(),
    accountId: z.uuid(),
    role: z.enum(ACCOUNT_ROLES),
    name: z.string().nullable(),
    reason: z.string().nullable(),
    requestedAt: z.string(),
    eraseAfter: z.string(),
    anonymisedAt: z.string().nullable(),
  }),
);
export type DeletionRequestView = z.infer<typeof deletionRequestSchema>;
export type DeletionRequestsQuery = z.infer<typeof deletionRequestsQuerySchema>;

/** accountProfileSchema and whether the e-mail is proved by a code sent to it (GET/PUT IDENTITY_API.profile answer this). */
export const accountProfileWithEmailSchema = lazySchema(() =>
  accountProfileSchema.extend({ emailVerified: z.boolean() }),
);
export type AccountProfileWithEmail = z.infer<typeof accountProfileWithEmailSchema>;
/** POST IDENTITY_API.verifyEmail: the code sent to the signed-in account's e-mail. */
export const verifyEmailSchema = lazySchema(() => z.object({ otp: otpSchema }));

/**
 * Google sign-up creates customers only (an agent needs a BRN and picture, a company an ORN
 * and logo): a new Google account asked for as agent or company is refused with this message
 * (field `role` of a 422); existing agent and company accounts still sign in with Google.
 */
export const GOOGLE_SIGNUP_CUSTOMERS_ONLY = {
  en: 'Google sign-up is for customers only. Agents and companies please register with the form (BRN, ORN and logo are needed).',
  ar: 'التسجيل عبر Google متاح للعملاء فقط. يرجى من الوسطاء والشركات التسجيل عبر النموذج (مطلوب رقم تسجيل الوسيط BRN ورقم تسجيل المكتب ORN والشعار).',
} as const;

/**
 * The identity service's endpoints, relative to `/api/identity` on a site's origin. The
 * frontends and the service both take paths from here.
 */
export const IDENTITY_API = {
  /** POST registerCustomerSchema | registerAgentSchema | registerCompanySchema → unverifiedResults (OTP sent). */
  register: (kind: 'customer' | 'agent' | 'company') => `/v1/auth/register/${kind}`,
  /** POST loginRequestSchema → loginResults; 403 with unverifiedResults when the mobile is not verified. */
  login: (kind: 'customer' | 'agent' | 'company') => `/v1/auth/login/${kind}`,
  /** POST verifyOtpSchema → signup/login: loginResults; reset: { resetToken }; delete: { deletionToken }. */
  verifyOtp: '/v1/auth/otp/verify',
  /** POST resendOtpSchema → { expiresInSeconds, resendInSeconds } (same answer whether the mobile exists or not). */
  resendOtp: '/v1/auth/otp/resend',
  /** POST forgotPasswordSchema → { expiresInSeconds, resendInSeconds } (same answer whether the mobile exists or not). */
  forgotPassword: '/v1/auth/forgot-password',
  /** POST resetPasswordSchema → null. */
  resetPassword: '/v1/auth/reset-password',
  /** POST refreshTokenSchema → loginResults (the refresh token rotates; reusing an old one revokes the family). */
  refresh: '/v1/auth/refresh',
  /** POST refreshTokenSchema → null. */
  logout: '/v1/auth/logout',
  /** POST (signed in) → null: every session of the account ends, this one too, in every service at once. */
  logoutEverywhere: '/v1/auth/logout-everywhere',
  /** POST googleSignInSchema → 200 loginResults, or 202 googleLinkRequiredSchema (prove the account first). */
  google: '/v1/auth/google',
  /** POST googleLinkSchema → loginResults: the account proved (password or OTP), Google linked to it. */
  googleLink: '/v1/auth/google/link',
  /** POST googleTicketSchema → { expiresInSeconds, resendInSeconds }: a code to the account's verified mobile. */
  googleLinkOtp: '/v1/auth/google/link/otp',
  /** POST googleTicketSchema → loginResults: a separate customer account with the e-mail Google proved. */
  googleSeparate: '/v1/auth/google/separate',
  /** GET → googleConfigSchema (the issuer's authorization endpoint and our client id). */
  googleConfig: '/v1/auth/google/config',
  /** GET → accountProfileSchema; PUT updateProfileSchema → accountProfileSchema. */
  profile: '/v1/profile',
  /** PUT changePasswordSchema → null. */
  changePassword: '/v1/profile/password',
  /** PUT changeLanguageSchema → null (spec "change language" call). */
  changeLanguage: '/v1/profile/language',
  /** POST multipart `file` (jpeg/png/jpg/gif, < 2 MB) → accountProfileSchema. */
  profileImage: '/v1/profile/image',
  /** POST multipart `file` (jpeg/png/jpg/gif, < 2 MB), no login needed (registration) → { id, url }. */
  uploads: '/v1/uploads',
  /** GET ?page&limit → page of { id, name, logo } (companies an agent can join). */
  companies: '/v1/companies',
  /** GET ?page&limit → page of agentSummarySchema (company only); POST createAgentSchema. */
  agents: '/v1/agents',
  /** GET (agentDetailSchema), PUT updateAgentSchema (edit), DELETE (delete) one agent of the caller's company. 402 when adding without an entitlement. */
  agent: (id: string) => `/v1/agents/${id}`,
  /** PATCH { status: 'active' | 'inactive' }. */
  agentStatus: (id: string) => `/v1/agents/${id}/status`,
  /** POST → sends an OTP to the caller's mobile for account deletion. */
  deletionOtp: '/v1/account/deletion/otp',
  /** POST accountDeletionSchema → { eraseAfter }. */
  deletion: '/v1/account/deletion',
  /** GET deletionRequestsQuerySchema → page of deletionRequestSchema (admins, their site's). */
  adminDeletionRequests: '/v1/admin/deletion-requests',
  /** POST nafathRequestSchema → nafathRequestResultsSchema (Saudi site only). */
  nafathRequest: '/v1/nafath/request',
  /** GET ?transId → { status: nafathStatusSchema }. */
  nafathStatus: '/v1/nafath/status',
  /** POST { token, transId, requestId } from the provider. */
  nafathCallback: '/v1/nafath/callback',
  /** POST verifyEmailSchema (signed in) → accountProfileWithEmailSchema, emailVerified true (spec §7 verify-email). */
  verifyEmail: '/v1/auth/email/verify',
  /** POST (signed in) → { expiresInSeconds, resendInSeconds }: a new code to the account's e-mail; 429 OTP_COOLDOWN. */
  resendEmailOtp: '/v1/auth/email/otp',
} as const;

import { z } from 'zod';
import { ADMIN_SET_STATUSES, ROLES } from '../domain/accounts.ts';
import { EMAIL_MAX, isPasswordLongEnough, PASSWORD_MIN_LENGTH, WEBSITE_MAX } from '../domain/signup.ts';

/** Bounds that keep a stored field a field; the sign-up rules live in domain/signup.ts. */
export const USER_FIELD_MAX = {
  name: 200,
  email: EMAIL_MAX,
  password: 1024,
  contactNumber: 50,
  companyName: 200,
  companyWebsite: WEBSITE_MAX,
} as const;

const text = (field: string, max: number) =>
  z.string({ error: `${field} must be text` }).max(max, `${field} must be at most ${max} characters`);

/**
 * A password being chosen (reset link, password change): present, and at least
 * PASSWORD_MIN_LENGTH characters, as the sign-up rules want (domain/signup.ts).
 */
const chosenPassword = (field: string, requiredMessage: string) =>
  text(field, USER_FIELD_MAX.password)
    .min(1, requiredMessage)
    .refine(isPasswordLongEnough, `${field} must be at least ${PASSWORD_MIN_LENGTH} characters`);

/**
 * `POST /api/users/register`. Every field is optional here so that a missing one is reported by
 * the sign-up rules (`findSignupError`) with its message key, in their order.
 */
export const registerBodySchema = z.object({
  name: text('name', USER_FIELD_MAX.name).optional(),
  email: text('email', USER_FIELD_MAX.email).optional(),
  password: text('password', USER_FIELD_MAX.password).optional(),
  contactNumber: text('contactNumber', USER_FIELD_MAX.contactNumber).optional(),
  country: text('country', 10).optional(),
  companyName: text('companyName', USER_FIELD_MAX.companyName).nullish(),
  companyWebsite: text('companyWebsite', USER_FIELD_MAX.companyWebsite).nullish(),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

/** `POST /api/users/login`: both fields present, and no other check of their form. */
export const loginBodySchema = z.object({
  email: text('email', 1000),
  password: text('password', USER_FIELD_MAX.password),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** The signed-in user as login and `/me` answer it: never a secret. */
export const publicUserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  contactNumber: z.string(),
  country: z.string(),
  companyName: z.string(),
  companyWebsite: z.string(),
  emailVerified: z.boolean(),
  /** `active`, `pending`, `rejected` or `disabled`. */
  status: z.string(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

export const loginResponseSchema = z.object({
  message: z.string(),
  token: z.string(),
  user: publicUserSchema,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** One row of `GET /api/users/all` (admin). */
export const userListItemSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  contactNumber: z.string(),
  country: z.string(),
  companyName: z.string(),
  companyWebsite: z.string(),
  role: z.string(),
  emailVerified: z.boolean(),
  status: z.string(),
  createdAt: z.string(),
});
export type UserListItem = z.infer<typeof userListItemSchema>;
export const userListSchema = z.array(userListItemSchema);

/** `POST /api/users/forgot-password`. */
export const forgotPasswordBodySchema = z.object({ email: text('email', 1000) });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBodySchema>;

/** A token from a mailed link: base64url, bounded so nothing else is even looked up. */
const mailedToken = z
  .string({ error: 'token must be text' })
  .max(200, 'token must be at most 200 characters');

/** `POST /api/users/reset-password`. */
export const resetPasswordBodySchema = z.object({
  token: mailedToken,
  password: chosenPassword('password', 'Password is required'),
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

/** `POST /api/users/verify-email`. */
export const verifyEmailBodySchema = z.object({ token: mailedToken });
export type VerifyEmailBody = z.infer<typeof verifyEmailBodySchema>;

/**
 * `PUT /api/users/me`: the sign-up's fields but the password. Optional here for the same reason
 * as sign-up: the sign-up rules report a missing one with their message key. Without `email` the
 * address stays as it is.
 */
export const updateProfileBodySchema = registerBodySchema.omit({ password: true });
export type UpdateProfileBody = z.infer<typeof updateProfileBodySchema>;

/** `PUT /api/users/me/password`. */
export const changePasswordBodySchema = z.object({
  currentPassword: text('currentPassword', USER_FIELD_MAX.password),
  newPassword: chosenPassword('newPassword', 'New password is required'),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/** `PUT /api/users/{id}/status` (admin). A reason is mailed to the buyer when an account is rejected. */
export const setStatusBodySchema = z.object({
  status: z.enum(ADMIN_SET_STATUSES, { error: 'status must be active, rejected or disabled' }),
  reason: text('reason', 1000).optional(),
});
export type SetStatusBody = z.infer<typeof setStatusBodySchema>;

/** `PUT /api/users/{id}/role` (admin). */
export const setRoleBodySchema = z.object({
  role: z.enum(ROLES, { error: 'role must be user or admin' }),
});
export type SetRoleBody = z.infer<typeof setRoleBodySchema>;

/** Answers that carry one user: `PUT /me`, status and role changes. */
export const userResponseSchema = z.object({ user: publicUserSchema });
export type UserResponse = z.infer<typeof userResponseSchema>;
export const userListItemResponseSchema = z.object({ user: userListItemSchema });

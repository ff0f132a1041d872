import { z } from 'zod';
import { EMAIL_MAX, WEBSITE_MAX } from '../domain/signup.ts';

/** Bounds that keep a stored field a field; the spec's own rules live in domain/signup.ts. */
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
 * `POST /api/users/register`. Every field is optional here so that a missing one is reported by
 * the spec's sign-up rules (`findSignupError`) with its message key, in the spec's order.
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

/** `POST /api/users/login`: spec §5, "no other validation" than both being present. */
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
  createdAt: z.string(),
});
export type UserListItem = z.infer<typeof userListItemSchema>;
export const userListSchema = z.array(userListItemSchema);

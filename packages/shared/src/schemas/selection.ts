import { z } from 'zod';
import { MAX_SELECTION_DESIGNS, SELECTION_MESSAGES } from '../domain/selections.ts';
import { productAttributesSchema } from './attributes.ts';
import { productImageSchema } from './product-gallery.ts';

export * from '../domain/selections.ts';

const productIds = z
  .array(z.string().min(1).max(100), { error: 'productIds must be a list of product ids' })
  .min(1, SELECTION_MESSAGES.empty)
  .max(MAX_SELECTION_DESIGNS, SELECTION_MESSAGES.tooMany);

const title = z
  .string({ error: 'title is required' })
  .trim()
  .min(1, 'title is required')
  .max(200, 'title must be at most 200 characters');
const note = z.string().trim().max(2000, 'note must be at most 2000 characters');

export const selectionCreateSchema = z.object({
  title,
  /** Shown to every recipient of the selection's links. */
  note: note.optional(),
  /** Seen only by the owner and administrators, never on a link's page. */
  internalNote: note.optional(),
  productIds,
});
export type SelectionCreate = z.infer<typeof selectionCreateSchema>;

export const selectionUpdateSchema = z.object({
  title: title.optional(),
  note: note.optional(),
  internalNote: note.optional(),
  productIds: productIds.optional(),
  /** When given, the change is refused (409) if the selection's version is no longer this one. */
  version: z.number().int().min(1).optional(),
});
export type SelectionUpdate = z.infer<typeof selectionUpdateSchema>;

export const selectionParamsSchema = z.object({ id: z.string().max(100) });
export const selectionLinkParamsSchema = z.object({ id: z.string().max(100), linkId: z.string().max(100) });
export const selectionTokenParamsSchema = z.object({ token: z.string().max(200) });

export const recipientSchema = z.object({
  name: z
    .string({ error: 'recipient.name is required' })
    .trim()
    .min(1, 'recipient.name is required')
    .max(200),
  email: z.email('recipient.email must be an e-mail address').max(254).optional(),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ()-]{6,20}$/, 'recipient.phone must be a phone number with its country code')
    .optional(),
  userId: z.string().max(100).optional(),
});
export type Recipient = z.infer<typeof recipientSchema>;

export const linkCreateSchema = z.object({
  recipient: recipientSchema,
  expiresAt: z.iso.datetime({ offset: true, error: 'expiresAt must be an ISO date and time' }).optional(),
  showPrices: z.boolean().optional(),
});
export type LinkCreate = z.infer<typeof linkCreateSchema>;

const recipientAnswer = z.object({
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  userId: z.string().nullable(),
});

export const selectionLinkSchema = z.object({
  _id: z.string(),
  recipient: recipientAnswer,
  expiresAt: z.string().nullable(),
  showPrices: z.boolean(),
  revokedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type SelectionLink = z.infer<typeof selectionLinkSchema>;

/** The answer of making a link: the only time its token (and so its address) is shown. */
export const linkCreatedSchema = z.object({
  link: selectionLinkSchema.extend({ url: z.string(), token: z.string() }),
});

export const selectionProductSchema = z.object({
  _id: z.string(),
  code: z.string(),
  name: z.string(),
  imageUrl: z.string().nullable(),
});

export const selectionSchema = z.object({
  _id: z.string(),
  title: z.string(),
  note: z.string(),
  internalNote: z.string(),
  products: z.array(selectionProductSchema),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  owner: z.object({ _id: z.string(), name: z.string() }),
  links: z.array(selectionLinkSchema),
  /** The last time any of its links was opened; null while none has been. */
  lastOpenedAt: z.string().nullable(),
});
export type Selection = z.infer<typeof selectionSchema>;

export const selectionAnswerSchema = z.object({ selection: selectionSchema });
export const selectionListSchema = z.object({ selections: z.array(selectionSchema) });

export const linkActivitySchema = z.object({
  linkId: z.string(),
  recipient: recipientAnswer,
  revokedAt: z.string().nullable(),
  opens: z.number().int(),
  firstOpenedAt: z.string().nullable(),
  lastOpenedAt: z.string().nullable(),
  designsViewed: z.number().int(),
  designsAdded: z.number().int(),
  orders: z.array(z.number().int()),
});
export type LinkActivity = z.infer<typeof linkActivitySchema>;
export const selectionActivitySchema = z.object({ links: z.array(linkActivitySchema) });

/** One design as a link's page shows it. `price` is present only when the link grants prices. */
export const sharedDesignSchema = z.object({
  productId: z.string(),
  code: z.string(),
  name: z.string(),
  imageUrl: z.string().nullable(),
  attributes: productAttributesSchema,
  weightGrams: z.number().nullable(),
  minOrderQuantity: z.number().int().nullable(),
  price: z.number().optional(),
  /** The design's pictures, first first, for the gallery a tap opens (the link page's answers carry it). */
  images: z.array(productImageSchema).optional(),
});
export type SharedDesign = z.infer<typeof sharedDesignSchema>;

export const sharedSelectionSchema = z.object({
  selection: z.object({ title: z.string(), note: z.string(), designs: z.array(sharedDesignSchema) }),
});
export type SharedSelection = z.infer<typeof sharedSelectionSchema>;

/** What a link's page reports back: the designs added to an enquiry list from it. */
export const linkEventsSchema = z.object({
  added: z.array(z.string().max(100)).max(500).optional(),
});

/** The dashboard's follow-up list: links opened in the last 7 days with no price request since. */
export const followUpSchema = z.object({
  links: z.array(
    z.object({
      selectionId: z.string(),
      title: z.string(),
      linkId: z.string(),
      recipient: recipientAnswer,
      lastOpenedAt: z.string(),
    }),
  ),
});
export type FollowUps = z.infer<typeof followUpSchema>;

/** `POST /{id}/links/{linkId}/email`: the link's address mailed again to its recipient through the outbox. */
export const linkEmailSchema = z.object({
  /** The link's token, as its making answered it (only its hash is kept, so the caller proves it holds it). */
  token: z.string({ error: 'token is required' }).max(200),
  /** The sender's short message above the address. */
  message: z.string().trim().max(1000, 'message must be at most 1000 characters').optional(),
});
export type LinkEmail = z.infer<typeof linkEmailSchema>;

/** The selections and links a price request followed (the admin's order view). */
export const orderSourcesSchema = z.object({
  sources: z.array(
    z.object({
      selectionId: z.string(),
      title: z.string(),
      linkId: z.string(),
      recipient: recipientAnswer,
      /** Recorded when the request was sent from a browser that had opened the link. */
      recorded: z.boolean(),
    }),
  ),
});
export type OrderSources = z.infer<typeof orderSourcesSchema>;

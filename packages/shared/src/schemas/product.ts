import { z } from 'zod';
import { CATEGORIES, SUBCATEGORIES } from '../domain/categories.ts';

/** Product JSON as the API answers it (API-CONTRACT.md, Product JSON). */
export const productSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.enum(CATEGORIES),
  subcategory: z.enum(SUBCATEGORIES),
  code: z.string(),
  price: z.number(),
  imageUrl: z.string().nullable(),
  imageurl: z.string().nullable(),
  cloudinaryId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Product = z.infer<typeof productSchema>;

export const productPageSchema = z.object({
  products: z.array(productSchema),
  currentPage: z.number().int(),
  totalPages: z.number().int(),
  totalItems: z.number().int(),
});
export type ProductPage = z.infer<typeof productPageSchema>;

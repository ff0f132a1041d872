import { z } from 'zod';
import {
  countryField,
  emailField,
  ENQUIRY_FIELD_MAX,
  optionalText,
  requiredText,
  websiteField,
} from './order.ts';

/** `POST /api/contact/send` (spec §2.9): name, email, contactNumber, country and message required. */
export const contactBodySchema = z.object({
  name: requiredText('name', ENQUIRY_FIELD_MAX.name),
  email: emailField(),
  contactNumber: requiredText('contactNumber', ENQUIRY_FIELD_MAX.contactNumber),
  country: countryField,
  message: requiredText('message', ENQUIRY_FIELD_MAX.message),
  companyName: optionalText('companyName', ENQUIRY_FIELD_MAX.companyName),
  companyWebsite: websiteField,
});
export type ContactBody = z.infer<typeof contactBodySchema>;
export type ContactInput = z.input<typeof contactBodySchema>;

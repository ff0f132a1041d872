import { z } from 'zod';
import {
  countryCodeOrNameField,
  emailField,
  ENQUIRY_FIELD_MAX,
  optionalLine,
  requiredLine,
  requiredText,
  websiteField,
} from './order.ts';

/**
 * `POST /api/contact/send`: name, email, contactNumber, country and message required. The country
 * may be its code or its name from the offered list; the code is stored.
 */
export const contactBodySchema = z.object({
  name: requiredLine('name', ENQUIRY_FIELD_MAX.name),
  email: emailField(),
  contactNumber: requiredLine('contactNumber', ENQUIRY_FIELD_MAX.contactNumber),
  country: countryCodeOrNameField,
  // The one multi-line field: its line breaks are kept.
  message: requiredText('message', ENQUIRY_FIELD_MAX.message),
  companyName: optionalLine('companyName', ENQUIRY_FIELD_MAX.companyName),
  companyWebsite: websiteField,
});
export type ContactBody = z.infer<typeof contactBodySchema>;
export type ContactInput = z.input<typeof contactBodySchema>;

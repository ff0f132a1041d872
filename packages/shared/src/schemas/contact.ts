import { z } from 'zod';
import {
  countryCodeOrNameField,
  emailField,
  ENQUIRY_FIELD_MAX,
  optionalText,
  requiredText,
  websiteField,
} from './order.ts';

/**
 * `POST /api/contact/send`: name, email, contactNumber, country and message required. The country
 * may be its code or its name from the offered list; the code is stored.
 */
export const contactBodySchema = z.object({
  name: requiredText('name', ENQUIRY_FIELD_MAX.name),
  email: emailField(),
  contactNumber: requiredText('contactNumber', ENQUIRY_FIELD_MAX.contactNumber),
  country: countryCodeOrNameField,
  message: requiredText('message', ENQUIRY_FIELD_MAX.message),
  companyName: optionalText('companyName', ENQUIRY_FIELD_MAX.companyName),
  companyWebsite: websiteField,
});
export type ContactBody = z.infer<typeof contactBodySchema>;
export type ContactInput = z.input<typeof contactBodySchema>;

import {
  BLOG_EXCERPT_MAX,
  BLOG_IMAGE_MAX_BYTES,
  BLOG_META_DESCRIPTION_MAX,
  BLOG_META_TITLE_MAX,
  BLOG_TITLE_MAX,
} from '@catalogue/shared/domain/limits';
import { blogFieldsSchema, type Blog } from '@catalogue/shared/schemas/blog';
import { isBlankHtml } from './rich-text-editor';

export type BlogFormValues = {
  title: string;
  content: string;
  excerpt: string;
  metaTitle: string;
  metaDescription: string;
};
export type BlogTextField = keyof BlogFormValues;
export const BLOG_TEXT_FIELDS: readonly BlogTextField[] = [
  'title',
  'content',
  'excerpt',
  'metaTitle',
  'metaDescription',
];

/** The live counters' maxima (excerpt 160, metaTitle 60, metaDescription 160). */
export const FIELD_MAX = {
  title: BLOG_TITLE_MAX,
  excerpt: BLOG_EXCERPT_MAX,
  metaTitle: BLOG_META_TITLE_MAX,
  metaDescription: BLOG_META_DESCRIPTION_MAX,
} as const;

export const EMPTY_BLOG_FORM: BlogFormValues = {
  title: '',
  content: '',
  excerpt: '',
  metaTitle: '',
  metaDescription: '',
};

export const valuesOf = (blog: Blog): BlogFormValues => ({
  title: blog.title,
  content: blog.content,
  excerpt: blog.excerpt,
  metaTitle: blog.metaTitle,
  metaDescription: blog.metaDescription,
});

/** Characters as a reader counts them (and as the server does): an emoji is one. */
export const charCount = (text: string) => [...text].length;

/** An error as a text key and its values, translated where it is shown. */
export type FieldError = { key: string; values?: Record<string, unknown> };
export type BlogFormErrors = Partial<Record<BlogTextField | 'image', FieldError>>;

/**
 * The form's rules are the API's (`blogFieldsSchema`, the schema the server parses): a field the
 * schema refuses is empty where required, or too long. Content that shows nothing (`<p><br></p>`)
 * counts as empty, which the server cannot tell from markup alone.
 */
export function validateBlogFields(values: BlogFormValues): BlogFormErrors {
  const errors: BlogFormErrors = {};
  const result = blogFieldsSchema.safeParse(values);
  for (const issue of result.success ? [] : result.error.issues) {
    const field = issue.path[0] as BlogTextField;
    if (errors[field]) continue;
    if (values[field].trim() === '') errors[field] = { key: `form.errors.${field}Required` };
    else
      errors[field] = {
        key: 'form.errors.tooLong',
        values: { max: FIELD_MAX[field as keyof typeof FIELD_MAX] },
      };
  }
  if (!errors.content && isBlankHtml(values.content)) errors.content = { key: 'form.errors.contentRequired' };
  return errors;
}

/** An image under 2MB; the server sniffs the bytes, the browser checks what it can. */
export function validateBlogImage(file: File | null): FieldError | undefined {
  if (!file) return undefined;
  if (file.type && !file.type.startsWith('image/')) return { key: 'form.errors.imageType' };
  if (file.size > BLOG_IMAGE_MAX_BYTES) return { key: 'form.errors.imageTooLarge' };
  return undefined;
}

import { AppError } from '@catalogue/shared/errors';

export const FILE_NAME_NOT_ALLOWED =
  'The file name is not allowed: send the file itself, without folders or ".." in its name';

/**
 * Browsers send only a file's own name. A name with folders, `..` or control characters comes from
 * a tool probing for path traversal: we never use upload names for storage, but we refuse such a
 * request outright rather than keep and show a name built to mislead.
 */
export function isPlainFileName(name: string | undefined): boolean {
  if (!name) return true;
  // eslint-disable-next-line no-control-regex
  return !/[/\\\u0000-\u001f\u007f]/.test(name) && !name.includes('..');
}

export function assertPlainFileName(name: string | undefined) {
  if (!isPlainFileName(name)) throw new AppError('BAD_REQUEST', FILE_NAME_NOT_ALLOWED);
}

import { ApiError, readStoredSession } from '~/lib/api-client';

/**
 * Downloads a file from an admin `/api` path. A plain link cannot carry the bearer token, so the
 * file is fetched with it and handed to the browser as a saved download.
 */
export async function downloadFile(path: string, filename: string, fetcher: typeof fetch = fetch) {
  const session = readStoredSession();
  let response: Response;
  try {
    response = await fetcher(path, {
      headers: session ? { authorization: `Bearer ${session.token}` } : {},
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, 'No response from server. Please try again.');
  }
  if (!response.ok) {
    // The API's refusals are JSON with a message saying why (a 409 before a quote is accepted).
    let message = `Server error: ${response.status}`;
    try {
      const body = (await response.json()) as { message?: unknown; code?: unknown };
      if (typeof body.message === 'string') message = body.message;
    } catch {
      // Not JSON: the status says it.
    }
    throw new ApiError(response.status, message);
  }
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = filename;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click has started the download; the address is no longer needed.
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}

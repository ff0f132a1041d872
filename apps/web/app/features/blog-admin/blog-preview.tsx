import { useEffect, useState } from 'react';
import { useTranslation } from '~/lib/i18n';
import { TIMINGS_MS } from '@catalogue/shared/domain/limits';
import type { BlogPreview as BlogPreviewAnswer } from '@catalogue/shared/schemas/blog';
import { apiRequest } from '~/lib/api-client';
import { isBlankHtml } from './rich-text-editor';
import { useDebouncedValue } from '~/lib/use-debounced-value';

/**
 * What the post will look like once published: the editor's HTML goes through the server's own
 * sanitiser (`POST /api/blogs/preview`) a moment after typing stops, so nothing the allow-list
 * drops appears here.
 */
export function BlogPreview({ content }: { content: string }) {
  const { t } = useTranslation('admin-content');
  const settled = useDebouncedValue(content, TIMINGS_MS.searchDebounce);
  const [html, setHtml] = useState('');
  const [state, setState] = useState<'idle' | 'loading' | 'error'>('idle');
  const isBlank = isBlankHtml(settled);

  useEffect(() => {
    if (isBlank) {
      setHtml('');
      setState('idle');
      return;
    }
    const controller = new AbortController();
    setState('loading');
    apiRequest<BlogPreviewAnswer>('/blogs/preview', {
      method: 'POST',
      json: { content: settled },
      signal: controller.signal,
    }).then(
      (answer) => {
        setHtml(answer.html);
        setState('idle');
      },
      () => {
        if (!controller.signal.aborted) setState('error');
      },
    );
    return () => controller.abort();
  }, [settled, isBlank]);

  return (
    <section aria-labelledby="blog-preview-heading" className="rounded-md border border-gray-200 bg-white">
      <div className="flex flex-wrap items-baseline justify-between gap-2 border-b border-gray-200 bg-gray-50 px-3 py-2">
        <h2 id="blog-preview-heading" className="font-semibold text-ink">
          {t('editor.preview')}
        </h2>
        <p className="text-xs text-gray-700" aria-live="polite">
          {state === 'loading' ? t('editor.previewLoading') : t('editor.previewHint')}
        </p>
      </div>
      {state === 'error' ? (
        <p role="alert" className="px-3 py-2 text-sm text-red-700">
          {t('editor.previewError')}
        </p>
      ) : null}
      {isBlank ? (
        <p className="px-3 py-4 text-sm text-gray-700">{t('editor.previewEmpty')}</p>
      ) : (
        // The HTML comes from the server's allow-list sanitiser, the same one the stored post passes.
        <div
          data-testid="blog-preview"
          className="blog-content min-h-24 px-3 py-2"
          dangerouslySetInnerHTML={{ __html: html }}
        />
      )}
    </section>
  );
}

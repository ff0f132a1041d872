import { useState, type FormEvent } from 'react';
import { useTranslation } from '~/lib/i18n';
import { QUOTE_LIMITS } from '@catalogue/shared/domain/quotation';
import { commentListSchema } from '@catalogue/shared/schemas/quotation';
import { Button } from '~/components/ui/button';
import { TextAreaField } from '~/components/ui/field';
import { LoadError, Notice } from '~/components/ui/notice';
import { Spinner } from '~/components/ui/spinner';
import { ApiError, apiRequest } from '~/lib/api-client';
import { useApiQuery } from '~/lib/use-api-query';
import { formatDateTime } from '~/lib/format-date';

/**
 * The short conversation on a request between its buyer and the admins. Text is shown as text
 * (React escapes it); each comment mails the other side, which the server does.
 */
export function CommentThread({ orderId }: { orderId: string }) {
  const { t, i18n } = useTranslation('quotes');
  const path = `/orders/${encodeURIComponent(orderId)}/comments`;
  const { data, error, isLoading, reload } = useApiQuery(path, commentListSchema);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [isPosting, setIsPosting] = useState(false);
  const [notice, setNotice] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = text.trim();
    if (!value) return setProblem(t('comments.required'));
    if (value.length > QUOTE_LIMITS.commentMax) return setProblem(t('comments.tooLong'));
    setProblem(null);
    setIsPosting(true);
    try {
      await apiRequest(path, { method: 'POST', json: { text: value } });
      setText('');
      setNotice(t('comments.posted'));
      reload();
    } catch (reason) {
      if (reason instanceof ApiError && reason.status === 429) setProblem(t('comments.limited'));
      else setProblem(reason instanceof ApiError ? reason.message : String(reason));
    } finally {
      setIsPosting(false);
    }
  };

  const comments = data?.comments ?? [];
  return (
    <section aria-labelledby="request-comments" className="space-y-3 print:hidden">
      <h2 id="request-comments" className="font-serif text-xl text-brand-900">
        {t('comments.heading')}
      </h2>
      {error ? (
        <LoadError
          message={t('comments.failed')}
          detail={error.message}
          onRetry={reload}
          retryLabel={t('request.retry')}
        />
      ) : null}
      {isLoading && !data ? <Spinner size="sm" label={t('request.loading')} /> : null}
      {data && comments.length === 0 ? <p className="text-sm text-gray-700">{t('comments.empty')}</p> : null}
      {comments.length ? (
        <ol className="space-y-2">
          {comments.map((comment) => (
            <li
              key={comment._id}
              className={`rounded-md border p-3 text-sm ${comment.author.role === 'admin' ? 'border-brand-100 bg-brand-50' : 'border-gray-200 bg-white'}`}
            >
              <p className="font-semibold text-ink">
                {comment.author.role === 'admin'
                  ? `${comment.author.name} (${t('comments.team')})`
                  : comment.author.name}
                <span className="ml-2 font-normal text-gray-700">
                  <time dateTime={comment.createdAt}>{formatDateTime(comment.createdAt, i18n.language)}</time>
                </span>
              </p>
              <p className="mt-1 break-words whitespace-pre-line">{comment.text}</p>
            </li>
          ))}
        </ol>
      ) : null}
      <form onSubmit={submit} noValidate className="space-y-2">
        <TextAreaField
          label={t('comments.label')}
          hint={t('comments.hint')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          maxLength={QUOTE_LIMITS.commentMax}
          rows={3}
          error={problem}
        />
        <Button type="submit" disabled={isPosting}>
          {isPosting ? t('comments.posting') : t('comments.post')}
        </Button>
      </form>
      {notice ? <Notice tone="success" text={notice} /> : null}
    </section>
  );
}

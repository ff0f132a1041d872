import { useTranslation } from '~/lib/i18n';
import type { OrderEvent } from '@catalogue/shared/schemas/quotation';
import { formatDateTime } from '~/lib/format-date';

/** Every move of the request, oldest first: who, when, from and to (or the revision sent), and the note given. */
export function RequestHistory({ history }: { history: readonly OrderEvent[] }) {
  const { t, i18n } = useTranslation('quotes');
  return (
    <section aria-labelledby="request-history" className="print:hidden">
      <h2 id="request-history" className="font-serif text-xl text-brand-900">
        {t('history.heading')}
      </h2>
      <ol className="mt-2 space-y-2 border-l-2 border-brand-100 pl-4">
        {history.map((event, i) => {
          // A sending names its revision in the page's words ("Revision 2 sent"); the note the
          // server stored with it says only that, in English, so it is not shown again.
          const sent = event.to === 'quoted' && event.revision ? event.revision : null;
          const note = sent === null ? event.note : null;
          return (
            <li key={`${event.at}-${i}`} className="text-sm">
              <p className="font-medium text-ink">
                {event.from === null
                  ? t('history.created')
                  : sent !== null
                    ? t('history.revisionSent', { revision: sent })
                    : t('history.moved', { from: t(`status.${event.from}`), to: t(`status.${event.to}`) })}
              </p>
              <p className="text-gray-700">
                <time dateTime={event.at}>{formatDateTime(event.at, i18n.language)}</time>{' '}
                {event.by.role === 'system' ? t('history.system') : t('history.by', { name: event.by.name })}
              </p>
              {note ? <p className="whitespace-pre-line text-gray-800">{note}</p> : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

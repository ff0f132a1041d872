import { useEffect, useId, useState } from 'react';
import { useTranslation } from '~/lib/i18n';
import { apiRequest, serverReason } from '~/lib/api-client';
import { useDebouncedValue } from '~/lib/use-debounced-value';
import { Button } from '~/components/ui/button';
import { BuyerChoices } from '~/components/ui/buyer-choices';
import { Notice } from '~/components/ui/notice';
import { PrefixedLink } from '~/components/ui/prefixed-link';
import { QuickOrderPad, type ConfirmedLine } from './quick-order-pad';

type Buyer = {
  _id: string;
  name: string;
  email: string;
  contactNumber: string;
  companyName: string;
  country: string;
};

/**
 * An administrator enters an order that came by phone or WhatsApp: picks the buyer, pastes the
 * list (the same reader as the buyer's pad), and sends the price request on the buyer's behalf.
 */
export function EnterOrder() {
  const { t } = useTranslation('quick-order-admin');
  const ids = useId();
  const [query, setQuery] = useState('');
  const settled = useDebouncedValue(query, 300);
  const [buyers, setBuyers] = useState<Buyer[] | null>(null);
  const [searchError, setSearchError] = useState<string | null>(null);
  const [buyer, setBuyer] = useState<Buyer | null>(null);
  const [note, setNote] = useState('');
  const [sent, setSent] = useState<{ orderId: number; name: string } | null>(null);
  const [round, setRound] = useState(0);

  useEffect(() => {
    if (buyer || !settled.trim()) {
      setBuyers(null);
      return;
    }
    let isCurrent = true;
    setSearchError(null);
    apiRequest<{ buyers: Buyer[] }>(`/admin/orders/on-behalf/buyers?q=${encodeURIComponent(settled.trim())}`)
      .then((answer) => isCurrent && setBuyers(answer.buyers))
      .catch((caught: unknown) => isCurrent && setSearchError(serverReason(caught, t('searchFailed'))));
    return () => {
      isCurrent = false;
    };
  }, [settled, buyer, t]);

  async function send(lines: ConfirmedLine[]) {
    if (!buyer) throw new Error(t('needBuyer'));
    const answer = await apiRequest<{ orderId: number }>('/admin/orders/on-behalf', {
      method: 'POST',
      json: {
        userId: buyer._id,
        lines: lines.map((l) => ({ productId: l.productId, quantity: l.pieces })),
        ...(note.trim() ? { note: note.trim() } : {}),
      },
    });
    setSent({ orderId: answer.orderId, name: buyer.name });
    setBuyer(null);
    setQuery('');
    setNote('');
    setRound((n) => n + 1);
  }

  return (
    <div className="space-y-6">
      <p className="max-w-3xl text-gray-700">{t('intro')}</p>
      {sent ? (
        <Notice tone="success" text={t('sent', sent)}>
          <PrefixedLink to="/orderlist" className="mt-1 inline-block text-sm underline">
            {t('openList')}
          </PrefixedLink>
        </Notice>
      ) : null}
      {buyer ? (
        <div className="flex flex-wrap items-center gap-3 rounded-md border border-brand-100 bg-brand-50 p-3">
          <p className="font-semibold text-ink">
            {t('chosen', { name: buyer.name, company: buyer.companyName || '-', email: buyer.email })}
          </p>
          <Button size="sm" variant="secondary" onClick={() => setBuyer(null)}>
            {t('change')}
          </Button>
        </div>
      ) : (
        <div className="space-y-2">
          <label htmlFor={`${ids}-buyer`} className="block font-semibold text-ink">
            {t('buyerLabel')}
          </label>
          <input
            id={`${ids}-buyer`}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            className="min-h-10 w-full max-w-md rounded-md border border-gray-400 px-3"
          />
          {searchError ? <Notice tone="error" text={t('searchFailed')} detail={searchError} /> : null}
          {buyers && buyers.length === 0 ? <p className="text-sm text-gray-700">{t('noBuyers')}</p> : null}
          {buyers?.length ? (
            <BuyerChoices buyers={buyers} pickLabel={(b) => t('pick', { name: b.name })} onPick={setBuyer} />
          ) : null}
        </div>
      )}
      <div className="space-y-2">
        <label htmlFor={`${ids}-note`} className="block font-semibold text-ink">
          {t('noteLabel')}
        </label>
        <textarea
          id={`${ids}-note`}
          value={note}
          maxLength={2000}
          onChange={(event) => setNote(event.target.value)}
          rows={2}
          className="w-full max-w-xl rounded-md border border-gray-400 p-2"
        />
      </div>
      <QuickOrderPad
        key={round}
        onConfirm={send}
        confirmLabel={(count) => (buyer ? t('send', { name: buyer.name, count }) : t('needBuyer'))}
      />
    </div>
  );
}

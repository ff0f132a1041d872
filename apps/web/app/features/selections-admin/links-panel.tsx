import { useEffect, useId, useState, type FormEvent } from 'react';
import { whatsAppUrl } from '@catalogue/shared/domain/selections';
import type { Selection, SelectionLink } from '@catalogue/shared/schemas/selection';
import { Button, buttonClasses } from '~/components/ui/button';
import { BuyerChoices } from '~/components/ui/buyer-choices';
import { Dialog } from '~/components/ui/dialog';
import { TextAreaField, TextField } from '~/components/ui/field';
import { Notice } from '~/components/ui/notice';
import { apiRequest, serverReason } from '~/lib/api-client';
import { formatDate } from '~/lib/format-date';
import { useTranslation } from '~/lib/i18n';
import { useDebouncedValue } from '~/lib/use-debounced-value';

type Buyer = { _id: string; name: string; email: string; contactNumber: string; companyName: string };
/** A link made while this editor is open: its address is known (the server keeps only a hash). */
type Fresh = { url: string; token: string };
type Outcome = { tone: 'success' | 'error'; text: string; detail?: string | undefined };

/** The same check as the server's: a phone with its country code, 6 to 20 digits and signs. */
const PHONE_RE = /^\+?[0-9 ()-]{6,20}$/;

/** The end of the chosen day in the admin's own time zone, as the server reads it. */
const endOfDay = (day: string) => new Date(`${day}T23:59:59`).toISOString();

/**
 * The selection's links, one per recipient: making one (a buyer's account, or a name with a phone
 * or an e-mail; an optional last day; prices shown or not), and for a link made now its address
 * with Copy, E-mail (through the server's outbox) and Send on WhatsApp (`wa.me` with a message
 * edited first). Any link can be revoked after a confirmation.
 */
export function LinksPanel({
  selection,
  onLinksChange,
}: {
  selection: Pick<Selection, '_id' | 'title' | 'links'>;
  onLinksChange: (links: SelectionLink[]) => void;
}) {
  const { t, i18n } = useTranslation('selections-admin');
  const [fresh, setFresh] = useState<Record<string, Fresh>>({});
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [toRevoke, setToRevoke] = useState<SelectionLink | null>(null);
  const [isRevoking, setIsRevoking] = useState(false);

  async function revoke(link: SelectionLink) {
    setIsRevoking(true);
    try {
      const answer = await apiRequest<{ link: SelectionLink }>(
        `/selections/${selection._id}/links/${link._id}/revoke`,
        { method: 'POST' },
      );
      onLinksChange(selection.links.map((l) => (l._id === link._id ? answer.link : l)));
      setOutcome({ tone: 'success', text: t('links.revokedDone', { name: link.recipient.name }) });
    } catch (caught) {
      const text = t('links.revokeFailed');
      setOutcome({ tone: 'error', text, detail: serverReason(caught, text) });
    } finally {
      setIsRevoking(false);
      setToRevoke(null);
    }
  }

  const now = Date.now();
  return (
    <section aria-labelledby="selection-links" className="space-y-4">
      <h2 id="selection-links" className="font-serif text-xl text-brand-900">
        {t('links.heading')}
      </h2>
      <p className="max-w-3xl text-sm text-gray-700">{t('links.intro')}</p>
      {outcome ? <Notice tone={outcome.tone} text={outcome.text} detail={outcome.detail} /> : null}
      <LinkForm
        selectionId={selection._id}
        onMade={(link) => {
          const { url, token, ...kept } = link;
          setFresh((all) => ({ ...all, [link._id]: { url, token } }));
          onLinksChange([...selection.links, kept]);
          setOutcome({ tone: 'success', text: t('links.made', { name: link.recipient.name }) });
        }}
      />
      {selection.links.length === 0 ? (
        <p className="text-gray-700">{t('links.none')}</p>
      ) : (
        <ul aria-label={t('links.caption')} className="space-y-3">
          {[...selection.links].reverse().map((link) => {
            const isExpired = link.expiresAt !== null && Date.parse(link.expiresAt) <= now;
            const isActive = !link.revokedAt && !isExpired;
            const made = fresh[link._id];
            return (
              <li key={link._id} className="space-y-2 rounded-md border border-gray-200 bg-white p-3">
                <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
                  <p className="font-semibold text-ink">{link.recipient.name}</p>
                  <p className="text-sm text-gray-700">
                    {[link.recipient.phone, link.recipient.email].filter(Boolean).join(' · ')}
                  </p>
                  <p className={`text-sm ${isActive ? 'text-green-800' : 'text-gray-700'}`}>
                    {link.revokedAt
                      ? t('links.revoked', { date: formatDate(link.revokedAt, i18n.language) })
                      : isExpired
                        ? t('links.expired', { date: formatDate(link.expiresAt!, i18n.language) })
                        : link.expiresAt
                          ? t('links.expires', { date: formatDate(link.expiresAt, i18n.language) })
                          : t('links.active')}
                    {link.showPrices ? ` · ${t('links.prices')}` : ''}
                  </p>
                </div>
                {isActive && made ? (
                  <SendLink link={link} made={made} title={selection.title} selectionId={selection._id} />
                ) : isActive ? (
                  <p className="text-sm text-gray-700">{t('links.tokenGone')}</p>
                ) : null}
                {isActive ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={t('links.revokeFor', { name: link.recipient.name })}
                    onClick={() => setToRevoke(link)}
                  >
                    {t('links.revoke')}
                  </Button>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      <Dialog
        open={toRevoke !== null}
        onClose={() => setToRevoke(null)}
        title={toRevoke ? t('links.revokeTitle', { name: toRevoke.recipient.name }) : ''}
        actions={
          <>
            <Button variant="secondary" onClick={() => setToRevoke(null)}>
              {t('links.cancel')}
            </Button>
            <Button variant="danger" disabled={isRevoking} onClick={() => toRevoke && void revoke(toRevoke)}>
              {t('links.revokeConfirm')}
            </Button>
          </>
        }
      >
        <p>{t('links.revokeText')}</p>
      </Dialog>
    </section>
  );
}

/** A link just made: its address, Copy, E-mail and WhatsApp with an editable message. */
function SendLink({
  link,
  made,
  title,
  selectionId,
}: {
  link: SelectionLink;
  made: Fresh;
  title: string;
  selectionId: string;
}) {
  const { t } = useTranslation('selections-admin');
  const ids = useId();
  const name = link.recipient.name;
  const [message, setMessage] = useState(() => t('links.message', { name, title, url: made.url }));
  const [said, setSaid] = useState<Outcome | null>(null);
  const [isMailing, setIsMailing] = useState(false);
  // The message goes with the address: it is put back when edited away.
  const text = message.includes(made.url) ? message : `${message.trim()} ${made.url}`;

  async function copy() {
    try {
      await navigator.clipboard.writeText(made.url);
      setSaid({ tone: 'success', text: t('links.copied') });
    } catch {
      setSaid({ tone: 'error', text: t('links.copyFailed') });
    }
  }

  async function email() {
    setIsMailing(true);
    try {
      await apiRequest(`/selections/${selectionId}/links/${link._id}/email`, {
        json: { token: made.token, message: message.replace(made.url, '').trim() },
      });
      setSaid({ tone: 'success', text: t('links.emailed', { email: link.recipient.email }) });
    } catch (caught) {
      const failed = t('links.emailFailed');
      setSaid({ tone: 'error', text: failed, detail: serverReason(caught, failed) });
    } finally {
      setIsMailing(false);
    }
  }

  return (
    <div className="space-y-2">
      <TextField
        label={t('links.address', { name })}
        value={made.url}
        readOnly
        onFocus={(e) => e.target.select()}
      />
      <TextAreaField
        id={`${ids}-message`}
        label={t('links.messageLabel', { name })}
        value={message}
        onChange={(event) => setMessage(event.target.value)}
        rows={3}
        maxLength={1000}
      />
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={() => void copy()} aria-label={t('links.copyFor', { name })}>
          {t('links.copy')}
        </Button>
        {link.recipient.email ? (
          <Button
            size="sm"
            variant="secondary"
            disabled={isMailing}
            onClick={() => void email()}
            aria-label={t('links.emailFor', { name })}
          >
            {isMailing ? t('links.emailing') : t('links.email_action')}
          </Button>
        ) : (
          <span className="self-center text-sm text-gray-700">{t('links.noEmailAddress')}</span>
        )}
        <a
          href={whatsAppUrl(link.recipient.phone ?? '', text)}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('links.whatsAppFor', { name })}
          className={buttonClasses('secondary', 'sm')}
        >
          {t('links.whatsApp')}
        </a>
      </div>
      {said ? <Notice tone={said.tone} text={said.text} detail={said.detail} /> : null}
    </div>
  );
}

type LinkMade = SelectionLink & Fresh;

/** Makes a link: for a buyer's account (searched) or for a name with a phone or an e-mail. */
function LinkForm({ selectionId, onMade }: { selectionId: string; onMade: (link: LinkMade) => void }) {
  const { t } = useTranslation('selections-admin');
  const ids = useId();
  const [kind, setKind] = useState<'account' | 'person'>('account');
  const [query, setQuery] = useState('');
  const settled = useDebouncedValue(query.trim(), 300);
  const [buyers, setBuyers] = useState<Buyer[] | null>(null);
  const [searchError, setSearchError] = useState<string | null>(null);
  const [buyer, setBuyer] = useState<Buyer | null>(null);
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [email, setEmail] = useState('');
  const [expires, setExpires] = useState('');
  const [showPrices, setShowPrices] = useState(false);
  const [problem, setProblem] = useState<{ text: string; detail?: string } | null>(null);
  const [isMaking, setIsMaking] = useState(false);

  useEffect(() => {
    if (kind !== 'account' || buyer || !settled) {
      setBuyers(null);
      return;
    }
    let isCurrent = true;
    setSearchError(null);
    apiRequest<{ buyers: Buyer[] }>(`/admin/orders/on-behalf/buyers?q=${encodeURIComponent(settled)}`)
      .then((answer) => isCurrent && setBuyers(answer.buyers))
      .catch(
        (caught: unknown) => isCurrent && setSearchError(serverReason(caught, t('links.buyerSearchFailed'))),
      );
    return () => {
      isCurrent = false;
    };
  }, [kind, settled, buyer, t]);

  function recipient() {
    if (kind === 'account') {
      if (!buyer) return null;
      const buyerPhone = buyer.contactNumber.trim();
      return {
        name: buyer.name,
        userId: buyer._id,
        ...(buyer.email ? { email: buyer.email } : {}),
        ...(PHONE_RE.test(buyerPhone) ? { phone: buyerPhone } : {}),
      };
    }
    return {
      name: name.trim(),
      ...(phone.trim() ? { phone: phone.trim() } : {}),
      ...(email.trim() ? { email: email.trim() } : {}),
    };
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    const to = recipient();
    if (!to) return setProblem({ text: t('links.needBuyer') });
    if (kind === 'person' && !to.name) return setProblem({ text: t('links.needName') });
    if (kind === 'person' && !phone.trim() && !email.trim())
      return setProblem({ text: t('links.needContact') });
    setIsMaking(true);
    try {
      const answer = await apiRequest<{ link: LinkMade }>(`/selections/${selectionId}/links`, {
        json: {
          recipient: to,
          ...(expires ? { expiresAt: endOfDay(expires) } : {}),
          showPrices,
        },
      });
      onMade(answer.link);
      setBuyer(null);
      setQuery('');
      setName('');
      setPhone('');
      setEmail('');
      setExpires('');
      setShowPrices(false);
    } catch (caught) {
      const text = t('links.makeFailed');
      setProblem({ text, detail: serverReason(caught, text) });
    } finally {
      setIsMaking(false);
    }
  }

  return (
    <form
      onSubmit={(event) => void submit(event)}
      aria-labelledby={`${ids}-make`}
      className="space-y-3 rounded-md border border-brand-100 bg-brand-50/40 p-4"
      noValidate
    >
      <h3 id={`${ids}-make`} className="font-semibold text-ink">
        {t('links.make')}
      </h3>
      <fieldset className="flex flex-wrap gap-4">
        <legend className="mb-1 text-sm font-medium text-ink">{t('links.recipientKind')}</legend>
        {(['account', 'person'] as const).map((k) => (
          <label key={k} className="flex items-center gap-2 text-sm">
            <input type="radio" name={`${ids}-kind`} checked={kind === k} onChange={() => setKind(k)} />
            {k === 'account' ? t('links.kindAccount') : t('links.kindPerson')}
          </label>
        ))}
      </fieldset>
      {kind === 'account' ? (
        buyer ? (
          <div className="flex flex-wrap items-center gap-3">
            <p className="font-semibold text-ink">
              {t('links.chosenBuyer', { name: buyer.name, email: buyer.email })}
            </p>
            <Button size="sm" variant="secondary" onClick={() => setBuyer(null)}>
              {t('links.changeBuyer')}
            </Button>
          </div>
        ) : (
          <div className="space-y-2">
            <TextField
              label={t('links.buyerSearch')}
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              className="max-w-md"
            />
            {searchError ? (
              <Notice tone="error" text={t('links.buyerSearchFailed')} detail={searchError} />
            ) : null}
            {buyers && buyers.length === 0 ? (
              <p className="text-sm text-gray-700">{t('links.noBuyers')}</p>
            ) : null}
            {buyers?.length ? (
              <BuyerChoices
                buyers={buyers}
                pickLabel={(b) => t('links.pickBuyer', { name: b.name })}
                onPick={setBuyer}
              />
            ) : null}
          </div>
        )
      ) : (
        <div className="grid max-w-3xl gap-3 sm:grid-cols-3">
          <TextField
            label={t('links.name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
          />
          <TextField
            label={t('links.phone')}
            type="tel"
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
            autoComplete="off"
          />
          <TextField
            label={t('links.email')}
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            autoComplete="off"
          />
        </div>
      )}
      <div className="flex flex-wrap items-end gap-4">
        <TextField
          label={t('links.expiresAt')}
          type="date"
          value={expires}
          onChange={(e) => setExpires(e.target.value)}
          className="w-48"
        />
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input type="checkbox" checked={showPrices} onChange={(e) => setShowPrices(e.target.checked)} />
          {t('links.showPrices')}
        </label>
      </div>
      {problem ? <Notice tone="error" text={problem.text} detail={problem.detail} /> : null}
      <Button type="submit" disabled={isMaking}>
        {isMaking ? t('links.making') : t('links.make')}
      </Button>
    </form>
  );
}

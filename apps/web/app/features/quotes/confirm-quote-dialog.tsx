import type { ReactNode } from 'react';
import { useTranslation } from '~/lib/i18n';
import { defaultValidUntil } from '@catalogue/shared/domain/quotation';
import type { QuoteRevision } from '@catalogue/shared/schemas/quotation';
import { Button, type ButtonVariant } from '~/components/ui/button';
import { Dialog } from '~/components/ui/dialog';
import { formatDateTime } from '~/lib/format-date';
import { formatMoney } from './quote-format';

/** What is confirmed of a revision; `validUntil` null when it is not known (shown as "—"). */
export type QuoteFacts = { revision: number; total: number; currency: string; validUntil: string | null };

/**
 * The facts of a revision as its confirmation shows them: the total with taxes when it has them,
 * and a draft without a validity of its own valid for the default days from its sending (`sendingAt`).
 */
export function factsOf(quote: QuoteRevision, sendingAt?: Date): QuoteFacts {
  return {
    revision: quote.revision,
    total: quote.grandTotal ?? quote.total,
    currency: quote.currency,
    validUntil:
      quote.validUntil ??
      (sendingAt && quote.state === 'draft' ? defaultValidUntil(sendingAt).toISOString() : null),
  };
}

type ConfirmQuoteDialogProps = {
  open: boolean;
  /** The question: "Accept this quotation?", "Send …?", "Withdraw …?". */
  title: string;
  /** The revision the step acts on: its number, total and validity are what is confirmed. */
  facts: QuoteFacts;
  confirmLabel: string;
  confirmVariant?: ButtonVariant;
  isBusy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** Fields the step takes (the buyer's PO number), under the facts. */
  children?: ReactNode;
};

/**
 * The confirmation of a step on a quotation that cannot be taken back (accept, send, withdraw):
 * which revision, its total and until when it is valid, so nobody accepts, sends or withdraws
 * another revision or amount than the one they read.
 */
export function ConfirmQuoteDialog({
  open,
  title,
  facts,
  confirmLabel,
  confirmVariant = 'primary',
  isBusy,
  onConfirm,
  onCancel,
  children,
}: ConfirmQuoteDialogProps) {
  const { t, i18n } = useTranslation('quotes');
  const close = () => {
    if (!isBusy) onCancel();
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      title={title}
      hideCloseButton
      actions={
        <>
          <Button variant="secondary" onClick={close} disabled={isBusy}>
            {t('confirm.back')}
          </Button>
          <Button variant={confirmVariant} onClick={onConfirm} disabled={isBusy} aria-busy={isBusy}>
            {isBusy ? t('decide.working') : confirmLabel}
          </Button>
        </>
      }
    >
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-semibold">{t('confirm.revision')}</dt>
        <dd>{facts.revision}</dd>
        <dt className="font-semibold">{t('confirm.total')}</dt>
        <dd>{formatMoney(facts.total, facts.currency)}</dd>
        <dt className="font-semibold">{t('confirm.validUntil')}</dt>
        <dd>{facts.validUntil ? formatDateTime(facts.validUntil, i18n.language) : '—'}</dd>
      </dl>
      {children ? <div className="mt-4">{children}</div> : null}
    </Dialog>
  );
}

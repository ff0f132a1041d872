import { useState } from 'react';
import type { PriceRequestRefusal } from '@catalogue/shared/domain/accounts';
import { Button } from '~/components/ui/button';
import { ApiError, apiRequest } from '~/lib/api-client';
import { useTranslation } from '~/lib/i18n';

type ResendState = 'idle' | 'sending' | 'sent' | 'limited' | 'failed';

/**
 * Why the account cannot send its price request yet: an unverified e-mail address (with a
 * "send again" for the link) or a trade account awaiting approval. The enquiry list stays as it is.
 */
export function AccountHoldNotice({ code }: { code: PriceRequestRefusal }) {
  const { t } = useTranslation('cart');
  const [resend, setResend] = useState<ResendState>('idle');

  async function sendAgain() {
    setResend('sending');
    try {
      await apiRequest('/users/verify-email/resend', { method: 'POST' });
      setResend('sent');
    } catch (error) {
      setResend(error instanceof ApiError && error.status === 429 ? 'limited' : 'failed');
    }
  }

  const isUnverified = code === 'EMAIL_NOT_VERIFIED';
  return (
    <div
      role="alert"
      className="mt-4 rounded-md border border-amber-700 bg-amber-50 px-4 py-3 text-amber-950"
    >
      <p className="font-semibold">{t(isUnverified ? 'hold.unverifiedTitle' : 'hold.pendingTitle')}</p>
      <p className="mt-1 text-sm">{t(isUnverified ? 'hold.unverified' : 'hold.pending')}</p>
      {isUnverified ? (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <Button
            type="button"
            variant="secondary"
            disabled={resend === 'sending' || resend === 'sent'}
            aria-busy={resend === 'sending' || undefined}
            onClick={() => void sendAgain()}
          >
            {resend === 'sending' ? t('hold.sending') : t('hold.sendAgain')}
          </Button>
          {resend === 'sent' || resend === 'limited' || resend === 'failed' ? (
            <p role="status" className="text-sm">
              {t(`hold.${resend}`)}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

import { useState } from 'react';
import type { UserListItem } from '@catalogue/shared/schemas/user';
import { Button } from '~/components/ui/button';
import { Dialog } from '~/components/ui/dialog';
import { TextAreaField } from '~/components/ui/field';
import { ApiError, apiRequest } from '~/lib/api-client';
import { useTranslation } from '~/lib/i18n';

/** One change an administrator can make to an account, as the API names it. */
export type AccountAction =
  | { kind: 'approve' | 'reject' | 'disable' | 'enable'; status: 'active' | 'rejected' | 'disabled' }
  | { kind: 'promote' | 'demote'; role: 'admin' | 'user' };

/** The changes that make sense for an account in its present state. */
export function actionsFor(user: UserListItem): AccountAction[] {
  const byStatus: Record<string, AccountAction[]> = {
    pending: [
      { kind: 'approve', status: 'active' },
      { kind: 'reject', status: 'rejected' },
    ],
    rejected: [{ kind: 'approve', status: 'active' }],
    active: [{ kind: 'disable', status: 'disabled' }],
    disabled: [{ kind: 'enable', status: 'active' }],
  };
  const role: AccountAction =
    user.role === 'admin' ? { kind: 'demote', role: 'user' } : { kind: 'promote', role: 'admin' };
  return [...(byStatus[user.status] ?? []), role];
}

/** Sends one change; answers the account as the server now has it. */
async function apply(user: UserListItem, action: AccountAction, reason: string): Promise<UserListItem> {
  const answer =
    'status' in action
      ? await apiRequest<{ user: UserListItem }>(`/users/${user._id}/status`, {
          method: 'PUT',
          json: { status: action.status, ...(reason.trim() ? { reason: reason.trim() } : {}) },
        })
      : await apiRequest<{ user: UserListItem }>(`/users/${user._id}/role`, {
          method: 'PUT',
          json: { role: action.role },
        });
  return answer.user;
}

/** The account's state in words: approval status, and whether its e-mail address is confirmed. */
export function AccountStatusCell({ user }: { user: UserListItem }) {
  const { t } = useTranslation('admin-content');
  return (
    <span className="flex flex-col gap-0.5">
      <span className="font-medium">{t(`accounts.status.${user.status}`)}</span>
      <span className="text-xs text-gray-700">
        {t(user.emailVerified ? 'accounts.verified' : 'accounts.unverified')}
      </span>
      {user.role === 'admin' ? <span className="text-xs text-brand-900">{t('accounts.admin')}</span> : null}
    </span>
  );
}

/**
 * The buttons of one account's row; each change is asked once more in a dialog (a rejection
 * with the reason mailed to the buyer) and the row shows the server's answer.
 */
export function AccountActions({
  user,
  nameId,
  onChanged,
}: {
  user: UserListItem;
  /** The id of the row's name cell, which describes each button (the row's context for a screen reader). */
  nameId: string;
  onChanged: (user: UserListItem) => void;
}) {
  const { t } = useTranslation('admin-content');
  const [action, setAction] = useState<AccountAction | null>(null);
  const [reason, setReason] = useState('');
  const [isWorking, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    if (isWorking) return;
    setAction(null);
    setReason('');
    setError(null);
  };

  async function confirm() {
    if (!action) return;
    setWorking(true);
    setError(null);
    try {
      onChanged(await apply(user, action, reason));
      setWorking(false);
      setAction(null);
      setReason('');
    } catch (failure) {
      setError(failure instanceof ApiError && failure.status ? failure.message : t('common.errorFallback'));
      setWorking(false);
    }
  }

  return (
    <div className="flex flex-wrap gap-2">
      {actionsFor(user).map((candidate) => (
        <Button
          key={candidate.kind}
          size="sm"
          variant={candidate.kind === 'disable' || candidate.kind === 'reject' ? 'danger' : 'secondary'}
          aria-describedby={nameId}
          onClick={() => setAction(candidate)}
        >
          {t(`accounts.action.${candidate.kind}`)}
        </Button>
      ))}
      <Dialog
        open={action !== null}
        onClose={close}
        title={action ? t(`accounts.confirm.${action.kind}`, { name: user.name, email: user.email }) : ''}
        hideCloseButton
        actions={
          <>
            <Button variant="secondary" onClick={close} disabled={isWorking}>
              {t('common.cancel')}
            </Button>
            <Button
              variant={action?.kind === 'disable' || action?.kind === 'reject' ? 'danger' : 'primary'}
              onClick={() => void confirm()}
              disabled={isWorking}
              aria-busy={isWorking || undefined}
            >
              {isWorking ? t('accounts.working') : t('accounts.confirmButton')}
            </Button>
          </>
        }
      >
        {action?.kind === 'reject' ? (
          <TextAreaField
            label={t('accounts.reason')}
            hint={t('accounts.reasonHint')}
            value={reason}
            maxLength={1000}
            onChange={(event) => setReason(event.target.value)}
          />
        ) : null}
        {error ? (
          <p role="alert" className="mt-3 text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </Dialog>
    </div>
  );
}

import { useState } from 'react';
import type { UserListItem } from '@catalogue/shared/schemas/user';
import { Button } from '~/components/ui/button';
import { Dialog } from '~/components/ui/dialog';
import { TextAreaField } from '~/components/ui/field';
import { apiRequest, serverReason } from '~/lib/api-client';
import { useRouteWrite } from '~/lib/route-action';
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

/** One change to an account, as the users screen's route `clientAction` receives it. */
export type AccountWrite =
  | { intent: 'status'; id: string; status: 'active' | 'rejected' | 'disabled'; reason: string }
  | { intent: 'role'; id: string; role: 'admin' | 'user' };

/** The write that makes `action` to `user` (a rejection's reason, when given, is mailed to the buyer). */
export function accountWrite(user: UserListItem, action: AccountAction, reason: string): AccountWrite {
  return 'status' in action
    ? { intent: 'status', id: user._id, status: action.status, reason: reason.trim() }
    : { intent: 'role', id: user._id, role: action.role };
}

/** Performs one change (the route's `clientAction`); answers the account as the server now has it. */
export function sendAccountWrite(write: AccountWrite): Promise<{ user: UserListItem }> {
  return write.intent === 'status'
    ? apiRequest(`/users/${write.id}/status`, {
        method: 'PUT',
        json: { status: write.status, ...(write.reason ? { reason: write.reason } : {}) },
      })
    : apiRequest(`/users/${write.id}/role`, { method: 'PUT', json: { role: write.role } });
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
 * with the reason mailed to the buyer). The write goes through the route's action, after which
 * the router reads the list again, so the row shows the account as the server now has it.
 */
export function AccountActions({
  user,
  nameId,
}: {
  user: UserListItem;
  /** The id of the row's name cell, which describes each button (the row's context for a screen reader). */
  nameId: string;
}) {
  const { t } = useTranslation('admin-content');
  const [action, setAction] = useState<AccountAction | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const change = useRouteWrite<AccountWrite>();
  const isWorking = change.isPending;

  const close = () => {
    if (isWorking) return;
    setAction(null);
    setReason('');
    setError(null);
  };

  async function confirm() {
    if (!action) return;
    setError(null);
    try {
      await change.write(accountWrite(user, action, reason));
      setAction(null);
      setReason('');
    } catch (failure) {
      setError(serverReason(failure, t('common.errorFallback')));
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

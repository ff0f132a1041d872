import { useModalDialog } from './use-modal-dialog';
import { useId, type ReactNode } from 'react';
import { useTranslation } from '~/lib/i18n';
import { CloseIcon } from '~/components/ui/icons';

type DialogProps = {
  open: boolean;
  /** Called on Escape, on the close button and on a click on the backdrop. */
  onClose: () => void;
  title: ReactNode;
  children?: ReactNode;
  /** Buttons under the content. */
  actions?: ReactNode;
  /** Hides the corner close button when the actions already offer a way out. */
  hideCloseButton?: boolean;
  className?: string;
};

/**
 * A modal dialog on the native `<dialog>` element: the browser traps focus, closes on Escape and
 * returns focus to where it was. Where `showModal` is missing (old browsers, jsdom) it still opens.
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
  actions,
  hideCloseButton,
  className = '',
}: DialogProps) {
  const { t } = useTranslation('common');
  const ref = useModalDialog(open);
  const titleId = useId();

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      className={`m-auto w-[min(32rem,calc(100vw-2rem))] rounded-lg bg-white p-0 text-ink shadow-xl backdrop:bg-black/50 ${className}`}
    >
      {open ? (
        <div className="relative p-6">
          <h2 id={titleId} className="pr-8 font-serif text-xl text-brand-900">
            {title}
          </h2>
          {hideCloseButton ? null : (
            <button
              type="button"
              onClick={onClose}
              aria-label={t('close')}
              className="absolute right-3 top-3 rounded p-2 text-gray-700 hover:bg-gray-100"
            >
              <CloseIcon className="size-5" />
            </button>
          )}
          {children ? <div className="mt-3">{children}</div> : null}
          {actions ? <div className="mt-6 flex flex-wrap justify-end gap-3">{actions}</div> : null}
        </div>
      ) : null}
    </dialog>
  );
}

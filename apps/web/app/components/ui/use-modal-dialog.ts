import { useEffect, useRef } from 'react';

/**
 * Keeps a native `<dialog>` shown as a modal while `open` is true (focus stays inside, the page
 * behind is inert) and closed otherwise; falls back to the `open` attribute where showModal is missing.
 */
export function useModalDialog(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);
  return ref;
}

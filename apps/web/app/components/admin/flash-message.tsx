import { useLocation } from 'react-router';
import { Notice } from '~/components/ui/notice';

/** Navigation state that carries a one-time notice to the next admin screen. */
export type FlashState = { flash?: string };

/**
 * The notice a previous screen left ('Product added successfully!' on the dashboard, 'Product
 * updated.' on the product list), announced politely. It belongs to the history entry the previous
 * screen created, so it does not follow the admin to other pages.
 */
export function FlashMessage() {
  const { state } = useLocation() as { state: FlashState | null };
  if (!state?.flash) return null;
  return <Notice tone="success" text={state.flash} className="mb-4" />;
}

import { useCallback, useSyncExternalStore } from 'react';
import {
  quantityInList,
  type EnquiryItemInput,
  type EnquiryLine,
} from '@catalogue/shared/domain/enquiry-list';
import { enquiryStore, getServerEnquirySnapshot } from '~/lib/enquiry/enquiry-store';
import { enquiryActions } from '~/lib/enquiry/enquiry-sync';

export type EnquiryListApi = {
  items: readonly EnquiryLine[];
  /** Number of lines (distinct products), as the header badge shows it. */
  count: number;
  /** 0 when the product is not in the list. */
  quantityOf: (productId: string) => number;
  add: (product: EnquiryItemInput, quantity?: number) => void;
  setQuantity: (productId: string, quantity: number) => void;
  remove: (productId: string) => void;
  clear: () => void;
};

/**
 * The visitor's enquiry list: read it anywhere, change it from any card, detail page or the cart.
 * Changes are kept in this browser and, when logged in, on the server too.
 */
export function useEnquiryList(): EnquiryListApi {
  const items = useSyncExternalStore(
    enquiryStore.subscribe,
    enquiryStore.getSnapshot,
    getServerEnquirySnapshot,
  );
  const quantityOf = useCallback((productId: string) => quantityInList(items, productId), [items]);
  return {
    items,
    count: items.length,
    quantityOf,
    add: enquiryActions.add,
    setQuantity: enquiryActions.setQuantity,
    remove: enquiryActions.remove,
    clear: enquiryActions.clear,
  };
}

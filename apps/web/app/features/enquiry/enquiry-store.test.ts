import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ENQUIRY_STORAGE_KEY, createEnquiryStore, enquiryStore } from '~/features/enquiry/enquiry-store';
import { useEnquiryList } from '~/features/enquiry/use-enquiry-list';

const ring = {
  _id: 'ring',
  name: 'Ring',
  code: 'R1',
  price: 0,
  imageUrl: '/media/a',
  imageurl: '/media/a',
  cloudinaryId: 'a',
};
const pendant = {
  _id: 'pendant',
  name: 'Pendant',
  code: '',
  price: 5,
  imageUrl: null,
  imageurl: null,
  cloudinaryId: null,
};

const stored = () => JSON.parse(localStorage.getItem(ENQUIRY_STORAGE_KEY) ?? 'null');

describe('enquiry store', () => {
  beforeEach(() => {
    localStorage.clear();
    enquiryStore.reload();
  });

  it('writes every change to local storage `cart`, and an empty list as []', () => {
    enquiryStore.add(ring);
    expect(stored()).toEqual([expect.objectContaining({ _id: 'ring', quantity: 1 })]);
    enquiryStore.add(ring, 2);
    expect(stored()[0].quantity).toBe(3);
    enquiryStore.setQuantity('ring', 0);
    expect(stored()[0].quantity).toBe(1);
    enquiryStore.remove('ring');
    expect(localStorage.getItem(ENQUIRY_STORAGE_KEY)).toBe('[]');
    enquiryStore.add(pendant);
    enquiryStore.clear();
    expect(localStorage.getItem(ENQUIRY_STORAGE_KEY)).toBe('[]');
  });

  it('loads and normalises what an earlier visit stored', () => {
    localStorage.setItem(
      ENQUIRY_STORAGE_KEY,
      JSON.stringify([
        { productId: 'ring', quantity: 0, price: '3' },
        { _id: 'ring', quantity: 2 },
      ]),
    );
    enquiryStore.reload();
    expect(enquiryStore.getSnapshot()).toEqual([
      expect.objectContaining({ _id: 'ring', quantity: 3, price: 3 }),
    ]);
  });

  it('treats damaged storage as an empty list', () => {
    localStorage.setItem(ENQUIRY_STORAGE_KEY, '{not json');
    enquiryStore.reload();
    expect(enquiryStore.getSnapshot()).toEqual([]);
  });

  it('keeps working in memory when storage refuses writes', () => {
    const store = createEnquiryStore(() => ({
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    }));
    store.add(ring);
    expect(store.getSnapshot()).toHaveLength(1);
  });

  it('does not notify when nothing changed', () => {
    const store = createEnquiryStore(() => null);
    store.add(ring);
    let calls = 0;
    store.subscribe(() => (calls += 1));
    store.setQuantity('ring', 1);
    store.remove('nothing');
    expect(calls).toBe(0);
    store.setQuantity('ring', 4);
    expect(calls).toBe(1);
  });
});

describe('useEnquiryList', () => {
  beforeEach(() => {
    localStorage.clear();
    enquiryStore.reload();
  });

  it('exposes the interface every screen uses, and all users see one list', () => {
    const a = renderHook(() => useEnquiryList());
    const b = renderHook(() => useEnquiryList());
    expect(a.result.current.count).toBe(0);
    expect(a.result.current.quantityOf('ring')).toBe(0);

    act(() => a.result.current.add(ring));
    act(() => a.result.current.add(pendant, 4));
    expect(b.result.current.count).toBe(2);
    expect(b.result.current.quantityOf('pendant')).toBe(4);

    act(() => b.result.current.setQuantity('pendant', 7));
    expect(a.result.current.quantityOf('pendant')).toBe(7);

    act(() => a.result.current.remove('ring'));
    expect(b.result.current.items.map((l) => l._id)).toEqual(['pendant']);

    act(() => b.result.current.clear());
    expect(a.result.current.count).toBe(0);
  });
});

import { useEffect } from 'react';
import { ENQUIRY_STORAGE_KEY, enquiryStore } from '~/lib/enquiry/enquiry-store';
import { loadEnquiryList } from '~/lib/enquiry/enquiry-sync';

/**
 * Mounted once in the page shell: loads the list when the page starts (the server's when logged
 * in) and keeps this tab in step with the others, whose changes arrive as `storage`
 * events (a `null` key means another tab cleared all of local storage).
 */
export function useEnquiryLoading() {
  useEffect(() => {
    void loadEnquiryList();
    const onStorage = (event: StorageEvent) => {
      if (event.key === ENQUIRY_STORAGE_KEY || event.key === null) enquiryStore.reload();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
}

import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '~/lib/i18n';
import { useLocation, useSearchParams } from 'react-router';
import { PAGE_SIZE, TIMINGS_MS } from '@catalogue/shared/domain/limits';
import { productPageSchema, type Product } from '@catalogue/shared/schemas/product';
import { Button, ButtonLink } from '~/components/ui/button';
import { Dialog } from '~/components/ui/dialog';
import { TextField } from '~/components/ui/field';
import { Pagination } from '~/components/ui/pagination';
import { Spinner } from '~/components/ui/spinner';
import { adminMeta } from '~/features/seo/admin-meta';
import { FlashMessage } from '~/components/admin/flash-message';
import { LoadError, Notice } from '~/components/ui/notice';
import { ProductTable } from '~/features/admin/product-table';
import { useDebouncedValue } from '~/lib/use-debounced-value';
import { pageHref, readPage } from '~/features/catalogue/listing-url';
import { ApiError, getJson } from '~/lib/api-client';
import { performWrite, revalidateAfterWrites, useRouteWrite } from '~/lib/route-action';
import { settle, useLoadedQuery } from '~/lib/route-data';
import { sendProductListWrite, type ProductListWrite } from '~/features/admin/product-list-write';
import type { Route } from './+types/product-list';

type Message = { tone: 'success' | 'error'; text: string; detail?: string };

/** The page of products the address asks for (`?page`, `?search`). */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const params = new URL(request.url).searchParams;
  const query = new URLSearchParams({
    page: String(readPage(params)),
    limit: String(PAGE_SIZE.adminProducts),
  });
  const search = params.get('search') ?? '';
  if (search) query.set('search', search);
  return settle(getJson(`/products/admin/paginated?${query}`, productPageSchema, { signal: request.signal }));
}

/** Deletes a product (the confirmation dialog sends it). */
export async function clientAction({ request }: Route.ClientActionArgs) {
  return performWrite<ProductListWrite>(request, sendProductListWrite);
}

export const shouldRevalidate = revalidateAfterWrites;

export function HydrateFallback() {
  return <ProductListScreen loaded={null} />;
}

export default function ProductListPage({ loaderData }: Route.ComponentProps) {
  return <ProductListScreen loaded={loaderData} />;
}

/**
 * All Products: server-side paging (10), search by name, code or category as you type
 * (debounced), Edit, and Delete after a confirmation. Page and search live in the address, so Back
 * and a reload keep them.
 */
function ProductListScreen({ loaded }: { loaded: Route.ComponentProps['loaderData'] | null }) {
  const { t } = useTranslation('admin');
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const page = readPage(params);
  const search = params.get('search') ?? '';
  const [typed, setTyped] = useState(search);
  const settled = useDebouncedValue(typed, TIMINGS_MS.searchDebounce);
  const [toDelete, setToDelete] = useState<Product | null>(null);
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const [notice, setNotice] = useState<Message | null>(null);

  // What the admin typed, once settled, becomes the address (a new search starts at page 1). Only a
  // change of the typed text acts here, so Back to an older search is not undone.
  const lastSettled = useRef(settled);
  useEffect(() => {
    if (lastSettled.current === settled) return;
    lastSettled.current = settled;
    if (settled.trim() === search) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (settled.trim()) next.set('search', settled.trim());
        else next.delete('search');
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  }, [settled, search, setParams]);

  const { data, error, isLoading, reload } = useLoadedQuery(loaded);
  const deletion = useRouteWrite<ProductListWrite>();

  const confirmDelete = async () => {
    const product = toDelete;
    setToDelete(null);
    if (!product) return;
    setDeletingId(product._id);
    setNotice(null);
    try {
      // The router reloads the page once the product is gone.
      await deletion.write({ intent: 'delete', id: product._id });
      setNotice({ tone: 'success', text: t('productList.deleted') });
      // The last product of a later page: show the page before it rather than an empty one.
      if (data && data.products.length === 1 && page > 1) {
        setParams((current) => {
          const next = new URLSearchParams(current);
          next.set('page', String(page - 1));
          return next;
        });
      }
    } catch (reason) {
      setNotice({
        tone: 'error',
        text: t('productList.deleteFailed'),
        ...(reason instanceof ApiError ? { detail: reason.message } : {}),
      });
    } finally {
      setDeletingId(null);
    }
  };

  let body: React.ReactNode;
  if (error) {
    body = (
      <LoadError
        message={t('productList.failed')}
        detail={error.message}
        onRetry={reload}
        retryLabel={t('retry')}
      />
    );
  } else if (!data) {
    body = <Spinner size="lg" label={t('productList.loading')} className="w-full py-16" />;
  } else if (data.products.length === 0) {
    body = <p className="py-8 text-center text-gray-700">{t('productList.empty')}</p>;
  } else {
    body = (
      <>
        <ProductTable products={data.products} onDelete={setToDelete} deletingId={deletingId} />
        <p className="mt-4 text-center text-sm text-gray-700">
          {t('productList.pageOf', { page: data.currentPage, total: data.totalPages })}
          {' · '}
          {t('productList.total', { count: data.totalItems })}
        </p>
        <Pagination
          className="mt-4"
          currentPage={data.currentPage}
          totalPages={data.totalPages}
          hrefFor={(p) => pageHref(pathname, params, p)}
        />
      </>
    );
  }

  return (
    <section>
      <FlashMessage />
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <h1 className="font-serif text-3xl text-brand-900">{t('productList.title')}</h1>
        <ButtonLink to="/addproduct" size="sm">
          {t('productList.addProduct')}
        </ButtonLink>
      </div>
      <form role="search" className="mb-4 max-w-md" onSubmit={(e) => e.preventDefault()}>
        <TextField
          label={t('productList.searchLabel')}
          type="search"
          name="search"
          placeholder={t('productList.searchPlaceholder')}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          maxLength={100}
        />
      </form>
      {notice ? (
        <Notice tone={notice.tone} text={notice.text} detail={notice.detail} className="mb-4" />
      ) : null}
      <div aria-busy={isLoading} className={isLoading && data ? 'opacity-60' : undefined}>
        {body}
      </div>
      <Dialog
        open={toDelete !== null}
        onClose={() => setToDelete(null)}
        title={t('productList.deleteTitle')}
        actions={
          <>
            <Button variant="secondary" onClick={() => setToDelete(null)}>
              {t('product.cancel')}
            </Button>
            <Button variant="danger" onClick={() => void confirmDelete()}>
              {t('productList.delete')}
            </Button>
          </>
        }
      >
        <p>{t('productList.confirmDelete')}</p>
        {toDelete ? (
          <p className="mt-2 text-sm text-gray-700">
            {toDelete.name} ({toDelete.code})
          </p>
        ) : null}
      </Dialog>
    </section>
  );
}

export function meta(args: Route.MetaArgs) {
  return adminMeta(args, 'productList.title');
}
